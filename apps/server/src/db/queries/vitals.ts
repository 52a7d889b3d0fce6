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
 * timestamp (DECISIONS §3). Brings the row up to date; call before reading or
 * spending mana, inside the transaction that holds the character's lock.
 */
export async function applyManaRegen(
  tx: Tx,
  attributes: typeof playerCharacterAttributes.$inferSelect,
  now: Date,
  timeScale: number,
): Promise<typeof playerCharacterAttributes.$inferSelect> {
  const next = regenerateMana(attributes.currentMana, attributes.maxMana, attributes.manaUpdatedAt.getTime(), now.getTime(), timeScale);
  if (next.currentMana === attributes.currentMana && next.lastRegenAt === attributes.manaUpdatedAt.getTime()) return attributes;
  const updated = { ...attributes, currentMana: next.currentMana, manaUpdatedAt: new Date(next.lastRegenAt) };
  await manaSaved(tx, { characterId: attributes.characterId, currentMana: updated.currentMana, manaUpdatedAt: updated.manaUpdatedAt.toISOString() });
  return updated;
}
