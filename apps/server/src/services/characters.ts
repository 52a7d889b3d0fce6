import { characterNotFound } from '@rpg/game';

/** Every query is scoped to the owner, so a character (or its row) that is missing or someone else's looks the same: 404. */
export function found<T extends object | undefined>(row: T): NonNullable<T> {
  if (!row) throw characterNotFound();
  return row;
}

/** The same refusal as `found`, from the player's character ids (catchUp answers them). */
export function ownedBy(characterIds: readonly string[], characterId: string): void {
  if (!characterIds.includes(characterId)) throw characterNotFound();
}
