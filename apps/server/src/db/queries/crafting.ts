import type { ItemData } from '@rpg/game';
import { and, asc, eq, isNull, lte, min, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { ownedCharacter } from './columns.ts';
import { characterCrafts, playerCharacterInventory, playerCharacters } from '../schema/index.ts';
import { entriesOf, entryColumns, entryOrder } from './inventory.ts';

export type CraftRow = typeof characterCrafts.$inferSelect;

/** Not yet collected: in progress, or finished and waiting for backpack room (`result` set). */
const open = (characterId: string) => and(eq(characterCrafts.characterId, characterId), eq(characterCrafts.completed, false));
/** Due for the settler: open, not yet tried, end time passed. */
const due = (now: Date) => and(eq(characterCrafts.completed, false), isNull(characterCrafts.result), lte(characterCrafts.endsAt, now));

/** The character's one open craft (a unique partial index), optionally locked until commit. */
export async function getOpenCraft(db: DbOrTx, characterId: string, lock = false): Promise<CraftRow | undefined> {
  const query = db.select().from(characterCrafts).where(open(characterId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

const craftingRead = prepared('crafting_view', (db) =>
  db
    .select({
      craftingXp: playerCharacters.craftingXp,
      unlockedRecipes: playerCharacters.unlockedRecipes,
      craft: characterCrafts,
      entry: entryColumns,
    })
    .from(playerCharacters)
    .leftJoin(characterCrafts, and(eq(characterCrafts.characterId, playerCharacters.id), eq(characterCrafts.completed, false)))
    .leftJoin(playerCharacterInventory, eq(playerCharacterInventory.characterId, playerCharacters.id))
    .where(ownedCharacter())
    .orderBy(...entryOrder),
);

/**
 * What the crafting drawer shows, in one statement (one snapshot): the character's crafting XP and
 * recipes, its open craft (the unique partial index: one at most) and its inventory (a row per
 * entry). Undefined when the character is not the player's.
 */
export async function readCrafting(db: DbOrTx, userId: string, characterId: string) {
  const rows = await craftingRead(db, { userId, id: characterId });
  const [row] = rows;
  return row && { craftingXp: row.craftingXp, unlockedRecipes: row.unlockedRecipes, openCraft: row.craft ?? undefined, inventory: entriesOf(rows) };
}

export async function insertCraft(tx: Tx, values: { characterId: string; recipeId: string; startedAt: Date; endsAt: Date }): Promise<CraftRow> {
  const [row] = await tx.insert(characterCrafts).values(values).returning();
  if (!row) throw new Error('craft insert returned nothing');
  return row;
}

/** The open craft `id` if it is still due, locked; skipped when another transaction holds it. */
export async function lockDueCraft(tx: Tx, id: string, now: Date): Promise<CraftRow | undefined> {
  const [row] = await tx
    .select()
    .from(characterCrafts)
    .where(and(eq(characterCrafts.id, id), due(now)))
    .for('update', { skipLocked: true });
  return row;
}

/** Finished, but the backpack was full: keeps the item it will give and leaves the craft open. */
export async function markCraftWaiting(tx: Tx, id: string, item: ItemData): Promise<boolean> {
  const rows = await tx
    .update(characterCrafts)
    .set({ result: item })
    .where(and(eq(characterCrafts.id, id), eq(characterCrafts.completed, false), isNull(characterCrafts.result)))
    .returning({ id: characterCrafts.id });
  return rows.length === 1;
}

/** The one flip from open to collected: false when it had already happened. */
export async function markCraftCollected(tx: Tx, id: string, item: ItemData, now: Date): Promise<boolean> {
  const rows = await tx
    .update(characterCrafts)
    .set({ completed: true, result: item, completedAt: now })
    .where(and(eq(characterCrafts.id, id), eq(characterCrafts.completed, false)))
    .returning({ id: characterCrafts.id });
  return rows.length === 1;
}

/** Crafts due at `now`, oldest first, with their owner (for the push). */
export function listDueCrafts(db: DbOrTx, now: Date, limit = 100): Promise<Array<{ id: string; characterId: string; userId: string }>> {
  return db
    .select({ id: characterCrafts.id, characterId: characterCrafts.characterId, userId: playerCharacters.userId })
    .from(characterCrafts)
    .innerJoin(playerCharacters, eq(playerCharacters.id, characterCrafts.characterId))
    .where(due(now))
    .orderBy(asc(characterCrafts.endsAt))
    .limit(limit);
}

/** The earliest end time of a craft not yet settled, or null. */
export async function nextCraftDue(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(characterCrafts.endsAt) })
    .from(characterCrafts)
    .where(and(eq(characterCrafts.completed, false), isNull(characterCrafts.result)));
  return row?.at ?? null;
}

/** The crafting fields of a character by id (no owner check: the settler's), locked until commit. */
export async function lockCraftingCharacter(tx: Tx, characterId: string) {
  const [row] = await tx
    .select({ userId: playerCharacters.userId, craftingXp: playerCharacters.craftingXp, unlockedRecipes: playerCharacters.unlockedRecipes })
    .from(playerCharacters)
    .where(eq(playerCharacters.id, characterId))
    .for('update');
  return row;
}

export async function addCraftingXp(tx: Tx, characterId: string, xp: number): Promise<void> {
  await tx
    .update(playerCharacters)
    .set({ craftingXp: sql`${playerCharacters.craftingXp} + ${xp}`, updatedAt: sql`now()` })
    .where(eq(playerCharacters.id, characterId));
}

export async function saveUnlockedRecipes(tx: Tx, characterId: string, recipeIds: readonly string[]): Promise<void> {
  await tx
    .update(playerCharacters)
    .set({ unlockedRecipes: [...recipeIds], updatedAt: sql`now()` })
    .where(eq(playerCharacters.id, characterId));
}
