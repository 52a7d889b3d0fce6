import type { CharacterClass } from '@rpg/game';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.ts';
import { playerCharacterAttributes, playerCharacters, users } from '../schema/index.ts';

export type Board = 'xp' | 'adventures' | 'battles' | 'health' | 'defense' | 'attack';

/** One character on a board: the ordering key (level and xp for XP; the metric otherwise) and its rank. */
export interface BoardRow {
  characterId: string;
  userId: string;
  name: string;
  characterClass: CharacterClass;
  level: number;
  xp: number;
  username: string;
  /** The metric's stored value (for XP the level's xp; the caller adds the levels below). */
  metric: number;
  rank: number;
}

const pc = playerCharacters;
const attrs = playerCharacterAttributes;

/**
 * The ordering of each board, highest first. Every key is the leading column of an index
 * (characters.ts: player_characters_lb_*, player_character_attributes_lb_*), so the top 100 is
 * read from the index's end and a rank is a count of the index entries ahead of it.
 */
interface KeyColumns {
  pc: Record<'level' | 'xp' | 'adventuresCompleted' | 'battlesWon', PgColumn>;
  attrs: Record<'maxHealth' | 'defense' | 'attack', PgColumn>;
}

function keysOf(board: Board, t: KeyColumns): PgColumn[] {
  switch (board) {
    case 'xp':
      return [t.pc.level, t.pc.xp];
    case 'adventures':
      return [t.pc.adventuresCompleted];
    case 'battles':
      return [t.pc.battlesWon];
    case 'health':
      return [t.attrs.maxHealth];
    case 'defense':
      return [t.attrs.defense];
    case 'attack':
      return [t.attrs.attack];
  }
}

const onAttributes = (board: Board) => board === 'health' || board === 'defense' || board === 'attack';
const row = (keys: PgColumn[]): SQL => sql`(${sql.join(keys, sql`, `)})`;

function fields(board: Board, rank: SQL<number>) {
  const keys = keysOf(board, { pc, attrs });
  return {
    characterId: pc.id,
    userId: pc.userId,
    name: pc.name,
    characterClass: pc.characterClass,
    level: pc.level,
    xp: pc.xp,
    username: users.username,
    metric: keys[keys.length - 1]!,
    rank,
  };
}

/**
 * Spec 03 §2 / DECISIONS §2: the first `limit` characters of every player, highest first, with
 * rank() semantics (ties share a rank, the next one skips). Ties are listed newest id first.
 */
export async function topOfBoard(db: DbOrTx, board: Board, limit: number): Promise<BoardRow[]> {
  const keys = keysOf(board, { pc, attrs });
  const rank = sql<number>`rank() over (order by ${sql.join(
    keys.map((k) => sql`${k} desc`),
    sql`, `,
  )})`.mapWith(Number);
  const tiebreak = onAttributes(board) ? attrs.characterId : pc.id;
  const order = [...keys.map((k) => desc(k)), desc(tiebreak)];
  if (onAttributes(board)) {
    return db
      .select(fields(board, rank))
      .from(attrs)
      .innerJoin(pc, eq(pc.id, attrs.characterId))
      .innerJoin(users, eq(users.id, pc.userId))
      .orderBy(...order)
      .limit(limit);
  }
  return db
    .select(fields(board, rank))
    .from(pc)
    .innerJoin(users, eq(users.id, pc.userId))
    .orderBy(...order)
    .limit(limit);
}

/**
 * The player's own characters on a board, each with its rank among every character: one more
 * than the number of characters strictly ahead (a count over the board's index), so a
 * character far outside the top 100 still knows its place.
 */
export async function ownOnBoard(db: DbOrTx, board: Board, userId: string): Promise<BoardRow[]> {
  const otherPc = alias(pc, 'other_pc');
  const otherAttrs = alias(attrs, 'other_attrs');
  const mine = keysOf(board, { pc, attrs });
  const theirs = keysOf(board, { pc: otherPc, attrs: otherAttrs });
  const table = onAttributes(board) ? otherAttrs : otherPc;
  const ahead = db.select({ n: count() }).from(table).where(sql`${row(theirs)} > ${row(mine)}`);
  const rank = sql<number>`(${ahead}) + 1`.mapWith(Number);
  return db
    .select(fields(board, rank))
    .from(pc)
    .innerJoin(attrs, eq(attrs.characterId, pc.id))
    .innerJoin(users, eq(users.id, pc.userId))
    .where(and(eq(pc.userId, userId)))
    .orderBy(pc.createdAt, pc.id);
}
