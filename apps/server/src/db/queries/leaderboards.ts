import type { CharacterClass } from '@rpg/game';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { playerCharacterAttributes, playerCharacters, users } from '../schema/index.ts';

export type Board = 'xp' | 'adventures' | 'battles' | 'health' | 'defense' | 'attack';

/** One character on a board, with its ordering key (level and xp for XP; the metric otherwise) and its rank. */
export interface BoardRow {
  characterId: string;
  userId: string;
  name: string;
  characterClass: CharacterClass;
  level: number;
  xp: number;
  username: string;
  /** The owner's battle-pass title (spec 03 §4 rewards), shown beside the name; null without one. */
  title: string | null;
  /** The board's ordering key, most significant first: [level, xp] for XP, [metric] otherwise. */
  key: number[];
  rank: number;
}

const pc = playerCharacters;
const attrs = playerCharacterAttributes;
const onAttributes = (board: Board) => board === 'health' || board === 'defense' || board === 'attack';

/**
 * The ordering of each board, highest first. Every key leads an index (characters.ts:
 * player_characters_lb_*, player_character_attributes_lb_*), so the top 100 is read from the
 * index's end and a rank is a count of the index entries ahead of a key.
 */
function keysOf(board: Board): PgColumn[] {
  switch (board) {
    case 'xp':
      return [pc.level, pc.xp];
    case 'adventures':
      return [pc.adventuresCompleted];
    case 'battles':
      return [pc.battlesWon];
    case 'health':
      return [attrs.maxHealth];
    case 'defense':
      return [attrs.defense];
    case 'attack':
      return [attrs.attack];
  }
}

const tuple = (parts: (PgColumn | SQL | number)[]): SQL => sql`(${sql.join(parts.map((p) => (typeof p === 'number' ? sql`${p}::int` : p)), sql`, `)})`;

function fields(board: Board) {
  const keys = keysOf(board);
  return {
    characterId: pc.id,
    userId: pc.userId,
    name: pc.name,
    characterClass: pc.characterClass,
    level: pc.level,
    xp: pc.xp,
    username: users.username,
    title: sql<string | null>`(select t.title from "achievement_progress" t where t.user_id = ${pc.userId})`,
    k1: keys[0]!,
    k2: (keys[1] ?? keys[0])!,
  };
}

type Raw = { k1: number; k2: number } & Omit<BoardRow, 'key' | 'rank'>;
const withKey = (board: Board, { k1, k2, ...row }: Raw): Omit<BoardRow, 'rank'> => ({ ...row, key: board === 'xp' ? [k1, k2] : [k1] });

const sameKey = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const compareKeys = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};

/**
 * Spec 03 §2 / DECISIONS §2: the first `limit` characters of every player, highest first, with
 * rank() semantics (ties share a rank, the next one skips: 1, 1, 3). The list starts at the top,
 * so each rank follows from the one before it; ties are listed newest id first. With ownOnBoard,
 * the route's read before rankedBoard: test/reads.test.ts holds the two answers equal.
 */
export async function topOfBoard(db: DbOrTx, board: Board, limit: number): Promise<BoardRow[]> {
  const keys = keysOf(board);
  const tiebreak = onAttributes(board) ? attrs.characterId : pc.id;
  const order = [...keys.map((k) => desc(k)), desc(tiebreak)];
  const rows: Raw[] = onAttributes(board)
    ? await db
        .select(fields(board))
        .from(attrs)
        .innerJoin(pc, eq(pc.id, attrs.characterId))
        .innerJoin(users, eq(users.id, pc.userId))
        .orderBy(...order)
        .limit(limit)
    : await db.select(fields(board)).from(pc).innerJoin(users, eq(users.id, pc.userId)).orderBy(...order).limit(limit);
  const ranked: BoardRow[] = [];
  rows.forEach((raw, i) => {
    const row = withKey(board, raw);
    const before = ranked[i - 1];
    ranked.push({ ...row, rank: before && sameKey(before.key, row.key) ? before.rank : i + 1 });
  });
  return ranked;
}

/**
 * The player's own characters on a board, each with its rank among every character: one more
 * than the number of characters strictly ahead. One range scan of the board's index from the
 * lowest own key counts for all of them at once, so a character far outside the top 100 still
 * knows its place.
 */
export async function ownOnBoard(db: DbOrTx, board: Board, userId: string): Promise<BoardRow[]> {
  const raw: Raw[] = await db
    .select(fields(board))
    .from(pc)
    .innerJoin(attrs, eq(attrs.characterId, pc.id))
    .innerJoin(users, eq(users.id, pc.userId))
    .where(eq(pc.userId, userId))
    .orderBy(asc(pc.createdAt), asc(pc.id));
  const own = raw.map((r) => withKey(board, r));
  if (own.length === 0) return [];
  const keys = keysOf(board);
  const lowest = own.map((o) => o.key).reduce((a, b) => (compareKeys(a, b) <= 0 ? a : b));
  const counts = Object.fromEntries(own.map((o, i) => [`n${i}`, sql<number>`count(*) filter (where ${tuple(keys)} > ${tuple(o.key)})`.mapWith(Number)]));
  const [ahead] = await db
    .select(counts)
    .from(onAttributes(board) ? attrs : pc)
    .where(sql`${tuple(keys)} > ${tuple(lowest)}`);
  return own.map((o, i) => ({ ...o, rank: (ahead?.[`n${i}`] ?? 0) + 1 }));
}

