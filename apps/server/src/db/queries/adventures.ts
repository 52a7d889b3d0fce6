import type { ItemData, LocationId } from '@rpg/game';
import { and, asc, desc, eq, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../client.ts';
import { nowParam, prepared } from '../prepared.ts';
import { characterAdventures, playerCharacterAttributes, playerCharacterInventory, playerCharacters } from '../schema/index.ts';
import { liveAttributeColumns, ownedCharacter } from './columns.ts';
import { entryOrder } from './inventory.ts';
import { unlockedSkillsColumn } from './skills.ts';

export type AdventureRow = typeof characterAdventures.$inferSelect;
/** An adventure with the player who owns its character (for the lock and the pushes). */
export interface OwnedAdventure {
  adventure: AdventureRow;
  userId: string;
}

const open = eq(characterAdventures.completed, false);

const openAdventureOf = prepared('open_adventure_of_character', (db) =>
  db
    .select()
    .from(characterAdventures)
    .where(and(eq(characterAdventures.characterId, sql.placeholder('characterId')), open)),
);

/** The character's unfinished adventure, if any (spec 02 §7 "Check for unfinished adventure"). */
export async function openAdventure(db: DbOrTx, characterId: string): Promise<AdventureRow | undefined> {
  const [row] = await openAdventureOf(db, { characterId });
  return row;
}

/** Where and at which level the character last came back from (issue 44 "Again"), if ever. */
export async function lastSettledAdventure(db: DbOrTx, characterId: string): Promise<{ location: LocationId; level: number } | undefined> {
  const [row] = await db
    .select({ location: characterAdventures.location, level: characterAdventures.level })
    .from(characterAdventures)
    .where(and(eq(characterAdventures.characterId, characterId), eq(characterAdventures.completed, true)))
    .orderBy(desc(characterAdventures.completedAt))
    .limit(1);
  return row;
}

const lastAdventure = alias(characterAdventures, 'last_adventure');
const adventureRead = prepared('adventure_view', (db) =>
  db
    .select({
      character: {
        id: playerCharacters.id,
        name: playerCharacters.name,
        characterClass: playerCharacters.characterClass,
        level: playerCharacters.level,
        spellEffects: playerCharacters.spellEffects,
      },
      attributes: liveAttributeColumns,
      current: {
        id: characterAdventures.id,
        location: characterAdventures.location,
        level: characterAdventures.level,
        startTime: characterAdventures.startTime,
        endTime: characterAdventures.endTime,
        originalMs: characterAdventures.originalMs,
        speedReduction: characterAdventures.speedReduction,
      },
      last: {
        id: lastAdventure.id,
        location: lastAdventure.location,
        level: lastAdventure.level,
        outcome: lastAdventure.outcome,
        completedAt: lastAdventure.completedAt,
      },
      // A row per equipped item (the left join), in listInventory's order.
      worn: { item: playerCharacterInventory.itemData },
      skills: unlockedSkillsColumn,
    })
    .from(playerCharacters)
    .innerJoin(playerCharacterAttributes, eq(playerCharacterAttributes.characterId, playerCharacters.id))
    .leftJoin(characterAdventures, and(eq(characterAdventures.characterId, playerCharacters.id), open))
    // The most recently settled adventure.
    .leftJoin(
      lastAdventure,
      eq(
        lastAdventure.id,
        sql`(select la.id from ${characterAdventures} la where la.character_id = ${playerCharacters.id} and la.completed = true order by la.completed_at desc limit 1)`,
      ),
    )
    .leftJoin(playerCharacterInventory, and(eq(playerCharacterInventory.characterId, playerCharacters.id), eq(playerCharacterInventory.equipped, true)))
    .where(ownedCharacter())
    .orderBy(...entryOrder),
);

export type AdventureRead = Omit<Awaited<ReturnType<typeof adventureRead>>[number], 'worn'> & { equipped: ItemData[] };

/**
 * What the launcher and the banner show, in one statement (one snapshot): the character's fighting
 * state (attributes, spells, equipped items, unlocked skills), its unfinished adventure and its last
 * settled one. Undefined when the character is not the player's.
 */
export async function readAdventure(db: DbOrTx, userId: string, characterId: string): Promise<AdventureRead | undefined> {
  const rows = await adventureRead(db, { userId, id: characterId });
  const [first] = rows;
  if (!first) return undefined;
  const { worn: _first, ...read } = first;
  return { ...read, equipped: rows.flatMap((r) => (r.worn ? [r.worn.item] : [])) };
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

const adventureInserted = prepared('adventure_inserted', (db) =>
  db
    .insert(characterAdventures)
    .values({
      characterId: sql.placeholder('characterId'),
      location: sql.placeholder('location'),
      level: sql.placeholder('level'),
      startTime: sql.placeholder('startTime'),
      endTime: sql.placeholder('endTime'),
      originalMs: sql.placeholder('originalMs'),
      speedReduction: sql.placeholder('speedReduction'),
      seed: sql.placeholder('seed'),
    })
    .returning(),
);

/** Spec 02 §7 "Start adventure". The unique partial index refuses a second open one. */
export async function insertAdventure(tx: Tx, values: NewAdventure): Promise<AdventureRow> {
  const [row] = await adventureInserted(tx, { ...values, seed: values.seed ?? null });
  if (!row) throw new Error('adventure insert returned nothing');
  return row;
}

const ownedSelection = { adventure: characterAdventures, userId: playerCharacters.userId };

const dueNextLocked = prepared('adventure_due_next_locked', (db) =>
  db
    .select(ownedSelection)
    .from(characterAdventures)
    .innerJoin(playerCharacters, eq(playerCharacters.id, characterAdventures.characterId))
    .where(and(open, lte(characterAdventures.endTime, nowParam), sql`${characterAdventures.id} <> all(${sql.placeholder('skip')}::uuid[])`))
    .orderBy(asc(characterAdventures.endTime))
    .limit(1)
    .for('update', { of: characterAdventures, skipLocked: true }),
);

/**
 * The earliest due, unfinished adventure nobody else is settling, locked until the
 * transaction ends (FOR UPDATE SKIP LOCKED): several settlers never take the same row.
 */
export async function lockNextDueAdventure(tx: Tx, now: Date, skip: readonly string[] = []): Promise<OwnedAdventure | undefined> {
  const [row] = await dueNextLocked(tx, { now: now.toISOString(), skip: [...skip] });
  return row;
}

const openAdventureLocked = prepared('open_adventure_locked', (db) =>
  db
    .select(ownedSelection)
    .from(characterAdventures)
    .innerJoin(playerCharacters, eq(playerCharacters.id, characterAdventures.characterId))
    .where(and(eq(characterAdventures.id, sql.placeholder('id')), open))
    .for('update', { of: characterAdventures }),
);

/** One adventure, locked, if it is still unfinished (waits for a settler that holds it, then sees it settled). */
export async function lockOpenAdventure(tx: Tx, id: string): Promise<OwnedAdventure | undefined> {
  const [row] = await openAdventureLocked(tx, { id });
  return row;
}

const dueIdsOf = prepared('adventure_due_ids_of', (db) =>
  db
    .select({ id: characterAdventures.id })
    .from(characterAdventures)
    .innerJoin(playerCharacters, eq(playerCharacters.id, characterAdventures.characterId))
    .where(and(eq(playerCharacters.userId, sql.placeholder('userId')), open, lte(characterAdventures.endTime, nowParam)))
    .orderBy(asc(characterAdventures.endTime)),
);

/** Ids of one player's due, unfinished adventures. */
export async function dueAdventureIds(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const rows = await dueIdsOf(db, { userId, now: now.toISOString() });
  return rows.map((r) => r.id);
}

/** What a read needs to bring one player's time-based state up to date, in one statement. */
export interface TimedState {
  /** The player's characters (a route checks ownership against this list). */
  characterIds: string[];
  /** Unfinished adventures whose end time has passed, earliest first. */
  dueAdventureIds: string[];
  /** The mana of the characters whose mana is below the maximum. */
  manaBelowMax: ManaState[];
}

/** What mana regeneration reads of a character's attributes (spec 02 §4 "Mana"). */
export type ManaState = Pick<typeof playerCharacterAttributes.$inferSelect, 'characterId' | 'currentMana' | 'maxMana' | 'manaUpdatedAt'>;

/**
 * The player's characters with their due adventures and their mana, in one round trip: the
 * common read (nothing due, mana full or unchanged) costs this statement and nothing else.
 */
/**
 * A column of a select over player_characters: the character's unfinished adventures whose end
 * time has passed by the `now` placeholder, earliest first, as ids joined by commas.
 */
export const dueAdventuresColumn = sql<string>`array_to_string(array(select ca.id
  from ${characterAdventures} ca where ca.character_id = ${playerCharacters.id} and ca.completed = false
  and ca.end_time <= ${sql.placeholder('now')}::timestamptz
  order by ca.end_time), ',')`;

/** The catch-up's view of characters read with `dueAdventuresColumn` (as `due`) and their attributes. */
export function toTimedState(rows: readonly { id: string; due: string; attributes: ManaState }[]): TimedState {
  return {
    characterIds: rows.map((r) => r.id),
    dueAdventureIds: rows.flatMap((r) => (r.due ? r.due.split(',') : [])),
    manaBelowMax: rows.map((r) => r.attributes).filter((a) => a.currentMana < a.maxMana),
  };
}

/** What the catch-up reads of the attributes (ManaState), as columns of a select. */
const manaColumns = {
  characterId: playerCharacterAttributes.characterId,
  currentMana: playerCharacterAttributes.currentMana,
  maxMana: playerCharacterAttributes.maxMana,
  manaUpdatedAt: playerCharacterAttributes.manaUpdatedAt,
};

const timedStateOf = prepared('timed_state_of_owner', (db) =>
  db
    .select({
      id: playerCharacters.id,
      attributes: manaColumns,
      due: dueAdventuresColumn,
    })
    .from(playerCharacters)
    .innerJoin(playerCharacterAttributes, eq(playerCharacterAttributes.characterId, playerCharacters.id))
    .where(eq(playerCharacters.userId, sql.placeholder('userId')))
    .orderBy(asc(playerCharacters.id)),
);

export async function timedState(db: DbOrTx, userId: string, now: Date): Promise<TimedState> {
  return toTimedState(await timedStateOf(db, { userId, now: now.toISOString() }));
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

const settledMarked = prepared('adventure_settled', (db) =>
  db
    .update(characterAdventures)
    .set({ completed: true, rewardClaimed: true, outcome: sql`${sql.placeholder('outcome')}::jsonb`, completedAt: nowParam })
    .where(and(eq(characterAdventures.id, sql.placeholder('id')), open))
    .returning({ id: characterAdventures.id }),
);

/**
 * Spec 02 §7 "Finish adventure": completed and reward_claimed flip together, once.
 * Conditional on `completed = false`; false when someone else settled it first.
 */
export async function markSettled(tx: Tx, id: string, outcome: Record<string, unknown>, now: Date): Promise<boolean> {
  const rows = await settledMarked(tx, { id, outcome: JSON.stringify(outcome), now: now.toISOString() });
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
