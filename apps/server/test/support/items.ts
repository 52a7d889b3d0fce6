import { copper, copperChange, itemsIn, type GearItem, type GearSlot, type ItemData, type Tier } from '@rpg/game';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { recordLedger } from '../../src/db/queries/ledger.ts';
import { playerCharacterAttributes, playerCharacterInventory, playerCharacters } from '../../src/db/schema/index.ts';

/**
 * Test setup writes rows directly (the API has no "give item" or "give money"), with their ledger
 * rows (as the dev grants: the economy's audit stays whole after a setup).
 */

export function gear(name: string, slot: GearSlot, stats: GearItem['stats'], price: number, tier: Tier = 'common'): GearItem {
  return { kind: 'gear', name, tier, slot, stats, price: copper(price), description: `A test ${slot}.` };
}

export async function giveItem(db: Db, characterId: string, item: ItemData, { quantity = 1, equipped = false } = {}): Promise<string> {
  const [row] = await db.insert(playerCharacterInventory).values({ characterId, itemData: item, quantity, equipped }).returning();
  if (!row) throw new Error('insert failed');
  await recordLedger(db, itemsIn(characterId, [{ entryId: row.id, item, quantity }], 'dev_grants', { reason: 'dev_grant' }));
  return row.id;
}

export async function setCopper(db: Db, characterId: string, amount: number): Promise<void> {
  const before = await getCopper(db, characterId);
  await db.update(playerCharacters).set({ copper: amount }).where(eq(playerCharacters.id, characterId));
  await recordLedger(db, copperChange(characterId, 'dev_grants', amount - before, { reason: 'dev_grant' }));
}

export async function getCopper(db: Db, characterId: string): Promise<number> {
  const [row] = await db.select({ copper: playerCharacters.copper }).from(playerCharacters).where(eq(playerCharacters.id, characterId));
  return row?.copper ?? -1;
}

export async function setVitals(db: Db, characterId: string, vitals: Partial<typeof playerCharacterAttributes.$inferInsert>): Promise<void> {
  await db.update(playerCharacterAttributes).set(vitals).where(eq(playerCharacterAttributes.characterId, characterId));
}

export async function inventoryRows(db: Db, characterId: string) {
  return db.select().from(playerCharacterInventory).where(eq(playerCharacterInventory.characterId, characterId));
}
