import type { Backpack, ItemData } from '@rpg/game';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { playerCharacterAttributes, playerCharacterBackpack, playerCharacterInventory, playerCharacters } from '../schema/index.ts';

/**
 * The writes of the inventory and store actions. Each is scoped to the character and
 * meant to run in the transaction that holds the character's row lock.
 */

const entryOf = (characterId: string, entryId: string) => and(eq(playerCharacterInventory.id, entryId), eq(playerCharacterInventory.characterId, characterId));

export async function setEquipped(tx: Tx, characterId: string, entryId: string, equipped: boolean): Promise<void> {
  await tx.update(playerCharacterInventory).set({ equipped }).where(entryOf(characterId, entryId));
}

/** One more unit on an owned stack (a bought potion or food). */
export async function raiseStack(tx: Tx, characterId: string, entryId: string, by: number): Promise<void> {
  const rows = await tx
    .update(playerCharacterInventory)
    .set({ quantity: sql`${playerCharacterInventory.quantity} + ${by}` })
    .where(entryOf(characterId, entryId))
    .returning({ id: playerCharacterInventory.id });
  if (rows.length !== 1) throw new Error(`stack ${entryId} not found`);
}

export async function insertEntry(tx: Tx, characterId: string, item: ItemData, quantity: number): Promise<string> {
  const [row] = await tx.insert(playerCharacterInventory).values({ characterId, itemData: item, quantity, equipped: false }).returning();
  if (!row) throw new Error('inventory insert returned nothing');
  return row.id;
}

export async function saveVitals(tx: Tx, characterId: string, vitals: { currentHealth: number; currentMana: number }): Promise<void> {
  await tx
    .update(playerCharacterAttributes)
    .set({ currentHealth: vitals.currentHealth, currentMana: vitals.currentMana })
    .where(eq(playerCharacterAttributes.characterId, characterId));
}

export async function saveCurrentHealth(tx: Tx, characterId: string, currentHealth: number): Promise<void> {
  await tx.update(playerCharacterAttributes).set({ currentHealth }).where(eq(playerCharacterAttributes.characterId, characterId));
}

/** A backpack from the rules as the columns of its character's backpack row. */
export function backpackColumns(backpack: Backpack) {
  return {
    name: backpack.name,
    tier: backpack.tier,
    slots: backpack.slots,
    description: backpack.description,
    price: backpack.price,
    sellPrice: backpack.sellPrice ?? null,
  } satisfies Omit<typeof playerCharacterBackpack.$inferInsert, 'characterId'>;
}

/** The bought backpack replaces the carried one (the old one is discarded). */
export async function replaceBackpack(tx: Tx, characterId: string, backpack: Backpack): Promise<void> {
  await tx.update(playerCharacterBackpack).set(backpackColumns(backpack)).where(eq(playerCharacterBackpack.characterId, characterId));
}

/** Adds copper in one statement; answers the new balance. */
export async function creditCopper(tx: Tx, characterId: string, amount: number): Promise<number> {
  const [row] = await tx
    .update(playerCharacters)
    .set({ copper: sql`${playerCharacters.copper} + ${amount}`, updatedAt: sql`now()` })
    .where(eq(playerCharacters.id, characterId))
    .returning({ copper: playerCharacters.copper });
  if (!row) throw new Error(`character ${characterId} not found`);
  return row.copper;
}

/** Takes copper only if the balance covers it (never below 0); null when it does not. */
export async function debitCopper(tx: Tx, characterId: string, amount: number): Promise<number | null> {
  const [row] = await tx
    .update(playerCharacters)
    .set({ copper: sql`${playerCharacters.copper} - ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(playerCharacters.id, characterId), gte(playerCharacters.copper, amount)))
    .returning({ copper: playerCharacters.copper });
  return row ? row.copper : null;
}
