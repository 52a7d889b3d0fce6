import { applyFolded, type FoldedChange } from '@rpg/game';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { achievementCounters, achievementProgress, battlePassGrants, playerAchievements, playerCharacters, playerFirstHour } from '../schema/index.ts';

/**
 * Issue 45 point 3: the achievements' counting folded into one statement (the hot path of
 * services/achievements.ts `recordEvents`, and of the social writes that count an event with
 * their own write). Its parts, as common table expressions a statement puts beside its own:
 *   held     the player's active character, KEY SHARE locked (holdActiveCharacters' lock, taken
 *            before any counter row: the lock order of docs/architecture.md);
 *   counted  the counter changes upserted in key order, answering the stored values;
 * and the rows the unlock decision reads (`countRows`): the progress, the counters as they were,
 * the unlocks, the grants, the stored values and the held character.
 *
 * `countable` is what the hot path needs to be the whole count: a progress row (a first event
 * makes it), the first steps of the events done already (marking one takes the rewarded
 * character's lock and the first-hour row first), and a time zone where it is not the
 * night-owl hour now (that count reads the trusted local hour). When it does not hold, the
 * statement changes nothing and the full count runs.
 */

export const countUserId = sql.placeholder('userId');

/** The placeholders' values of a count: the folded changes in key order, the events' first steps, the night-owl zones. */
export interface CountValues {
  countKeys: string[];
  countInit: number[];
  countKeep: number[];
  countAdd: number[];
  countAtLeast: (number | null)[];
  countSteps: string[];
  countNight: string[];
}

export function countValues(folded: readonly FoldedChange[], steps: readonly string[], nightZones: readonly string[]): CountValues {
  return {
    countKeys: folded.map((f) => f.key),
    countInit: folded.map((f) => applyFolded(0, f)),
    countKeep: folded.map((f) => f.keep),
    countAdd: folded.map((f) => f.add),
    countAtLeast: folded.map((f) => f.atLeast),
    countSteps: [...steps],
    countNight: [...nightZones],
  };
}

const steps = sql`${sql.placeholder('countSteps')}::text[]`;

/** The condition under which the statement is the whole count of `user`'s events (see above). */
export const countableFor = (user: SQL) => sql`exists (select 1 from ${achievementProgress} count_p where count_p.user_id = ${user}
    and not coalesce(count_p.time_zone = any(${sql.placeholder('countNight')}::text[]), false))
  and (cardinality(${steps}) = 0
    or exists (select 1 from ${playerFirstHour} count_f where count_f.user_id = ${user} and count_f.steps @> ${steps}))`;

/** The same for the statement's player (`countUserId`). */
export const countable = countableFor(sql`${countUserId}`);

/** The player's active character, KEY SHARE locked (after `after`'s rows when given: its lock comes first). */
export function heldCte(db: DbOrTx, after?: SQL) {
  const owner = after ? sql` and exists (${after})` : sql``;
  return db
    .$with('held', { id: sql<string>`id` })
    .as(sql`select c.id, c.user_id from ${playerCharacters} c where c.user_id = ${countUserId} and c.is_active${owner} for key share of c`);
}

/** The counter changes, upserted in key order when `gate` holds (a one-time condition: evaluated before any row). */
export function countedCte(db: DbOrTx, gate: SQL) {
  const at = sql`array_position(${sql.placeholder('countKeys')}::text[], excluded.key)`;
  const keep = sql`(${sql.placeholder('countKeep')}::int[])[${at}]`;
  const add = sql`(${sql.placeholder('countAdd')}::bigint[])[${at}]`;
  const atLeast = sql`(${sql.placeholder('countAtLeast')}::bigint[])[${at}]`;
  return db.$with('counted', { key: sql<string>`key`, value: sql<number>`value` }).as(
    sql`insert into ${achievementCounters} (user_id, key, value)
      select ${countUserId}, k.key, k.init
      from unnest(${sql.placeholder('countKeys')}::text[], ${sql.placeholder('countInit')}::bigint[]) with ordinality as k(key, init, ord)
      where ${gate}
      order by k.ord
      on conflict (user_id, key) do update set value = greatest(${achievementCounters}.value * ${keep} + ${add}, ${atLeast})
      returning user_id, key, value`,
  );
}

