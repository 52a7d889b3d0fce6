import { placeLoot, type InventoryEntry, type ItemData } from '@rpg/game';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { liveAttributeColumns, ownedCharacter } from './columns.ts';
import { playerCharacterAttributes, playerCharacterBackpack, playerCharacterInventory, playerCharacters } from '../schema/index.ts';

type InventoryRow = typeof playerCharacterInventory.$inferSelect;

export const toEntry = (row: InventoryRow): InventoryEntry => ({ id: row.id, item: row.itemData, quantity: row.quantity, equipped: row.equipped });

const inventoryRows = (db: DbOrTx) =>
  db
    .select()
    .from(playerCharacterInventory)
    .where(eq(playerCharacterInventory.characterId, sql.placeholder('characterId')))
    .orderBy(asc(playerCharacterInventory.createdAt), asc(playerCharacterInventory.id));
const inventoryOf = prepared('inventory_of_character', inventoryRows);
const inventoryOfLocked = prepared('inventory_of_character_locked', (db) => inventoryRows(db).for('update'));

/** The character's inventory, oldest first. Pass a transaction and `lock` to hold the rows until commit. */
export async function listInventory(db: DbOrTx, characterId: string, lock = false): Promise<InventoryEntry[]> {
  const rows = await (lock ? inventoryOfLocked : inventoryOf)(db, { characterId });
  return rows.map(toEntry);
}

/**
 * An inventory entry's columns, for a select that left-joins the character's inventory (a row per
 * entry, none when it is empty: `entry` is then null). entriesOf collects them.
 */
export const entryColumns = {
  id: playerCharacterInventory.id,
  item: playerCharacterInventory.itemData,
  quantity: playerCharacterInventory.quantity,
  equipped: playerCharacterInventory.equipped,
};

/** The character's inventory as listInventory orders it (oldest first): the order of a select over the left-joined entries. */
export const entryOrder = [asc(playerCharacterInventory.createdAt), asc(playerCharacterInventory.id)];

/** The entries of a select's rows with entryColumns (as `entry`), in the rows' order. */
export const entriesOf = (rows: ReadonlyArray<{ entry: InventoryEntry | null }>): InventoryEntry[] => rows.flatMap((r) => (r.entry ? [r.entry] : []));

const inventoryRead = prepared('inventory_view', (db) =>
  db
    .select({
      attributes: liveAttributeColumns,
      backpack: {
        name: playerCharacterBackpack.name,
        tier: playerCharacterBackpack.tier,
        slots: playerCharacterBackpack.slots,
        description: playerCharacterBackpack.description,
      },
      entry: entryColumns,
    })
    .from(playerCharacters)
    .innerJoin(playerCharacterAttributes, eq(playerCharacterAttributes.characterId, playerCharacters.id))
    .innerJoin(playerCharacterBackpack, eq(playerCharacterBackpack.characterId, playerCharacters.id))
    .leftJoin(playerCharacterInventory, eq(playerCharacterInventory.characterId, playerCharacters.id))
    .where(ownedCharacter())
    .orderBy(...entryOrder),
);

/**
 * What the backpack drawer shows, in one statement (one snapshot): the live attributes, the carried
 * backpack and the inventory. Undefined when the character is not the player's.
 */
export async function readInventory(db: DbOrTx, userId: string, characterId: string) {
  const rows = await inventoryRead(db, { userId, id: characterId });
  const [first] = rows;
  return first && { attributes: first.attributes, backpack: first.backpack, entries: entriesOf(rows) };
}

const equippedOf = prepared('equipped_of_characters', (db) =>
  db
    .select()
    .from(playerCharacterInventory)
    .where(and(sql`${playerCharacterInventory.characterId} = any(${sql.placeholder('ids')})`, eq(playerCharacterInventory.equipped, true))),
);

/** The equipped entries of each of `characterIds` (an empty list for one wearing nothing). */
export async function equippedByCharacter(db: DbOrTx, characterIds: readonly string[]): Promise<Map<string, InventoryEntry[]>> {
  const worn = new Map<string, InventoryEntry[]>(characterIds.map((id) => [id, []]));
  if (characterIds.length === 0) return worn;
  const rows = await equippedOf(db, { ids: [...characterIds] });
  for (const row of rows) worn.get(row.characterId)?.push(toEntry(row));
  return worn;
}

export async function backpackCapacity(db: DbOrTx, characterId: string): Promise<number> {
  const [row] = await db
    .select({ slots: playerCharacterBackpack.slots })
    .from(playerCharacterBackpack)
    .where(eq(playerCharacterBackpack.characterId, characterId));
  return row?.slots ?? 0;
}

export interface ItemStack {
  item: ItemData;
  quantity: number;
}

export interface AddResult {
  /** What went into the backpack (stacked onto an entry or in a new slot). */
  added: Array<ItemStack & { entryId: string }>;
  /** What did not fit: the backpack was full and it could not stack. */
  leftBehind: ItemStack[];
}

/**
 * Puts items into the backpack as the rules place them (placeLoot: stack onto an identical
 * entry, else a free slot, else left behind). Call inside the transaction that holds the
 * character's row lock; `held`: the entries (locked) and backpack slots the caller read in it
 * and has not changed since, not read again.
 */
export async function addItems(
  tx: Tx,
  characterId: string,
  stacks: readonly ItemStack[],
  held?: { entries: InventoryEntry[]; slots: number },
): Promise<AddResult> {
  const entries = held?.entries ?? (await listInventory(tx, characterId, true));
  const capacity = held?.slots ?? (await backpackCapacity(tx, characterId));
  const { placed, leftBehind } = placeLoot(entries, capacity, stacks);
  const result: AddResult = { added: [], leftBehind };
  for (const { item, quantity, stackOnto } of placed) {
    if (stackOnto) {
      await tx
        .update(playerCharacterInventory)
        .set({ quantity: sql`${playerCharacterInventory.quantity} + ${quantity}` })
        .where(and(eq(playerCharacterInventory.id, stackOnto), eq(playerCharacterInventory.characterId, characterId)));
      result.added.push({ item, quantity, entryId: stackOnto });
      continue;
    }
    const [row] = await tx.insert(playerCharacterInventory).values({ characterId, itemData: item, quantity, equipped: false }).returning();
    if (!row) throw new Error('inventory insert returned nothing');
    result.added.push({ item, quantity, entryId: row.id });
  }
  return result;
}

/** Takes `quantity` from an entry of the character: lowers the stack, or removes the row when it runs out. */
export async function takeFromEntry(tx: Tx, characterId: string, entryId: string, quantity: number): Promise<void> {
  const [row] = await tx
    .update(playerCharacterInventory)
    .set({ quantity: sql`${playerCharacterInventory.quantity} - ${quantity}` })
    .where(
      and(
        eq(playerCharacterInventory.id, entryId),
        eq(playerCharacterInventory.characterId, characterId),
        sql`${playerCharacterInventory.quantity} > ${quantity}`,
      ),
    )
    .returning({ id: playerCharacterInventory.id });
  if (row) return;
  const [gone] = await tx
    .delete(playerCharacterInventory)
    .where(
      and(eq(playerCharacterInventory.id, entryId), eq(playerCharacterInventory.characterId, characterId), eq(playerCharacterInventory.quantity, quantity)),
    )
    .returning({ id: playerCharacterInventory.id });
  if (!gone) throw new Error(`entry ${entryId} does not hold ${quantity}`);
}
