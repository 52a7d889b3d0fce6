import { notFound } from '../http/errors.ts';

/** Spec 01: the answer for a character that is missing or someone else's. */
export const CHARACTER_NOT_FOUND = 'Character not found';

/** Every query is scoped to the owner, so a character (or its row) that is missing or someone else's looks the same: 404. */
export function found<T extends object | undefined>(row: T): NonNullable<T> {
  if (!row) throw notFound(CHARACTER_NOT_FOUND);
  return row;
}

/** The same refusal as `found`, from the player's character ids (catchUp answers them). */
export function ownedBy(characterIds: readonly string[], characterId: string): void {
  if (!characterIds.includes(characterId)) throw notFound(CHARACTER_NOT_FOUND);
}
