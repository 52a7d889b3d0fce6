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

export const CHARACTER_LIMIT_NOTICE = `You have reached the maximum number of characters (${MAX_CHARACTERS_PER_USER}). Delete a character to create a new one.`;

/** Spec 01 section 2, game hub: the character a screen was showing is no longer the player's. */
export function isCharacterLost(characters: readonly CharacterView[], shownId: string | null): boolean {
  return shownId !== null && !characters.some((character) => character.id === shownId);
}
