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
