import type { CharacterClass } from '@rpg/game';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { achievementProgress, playerCharacterAttributes, playerCharacters, users } from '../schema/index.ts';

export type Board = 'xp' | 'adventures' | 'battles' | 'health' | 'defense' | 'attack';

const pc = playerCharacters;
const attrs = playerCharacterAttributes;
const onAttributes = (board: Board) => board === 'health' || board === 'defense' || board === 'attack';

/**
 * A character on a board as the read answers it: `k1` is the board's first key (the metric; the
 * level on XP), `rank` one more than the characters strictly ahead of its key (ties share a rank).
 */
export interface RankedRow {
  characterId: string;
  userId: string;
  name: string;
  characterClass: CharacterClass;
  level: number;
  xp: number;
  username: string;
  /** The owner's battle-pass title (spec 03 §4 rewards), shown beside the name; null without one. */
  title: string | null;
  k1: number;
  rank: number;
}

/**
 * The ordering of each board, highest first, by column name. Every key leads an index
 * (characters.ts: player_characters_lb_*, player_character_attributes_lb_*), so the top 100 is
 * read from the index's end and a rank is a count of the index entries ahead of a key.
 */
const keyNames: Record<Board, string[]> = {
  xp: ['level', 'xp'],
  adventures: ['adventures_completed'],
  battles: ['battles_won'],
  health: ['max_health'],
  defense: ['defense'],
  attack: ['attack'],
};

/**
 * Spec 03 §2 / DECISIONS §2: a board's statement, its top and the player's own characters in one
 * snapshot (one statement, a typed row each, `own` telling the two lists apart). The top is the
 * index's end, ranked by rank() over it (ties share a rank: 1, 1, 3; listed newest id first); an
 * own character's rank is one more than the index entries strictly ahead of its key. The index is
 * read once for the own ranks: each own character counts only the entries between its key and the
 * next higher own key, and the ranks are the running sums, tied own keys summed together (the
 * highest counts up to the keys' maximum). The own are listed by rank, then oldest first.
 */
function boardParts(board: Board) {
  const keys = keyNames[board];
  const on = (alias: string) => sql.raw(`(${keys.map((k) => `${alias}.${k}`).join(', ')})`);
  const desc = (alias: string) => sql.raw(keys.map((k) => `${alias}.${k} desc`).join(', '));
  const attributes = onAttributes(board);
  const keyed = attributes ? 'a' : 'c';
  const keyTable = attributes ? attrs : pc;
  const top = attributes
    ? sql`select c.id, c.user_id, c.name, c.class, c.level, c.xp, u.username, a.${sql.raw(keys[0]!)} as k1, ${on('a')} as k
        from ${attrs} a join ${pc} c on c.id = a.character_id join ${users} u on u.id = c.user_id
        order by ${desc('a')}, a.character_id desc limit ${sql.placeholder('limit')}`
    : sql`select c.id, c.user_id, c.name, c.class, c.level, c.xp, u.username, c.${sql.raw(keys[0]!)} as k1, ${on('c')} as k
        from ${pc} c join ${users} u on u.id = c.user_id order by ${desc('c')}, c.id desc limit ${sql.placeholder('limit')}`;
  // The own characters with their keys, and the next higher own key (null for the highest).
  const ownKeys = sql.raw(keys.map((k, i) => `${keyed}.${k} as key${i}`).join(', '));
  const keyOrder = keys.map((j) => `${keyed}.${j} desc`).join(', ');
  const nextKeys = sql.raw(keys.map((k, i) => `lag(${keyed}.${k}) over (order by ${keyOrder}) as up${i}`).join(', '));
  const own = sql`select c.id, c.user_id, c.name, c.class, c.level, c.xp, u.username, c.created_at,
    ${ownKeys}, ${sql.raw(keyed)}.${sql.raw(keys[0]!)} as k1, ${nextKeys}
    from ${pc} c join ${attrs} a on a.character_id = c.id join ${users} u on u.id = c.user_id where c.user_id = ${sql.placeholder('userId')}`;
  const ownKey = sql.raw(`(${keys.map((_, i) => `o.key${i}`).join(', ')})`);
  // Keys are integers: above the highest own key, up to the largest integer.
  const upTo = sql.raw(`(${keys.map((_, i) => `coalesce(o.up${i}, 2147483647)`).join(', ')})`);
  const fields = sql.raw('r.id, r.user_id, r.name, r.class, r.level, r.xp, r.username, r.k1, r.rank::int as rank');
  const topRows = sql`select false as own, ${fields}, r.n as place from (select t.*, rank() over (order by t.k desc) as rank, row_number() over (order by t.k desc, t.id desc) as n from (${top}) t) r`;
  const ownRows = sql`select true as own, ${fields}, row_number() over (order by r.rank, r.created_at, r.id) as place
    from (select o.*, 1 + sum(s.n) over (order by ${ownKey} desc) as rank from (${own}) o
    cross join lateral (select count(*) as n from ${keyTable} x where ${on('x')} > ${ownKey} and ${on('x')} <= ${upTo}) s) r`;
  return { topRows, ownRows };
}

/** The board's rows from `rows` (the top's, the own's or both), in one statement named `name`. */
function boardSelect(name: string, rows: SQL) {
  return prepared(name, (db) =>
    db
      .select({
        own: sql<boolean>`b.own`,
        characterId: sql<string>`b.id`,
        userId: sql<string>`b.user_id`,
        name: sql<string>`b.name`,
        characterClass: sql<CharacterClass>`b.class`,
        level: sql<number>`b.level`,
        xp: sql<number>`b.xp`,
        username: sql<string>`b.username`,
        title: sql<string | null>`(select p.title from ${achievementProgress} p where p.user_id = b.user_id)`,
        k1: sql<number>`b.k1`,
        rank: sql<number>`b.rank`,
      })
      .from(sql`(${rows}) as b`)
      .orderBy(sql`b.own`, sql`b.place`),
  );
}

/** Each board's statements: the top and the own together (one snapshot), and the own alone (beside a top kept by services/read-caches.ts). */
function boardReads(board: Board) {
  const { topRows, ownRows } = boardParts(board);
  return { both: boardSelect(`leaderboard_${board}`, sql`${topRows} union all ${ownRows}`), own: boardSelect(`leaderboard_own_${board}`, ownRows) };
}

const reads = Object.fromEntries((Object.keys(keyNames) as Board[]).map((board) => [board, boardReads(board)])) as Record<Board, ReturnType<typeof boardReads>>;

/** A board's top `limit` and the player's own characters with their ranks (own by rank), from one statement. */
export async function rankedBoard(db: DbOrTx, board: Board, userId: string, limit: number): Promise<{ top: RankedRow[]; own: RankedRow[] }> {
  const top: RankedRow[] = [];
  const own: RankedRow[] = [];
  for (const { own: isOwn, ...row } of await reads[board].both(db, { userId, limit })) (isOwn ? own : top).push(row);
  return { top, own };
}

/** The player's own characters on a board with their ranks (own by rank), from one statement. */
export async function ownRanks(db: DbOrTx, board: Board, userId: string): Promise<RankedRow[]> {
  return (await reads[board].own(db, { userId })).map(({ own: _own, ...row }) => row);
}
