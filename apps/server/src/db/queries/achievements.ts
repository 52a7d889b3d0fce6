import { applyFolded, foldChanges, type CounterChange } from '@rpg/game';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { nowParam, prepared } from '../prepared.ts';
import { countable, countedCte, countFields, countReadOf, countRows, heldCte, type CountRead, type CountValues } from './achievement-count.ts';
import { achievementCounters, achievementProgress, battlePassGrants, gifts, playerAchievements, playerCharacters, users } from '../schema/index.ts';

/** Achievement state of one player, scoped by user id. Writers run inside the event's transaction. */

const userIdParam = sql.placeholder('userId');

const progressMade = prepared('achievement_progress_made', (db) => db.insert(achievementProgress).values({ userId: userIdParam }).onConflictDoNothing());

export async function ensureProgress(tx: DbOrTx, userId: string): Promise<void> {
  await progressMade(tx, { userId });
}

const progressOf = prepared('achievement_progress_of', (db) => db.select().from(achievementProgress).where(eq(achievementProgress.userId, userIdParam)));

export async function getProgress(db: DbOrTx, userId: string) {
  const [row] = await progressOf(db, { userId });
  return row;
}

/** The player's progress row, locked to the end of the transaction (claims queue behind each other). */
export async function lockProgress(tx: Tx, userId: string) {
  const [row] = await tx.select().from(achievementProgress).where(eq(achievementProgress.userId, userId)).for('update');
  return row;
}

/**
 * Applies counter changes in one statement: each counter's changes folded into one (foldChanges),
 * one row per counter, upserted in key order (two transactions touching the same counters lock them
 * in the same order, so they queue instead of deadlocking). A row that exists takes its folded
 * change, looked up by its key in the parameter arrays. Answers each changed counter's stored value
 * after the change (another transaction's change to it committed first included).
 */
export async function applyCounterChanges(tx: Tx, userId: string, changes: readonly CounterChange[]): Promise<Record<string, number>> {
  const folded = foldChanges(changes);
  if (folded.length === 0) return {};
  const at = sql`array_position(${sql.param(folded.map((f) => f.key))}::text[], excluded.key)`;
  const keep = sql`(${sql.param(folded.map((f) => f.keep))}::int[])[${at}]`;
  const add = sql`(${sql.param(folded.map((f) => f.add))}::bigint[])[${at}]`;
  const atLeast = sql`(${sql.param(folded.map((f) => f.atLeast))}::bigint[])[${at}]`;
  const rows = await tx
    .insert(achievementCounters)
    .values(folded.map((f) => ({ userId, key: f.key, value: applyFolded(0, f) })))
    // greatest() ignores a null: no max among the changes.
    .onConflictDoUpdate({
      target: [achievementCounters.userId, achievementCounters.key],
      set: { value: sql`greatest(${achievementCounters.value} * ${keep} + ${add}, ${atLeast})` },
    })
    .returning({ key: achievementCounters.key, value: achievementCounters.value });
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.value)]));
}

const eventsCounted = prepared('achievement_events_counted', (db) => {
  const held = heldCte(db);
  // The character's lock first: the one-time condition reads `held` before any counter row is upserted.
  const counted = countedCte(db, sql`(select count(*) from held) >= 0 and ${countable}`);
  return db
    .with(held, counted)
    .select(countFields)
    .from(sql`(${countRows}) as r`);
});

/**
 * Issue 45 point 3: the hot count in one statement (db/queries/achievement-count.ts): the active
 * character held, the changes upserted when the statement is the whole count, and what the
 * unlock decision reads. `stored` is empty when it was not the count (nothing was changed).
 */
export async function countEvents(tx: Tx, userId: string, values: CountValues): Promise<CountRead> {
  return countReadOf(await eventsCounted(tx, { userId, ...values }));
}

/** The kinds of row of the achievements read. */
const PROGRESS = 0;
const COUNTER = 1;
const UNLOCK = 2;
const GRANT = 3;

/**
 * The achievements screen's rows, one statement of rows of one shape: the progress (its title as
 * `key`, its points as `value`; no row without one), each counter (`key`, `value`), each unlock (its
 * achievement as `key`, its time as `at`) and each granted level (`value`).
 */
