import type { CharacterView } from '@rpg/contract';
import { MAX_CHARACTERS_PER_USER } from '@rpg/game';

/** The server's active character (spec 01 section 4: exactly one when any exist). */
export function activeCharacter(characters: readonly CharacterView[]): CharacterView | null {
  return characters.find((character) => character.isActive) ?? null;
}

/** Spec 01 section 5: at most 2 characters per player. */
export function atCharacterLimit(count: number): boolean {
  return count >= MAX_CHARACTERS_PER_USER;
}

/** Spec 01 section 2, the game portal at 2 characters (its own text; the limit screen keeps spec 03's). */
export const PORTAL_LIMIT_NOTICE = `You have reached the maximum number of characters (${MAX_CHARACTERS_PER_USER}). Delete a character to create a new one.`;

/** Spec 03 §8 'Character Limit Reached – You can only have up to 2 characters. Delete one to create a new character.' */
export const CHARACTER_LIMIT_NOTICE = `You can only have up to ${MAX_CHARACTERS_PER_USER} characters. Delete one to create a new character.`;

/** Spec 01 section 2, game hub: the character a screen was showing is no longer the player's. */
export function isCharacterLost(characters: readonly CharacterView[], shownId: string | null): boolean {
  return shownId !== null && !characters.some((character) => character.id === shownId);
}