/** A character on a board as the one-statement read answers it: `k1` is the board's first key, the rank counted by the database. */
export type RankedRow = Omit<BoardRow, 'key'> & { k1: number };

/** keysOf's columns by name, for the statement's text. */
const keyNames: Record<Board, string[]> = {
  xp: ['level', 'xp'],
  adventures: ['adventures_completed'],
  battles: ['battles_won'],
  health: ['max_health'],
  defense: ['defense'],
  attack: ['attack'],
};

const rowObject = sql.raw(`json_build_object('characterId', r.id, 'userId', r.user_id, 'name', r.name, 'characterClass', r.class, 'level', r.level, 'xp', r.xp, 'username', r.username, 'title', (select t.title from achievement_progress t where t.user_id = r.user_id), 'k1', r.k1, 'rank', r.rank)`);

/**
 * readBoard's statement for one board: topOfBoard's rows and ownOnBoard's, in one snapshot (one
 * statement). The same orderings, so the same indexes: the top is the index's end, ranked by
 * rank() over it (ties share a rank, listed newest id first); an own character's rank is one more
 * than the index entries strictly ahead of its key. As ownOnBoard's one scan from the lowest own
 * key, the index is read once: each own character counts only the entries between its key and the
 * next higher own key, and the ranks are the running sums, tied own keys summed together (the
 * highest counts up to the keys' maximum).
 */
function boardRead(board: Board) {
  const keys = keyNames[board];
  const on = (alias: string) => sql.raw(`(${keys.map((k) => `${alias}.${k}`).join(', ')})`);
  const desc = (alias: string) => sql.raw(keys.map((k) => `${alias}.${k} desc`).join(', '));
  const attributes = onAttributes(board);
  const keyed = attributes ? 'a' : 'c';
  const keyTable = attributes ? attrs : pc;
  const top = attributes
    ? sql`select c.id, c.user_id, c.name, c.class, c.level, c.xp, u.username, a.${sql.raw(keys[0]!)} as k1, ${on('a')} as k from ${attrs} a join ${pc} c on c.id = a.character_id join ${users} u on u.id = c.user_id order by ${desc('a')}, a.character_id desc limit ${sql.placeholder('limit')}`
    : sql`select c.id, c.user_id, c.name, c.class, c.level, c.xp, u.username, c.${sql.raw(keys[0]!)} as k1, ${on('c')} as k from ${pc} c join ${users} u on u.id = c.user_id order by ${desc('c')}, c.id desc limit ${sql.placeholder('limit')}`;
  // The own characters with their keys, and the next higher own key (null for the highest).
  const own = sql`select c.id, c.user_id, c.name, c.class, c.level, c.xp, u.username, c.created_at, ${sql.raw(keys.map((k, i) => `${keyed}.${k} as key${i}`).join(', '))}, ${sql.raw(keyed)}.${sql.raw(keys[0]!)} as k1, ${sql.raw(keys.map((k, i) => `lag(${keyed}.${k}) over (order by ${keys.map((j) => `${keyed}.${j} desc`).join(', ')}) as up${i}`).join(', '))} from ${pc} c join ${attrs} a on a.character_id = c.id join ${users} u on u.id = c.user_id where c.user_id = ${sql.placeholder('userId')}`;
  const ownKey = sql.raw(`(${keys.map((_, i) => `o.key${i}`).join(', ')})`);
  // Keys are integers: above the highest own key, up to the largest integer.
  const upTo = sql.raw(`(${keys.map((_, i) => `coalesce(o.up${i}, 2147483647)`).join(', ')})`);
  return prepared<{ userId: string; limit: number }, Array<{ top: RankedRow[]; own: RankedRow[] }>>(`leaderboard_${board}`, (db) =>
    db
      .select({
        top: sql<RankedRow[]>`coalesce((select json_agg(${rowObject} order by r.n) from (select t.*, rank() over (order by t.k desc) as rank, row_number() over (order by t.k desc, t.id desc) as n from (${top}) t) r), '[]'::json)`,
        own: sql<RankedRow[]>`coalesce((select json_agg(${rowObject} order by r.rank, r.created_at, r.id) from (select o.*, 1 + sum(s.n) over (order by ${ownKey} desc) as rank from (${own}) o cross join lateral (select count(*) as n from ${keyTable} x where ${on('x')} > ${ownKey} and ${on('x')} <= ${upTo}) s) r), '[]'::json)`,
      })
      .from(sql`(select 1) as one`),
  );
}

const boardReads = Object.fromEntries((Object.keys(keyNames) as Board[]).map((board) => [board, boardRead(board)])) as Record<Board, ReturnType<typeof boardRead>>;

/** A board's top `limit` and the player's own characters with their ranks, as topOfBoard and ownOnBoard answer them (own by rank), from one statement. */
export async function rankedBoard(db: DbOrTx, board: Board, userId: string, limit: number): Promise<{ top: RankedRow[]; own: RankedRow[] }> {
  const [row] = await boardReads[board](db, { userId, limit });
  if (!row) throw new Error('the leaderboard read no row');
  return row;
}