const achievementsRead = prepared('achievements_view', (db) =>
  db
    .select({
      kind: sql<number>`r.kind`,
      key: sql<string | null>`r.key`,
      value: sql<number | null>`r.value`,
      at: sql<Date | null>`r.at`.mapWith(playerAchievements.unlockedAt),
      zone: sql<string | null>`r.zone`,
    })
    .from(
      sql`(select ${sql.raw(String(PROGRESS))} as kind, p.title as key, p.total_points::float8 as value, p.time_zone_set_at as at, p.time_zone as zone
        from ${achievementProgress} p where p.user_id = ${userIdParam}
        union all select ${sql.raw(String(COUNTER))}, c.key, c.value::float8, null, null from ${achievementCounters} c where c.user_id = ${userIdParam}
        union all select ${sql.raw(String(UNLOCK))}, a.achievement_id, null, a.unlocked_at, null from ${playerAchievements} a where a.user_id = ${userIdParam}
        union all select ${sql.raw(String(GRANT))}, null, g.level::float8, null, null from ${battlePassGrants} g where g.user_id = ${userIdParam}) as r`,
    ),
);

/**
 * The achievements screen's reads in one statement (one snapshot): the points, title and time zone
 * (null without a progress row), the counters, each unlock with its time and the granted levels.
 */
export async function readAchievements(db: DbOrTx, userId: string) {
  const read = {
    totalPoints: null as number | null,
    title: null as string | null,
    timeZone: null as string | null,
    timeZoneSetAt: null as Date | null,
    counters: [] as Array<{ key: string; value: number }>,
    unlocked: [] as Array<{ achievementId: string; unlockedAt: Date }>,
    granted: [] as number[],
  };
  for (const row of await achievementsRead(db, { userId })) {
    if (row.kind === PROGRESS) Object.assign(read, { totalPoints: row.value, title: row.key, timeZone: row.zone, timeZoneSetAt: row.at });
    else if (row.kind === COUNTER) read.counters.push({ key: row.key!, value: row.value! });
    else if (row.kind === UNLOCK) read.unlocked.push({ achievementId: row.key!, unlockedAt: row.at! });
    else read.granted.push(row.value!);
  }
  return read;
}

const unlockInserted = prepared('achievement_unlock', (db) =>
  db
    .insert(playerAchievements)
    .values({ userId: userIdParam, achievementId: sql.placeholder('achievementId'), points: sql.placeholder('points'), unlockedAt: sql.placeholder('now') })
    .onConflictDoNothing()
    .returning({ id: playerAchievements.achievementId }),
);

/** The unique key decides: true only for the one transaction that unlocks it. */
export async function insertUnlock(tx: Tx, userId: string, achievementId: string, points: number, now: Date): Promise<boolean> {
  const rows = await unlockInserted(tx, { userId, achievementId, points, now });
  return rows.length === 1;
}

const pointsAdded = prepared('achievement_points_added', (db) =>
  db
    .update(achievementProgress)
    .set({ totalPoints: sql`${achievementProgress.totalPoints} + ${sql.placeholder('points')}::int`, updatedAt: sql`now()` })
    .where(eq(achievementProgress.userId, userIdParam))
    .returning({ total: achievementProgress.totalPoints }),
);
const levelSet = prepared('achievement_level_set', (db) =>
  db
    .update(achievementProgress)
    .set({ level: sql`${sql.placeholder('level')}::int` })
    .where(eq(achievementProgress.userId, userIdParam)),
);

/** Adds points in one statement; answers the new total. */
export async function addPoints(tx: Tx, userId: string, points: number, level: (total: number) => number): Promise<number> {
  const [row] = await pointsAdded(tx, { userId, points });
  if (!row) throw new Error(`no achievement progress for ${userId}`);
  await levelSet(tx, { userId, level: level(row.total) });
  return row.total;
}

export async function grantedLevels(db: DbOrTx, userId: string): Promise<number[]> {
  const rows = await db
    .select({ level: battlePassGrants.level })
    .from(battlePassGrants)
    .where(eq(battlePassGrants.userId, userId))
    .orderBy(asc(battlePassGrants.level));
  return rows.map((r) => r.level);
}

/** The unique (user, level) key decides: true only for the one transaction that grants it. */
export async function insertGrant(tx: Tx, userId: string, level: number, characterId: string | null, itemName: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(battlePassGrants)
    .values({ userId, level, characterId, itemName, grantedAt: now })
    .onConflictDoNothing()
    .returning({ level: battlePassGrants.level });
  return rows.length === 1;
}

export async function setTitle(tx: Tx, userId: string, title: string): Promise<void> {
  await tx.update(achievementProgress).set({ title }).where(eq(achievementProgress.userId, userId));
}

export async function setTimeZone(tx: DbOrTx, userId: string, timeZone: string): Promise<void> {
  await ensureProgress(tx, userId);
  // The change time moves only when the zone does: the browser reports it on every visit.
  await tx
    .update(achievementProgress)
    .set({
      timeZone,
      timeZoneSetAt: sql`case when ${achievementProgress.timeZone} is not distinct from ${timeZone} then ${achievementProgress.timeZoneSetAt} else now() end`,
    })
    .where(eq(achievementProgress.userId, userId));
}

