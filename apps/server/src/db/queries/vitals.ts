import { regenerateMana } from '@rpg/game';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { playerCharacterAttributes } from '../schema/index.ts';

const manaSaved = prepared('mana_saved', (db) =>
  db
    .update(playerCharacterAttributes)
    .set({ currentMana: sql`${sql.placeholder('currentMana')}::int`, manaUpdatedAt: sql`${sql.placeholder('manaUpdatedAt')}::timestamptz` })
    .where(eq(playerCharacterAttributes.characterId, sql.placeholder('characterId'))),
);

/**
 * Spec 02 §4 "Mana": +1 per 30 s up to max, computed lazily from the stored
 * timestamp (DECISIONS §3): the row brought up to date, or null when nothing moved.
 */
export function manaRegenerated<A extends Pick<typeof playerCharacterAttributes.$inferSelect, 'currentMana' | 'maxMana' | 'manaUpdatedAt'>>(
  attributes: A,
  now: Date,
  timeScale: number,
): A | null {
  const next = regenerateMana(attributes.currentMana, attributes.maxMana, attributes.manaUpdatedAt.getTime(), now.getTime(), timeScale);
  if (next.currentMana === attributes.currentMana && next.lastRegenAt === attributes.manaUpdatedAt.getTime()) return null;
  return { ...attributes, currentMana: next.currentMana, manaUpdatedAt: new Date(next.lastRegenAt) };
}

/**
 * `attributes` with the mana regenerated up to `now` (manaRegenerated), saved when it moved; call
 * before reading or spending mana, inside the transaction that holds the character's lock.
 */
export async function applyManaRegen(
  tx: Tx,
  attributes: typeof playerCharacterAttributes.$inferSelect,
  now: Date,
  timeScale: number,
): Promise<typeof playerCharacterAttributes.$inferSelect> {
  const updated = manaRegenerated(attributes, now, timeScale);
  if (!updated) return attributes;
  await manaSaved(tx, { characterId: attributes.characterId, currentMana: updated.currentMana, manaUpdatedAt: updated.manaUpdatedAt.toISOString() });
  return updated;
}
