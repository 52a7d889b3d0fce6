import type { LocationId } from '@rpg/game';
import { and, asc, desc, eq, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { characterAdventures, playerCharacterAttributes, playerCharacters } from '../schema/index.ts';

export type AdventureRow = typeof characterAdventures.$inferSelect;
/** An adventure with the player who owns its character (for the lock and the pushes). */
export interface OwnedAdventure {
  adventure: AdventureRow;
  userId: string;
}

const open = eq(characterAdventures.completed, false);

/** The character's unfinished adventure, if any (spec 02 §7 "Check for unfinished adventure"). */
export async function openAdventure(db: DbOrTx, characterId: string): Promise<AdventureRow | undefined> {
  const [row] = await db
    .select()
    .from(characterAdventures)
    .where(and(eq(characterAdventures.characterId, characterId), open));
  return row;
}

/** The character's most recently settled adventure. */
export async function lastSettledAdventure(db: DbOrTx, characterId: string): Promise<AdventureRow | undefined> {
  const [row] = await db
    .select()
    .from(characterAdventures)
    .where(and(eq(characterAdventures.characterId, characterId), eq(characterAdventures.completed, true)))
    .orderBy(desc(characterAdventures.completedAt))
    .limit(1);
  return row;
}

export interface NewAdventure {
  characterId: string;
  location: LocationId;
  level: number;
  startTime: Date;
  endTime: Date;
  originalMs: number;
  speedReduction: number;
  /** 128 secret random bits (hex) that seed the settlement. */
  seed?: string;
}

/** Spec 02 §7 "Start adventure". The unique partial index refuses a second open one. */
export async function insertAdventure(tx: Tx, values: NewAdventure): Promise<AdventureRow> {
  const [row] = await tx.insert(characterAdventures).values(values).returning();
  if (!row) throw new Error('adventure insert returned nothing');
  return row;
}

const ownedSelection = { adventure: characterAdventures, userId: playerCharacters.userId };

/**
 * The earliest due, unfinished adventure nobody else is settling, locked until the
 * transaction ends (FOR UPDATE SKIP LOCKED): several settlers never take the same row.
 */
export async function lockNextDueAdventure(tx: Tx, now: Date, skip: readonly string[] = []): Promise<OwnedAdventure | undefined> {
  const [row] = await tx
    .select(ownedSelection)
    .from(characterAdventures)
    .innerJoin(playerCharacters, eq(playerCharacters.id, characterAdventures.characterId))
    .where(and(open, lte(characterAdventures.endTime, now), skip.length ? notInArray(characterAdventures.id, [...skip]) : undefined))
    .orderBy(asc(characterAdventures.endTime))
    .limit(1)
    .for('update', { of: characterAdventures, skipLocked: true });
  return row;
}

/** One adventure, locked, if it is still unfinished (waits for a settler that holds it, then sees it settled). */
export async function lockOpenAdventure(tx: Tx, id: string): Promise<OwnedAdventure | undefined> {
  const [row] = await tx
    .select(ownedSelection)
    .from(characterAdventures)
    .innerJoin(playerCharacters, eq(playerCharacters.id, characterAdventures.characterId))
    .where(and(eq(characterAdventures.id, id), open))
    .for('update', { of: characterAdventures });
  return row;
}

/** Ids of one player's due, unfinished adventures. */
export async function dueAdventureIds(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: characterAdventures.id })
    .from(characterAdventures)
    .innerJoin(playerCharacters, eq(playerCharacters.id, characterAdventures.characterId))
    .where(and(eq(playerCharacters.userId, userId), open, lte(characterAdventures.endTime, now)))
    .orderBy(asc(characterAdventures.endTime));
  return rows.map((r) => r.id);
}

/** The earliest end time of any unfinished adventure (the scheduler's next wake-up). */
export async function nextAdventureEnd(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ endTime: characterAdventures.endTime })
    .from(characterAdventures)
    .where(open)
    .orderBy(asc(characterAdventures.endTime))
    .limit(1);
  return row?.endTime ?? null;
}

/**
 * Spec 02 §7 "Finish adventure": completed and reward_claimed flip together, once.
 * Conditional on `completed = false`; false when someone else settled it first.
 */
export async function markSettled(tx: Tx, id: string, outcome: Record<string, unknown>, now: Date): Promise<boolean> {
  const rows = await tx
    .update(characterAdventures)
    .set({ completed: true, rewardClaimed: true, outcome, completedAt: now })
    .where(and(eq(characterAdventures.id, id), open))
    .returning({ id: characterAdventures.id });
  return rows.length === 1;
}

/** Attribute rows of the player's characters whose mana is below max (candidates for regeneration). */
export async function manaBelowMax(db: DbOrTx, userId: string, lock = false) {
  const query = db
    .select({ attributes: playerCharacterAttributes })
    .from(playerCharacterAttributes)
    .innerJoin(playerCharacters, eq(playerCharacters.id, playerCharacterAttributes.characterId))
    .where(and(eq(playerCharacters.userId, userId), lt(playerCharacterAttributes.currentMana, playerCharacterAttributes.maxMana)))
    .orderBy(asc(playerCharacterAttributes.characterId));
  const rows = lock ? await query.for('update', { of: playerCharacterAttributes }) : await query;
  return rows.map((r) => r.attributes);
}

/** Adds the settled adventure to the leaderboard counts (DECISIONS §2). */
export const countAdventure = (won: boolean) => ({
  adventuresCompleted: sql`${playerCharacters.adventuresCompleted} + 1`,
  battlesWon: won ? sql`${playerCharacters.battlesWon} + 1` : sql`${playerCharacters.battlesWon}`,
});