const playTimeClaim = (db: DbOrTx, since: SQL) =>
  db
    .update(achievementProgress)
    .set({ playedAt: nowParam })
    .where(and(eq(achievementProgress.userId, userIdParam), since))
    .returning({ userId: achievementProgress.userId });
const playTimeClaimed = prepared('play_time_claimed', (db) =>
  playTimeClaim(db, sql`${achievementProgress.playedAt} = ${sql.placeholder('previous')}::timestamptz`),
);
const firstPlayTimeClaimed = prepared('play_time_claimed_first', (db) => playTimeClaim(db, isNull(achievementProgress.playedAt)));

/**
 * Play time from presence: moves played_at to `now` only if it is still what was read, so two
 * processes sweeping the same player count a span once. Answers the seconds to count.
 */
export async function claimPlayTime(tx: Tx, userId: string, now: Date, previous: Date | null, maxSeconds: number): Promise<number> {
  const at = now.toISOString();
  const rows = previous
    ? await playTimeClaimed(tx, { userId, now: at, previous: previous.toISOString() })
    : await firstPlayTimeClaimed(tx, { userId, now: at });
  if (rows.length !== 1) return 0;
  if (!previous) return 0;
  return Math.max(0, Math.min(maxSeconds, Math.floor((now.getTime() - previous.getTime()) / 1000)));
}

const activeCharactersHeld = prepared('active_characters_held', (db) =>
  db
    .select({ id: playerCharacters.id, userId: playerCharacters.userId })
    .from(playerCharacters)
    .where(and(sql`${playerCharacters.userId} = any(${sql.placeholder('userIds')}::text[])`, eq(playerCharacters.isActive, true)))
    .orderBy(asc(playerCharacters.id))
    .for('key share'),
);

/**
 * The lock order (docs/architecture.md): the active characters of these players, KEY SHARE locked
 * in character-id order, taken before their progress and counter rows. It is the lock a reward's
 * inventory insert takes (its foreign key); taken after the progress row, it waited for a
 * transaction that held the character FOR UPDATE and then needed that progress row (a deadlock).
 * KEY SHARE does not wait for copper or inventory changes (NO KEY UPDATE), only for FOR UPDATE.
 */
export async function holdActiveCharacters(tx: Tx, userIds: readonly string[]) {
  return activeCharactersHeld(tx, { userIds: [...userIds] });
}

/** One character's row, KEY SHARE locked (as holdActiveCharacters): a lock taken in id order beside others. */
export async function holdCharacterRow(tx: Tx, characterId: string): Promise<void> {
  await tx.select({ id: playerCharacters.id }).from(playerCharacters).where(eq(playerCharacters.id, characterId)).for('key share');
}

export async function activeCharacter(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: playerCharacters.id, level: playerCharacters.level })
    .from(playerCharacters)
    .where(and(eq(playerCharacters.userId, userId), eq(playerCharacters.isActive, true)));
  return row;
}

/** 'Achievements Reset' (spec 03 §4): counters, unlocks and points back to zero; grants (and the items) stay. */
export async function resetProgress(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.delete(achievementCounters).where(eq(achievementCounters.userId, userId));
  await tx.delete(playerAchievements).where(eq(playerAchievements.userId, userId));
  await ensureProgress(tx, userId);
  await tx.update(achievementProgress).set({ totalPoints: 0, level: 0, resetAt: now, updatedAt: now }).where(eq(achievementProgress.userId, userId));
}

/** The player's active character, row-locked (a gift's giver and receiver). */
/**
 * The active characters of these players, locked in character-id order (the order the auction
 * locks a buyer and a seller in, so a gift and a purchase between the same two never deadlock).
 */
export async function lockActiveCharacters(tx: Tx, userIds: readonly string[]) {
  return tx
    .select({ id: playerCharacters.id, name: playerCharacters.name, userId: playerCharacters.userId })
    .from(playerCharacters)
    .where(and(inArray(playerCharacters.userId, [...userIds]), eq(playerCharacters.isActive, true)))
    .orderBy(asc(playerCharacters.id))
    .for('update');
}

/** Logs a gift; false when the giver already sent one with this request id (a retry gives once). */
/** The new gift's id; undefined when the request id was used already. */
export async function insertGift(tx: Tx, gift: typeof gifts.$inferInsert): Promise<number | undefined> {
  const [row] = await tx.insert(gifts).values(gift).onConflictDoNothing().returning({ id: gifts.id });
  return row?.id;
}

/** A player by public name, case-insensitively (DECISIONS §4: usernames are unique that way). */
export async function userIdByUsername(db: DbOrTx, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row?.id;
}