/** The kinds of row of `countRows`. */
const PROGRESS = 0;
const COUNTER = 1;
const UNLOCK = 2;
const GRANT = 3;
const STORED = 4;
const HELD = 5;

/**
 * The unlock decision's rows of the players `of` matches (read in the statement's snapshot: the
 * counters as they were), beside `counted` and `held`; `owner` is the row's player.
 */
export const countRowsFor = (of: (column: SQL) => SQL) => {
  const is = (alias: string) => of(sql.raw(`${alias}.user_id`));
  return sql`select ${sql.raw(String(PROGRESS))} as kind, p.title as key, p.total_points::float8 as value, p.time_zone_set_at as at, p.time_zone as zone,
      null::jsonb as doc, p.user_id as owner from ${achievementProgress} p where ${is('p')}
    union all select ${sql.raw(String(COUNTER))}, c.key, c.value::float8, null, null, null, c.user_id from ${achievementCounters} c where ${is('c')}
    union all select ${sql.raw(String(UNLOCK))}, a.achievement_id, null, a.unlocked_at, null, null, a.user_id from ${playerAchievements} a where ${is('a')}
    union all select ${sql.raw(String(GRANT))}, null, g.level::float8, null, null, null, g.user_id from ${battlePassGrants} g where ${is('g')}
    union all select ${sql.raw(String(STORED))}, s.key, s.value::float8, null, null, null, s.user_id from counted s
    union all select ${sql.raw(String(HELD))}, h.id::text, null, null, null, null, h.user_id from held h`;
};

/** The statement's player's rows. */
export const countRows = countRowsFor((column) => sql`${column} = ${countUserId}`);

/** The columns of a row of `countRows` (a statement adds its own kinds of row in this shape). */
export const countFields = {
  kind: sql<number>`r.kind`,
  key: sql<string | null>`r.key`,
  value: sql<number | null>`r.value`,
  at: sql<Date | null>`r.at`.mapWith(playerAchievements.unlockedAt),
  zone: sql<string | null>`r.zone`,
  /** A statement's own rows (its written line, what its rule reads) as JSON; null in the count's rows. */
  doc: sql<unknown>`r.doc`,
  /** The player of a count row (null in a statement's own rows). */
  owner: sql<string | null>`r.owner`,
};

export type CountRow = { kind: number; key: string | null; value: number | null; at: Date | null; zone: string | null; doc: unknown; owner: string | null };

/** The first kind a statement may use for its own rows beside the count's. */
export const OWN_ROWS = 10;

/** What a count statement answered: the achievements as read (readAchievements' shape), the stored values, the held character. */
export interface CountRead {
  totalPoints: number | null;
  title: string | null;
  timeZone: string | null;
  timeZoneSetAt: Date | null;
  counters: Array<{ key: string; value: number }>;
  unlocked: Array<{ achievementId: string; unlockedAt: Date }>;
  granted: number[];
  /** Each changed counter's value after the change; empty when the statement was not the count. */
  stored: Record<string, number>;
  held: { id: string } | undefined;
}

export function countReadOf(rows: readonly CountRow[]): CountRead {
  const read: CountRead = {
    totalPoints: null,
    title: null,
    timeZone: null,
    timeZoneSetAt: null,
    counters: [],
    unlocked: [],
    granted: [],
    stored: {},
    held: undefined,
  };
  for (const row of rows) {
    if (row.kind === PROGRESS) Object.assign(read, { totalPoints: row.value, title: row.key, timeZone: row.zone, timeZoneSetAt: row.at });
    else if (row.kind === COUNTER) read.counters.push({ key: row.key!, value: row.value! });
    else if (row.kind === UNLOCK) read.unlocked.push({ achievementId: row.key!, unlockedAt: row.at! });
    else if (row.kind === GRANT) read.granted.push(row.value!);
    else if (row.kind === STORED) read.stored[row.key!] = row.value!;
    else if (row.kind === HELD) read.held = { id: row.key! };
  }
  return read;
}
