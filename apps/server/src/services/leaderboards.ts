import { LEADERBOARD_SIZE, type Leaderboard, type LeaderboardEntry, type LeaderboardResponse } from '@rpg/contract';
import { totalXp } from '@rpg/game';
import type { DbOrTx } from '../db/client.ts';
import { ownRanks, rankedBoard, type RankedRow } from '../db/queries/leaderboards.ts';
import type { ReadCaches } from './read-caches.ts';

/**
 * Spec 03 §2/§3, DECISIONS §2 and §4: a board across every player's characters: the top 100
 * (ties share a rank) and the player's own characters with their ranks, each with the owner's
 * username as the public name. XP is the character's total XP (the levels below plus the
 * level's XP); Adventures and Battles are the stored counts (adventures completed, battles won).
 */
export function boardEntry(board: Leaderboard, row: RankedRow, userId: string): LeaderboardEntry {
  return {
    characterId: row.characterId,
    name: row.name,
    characterClass: row.characterClass,
    level: row.level,
    value: board === 'xp' ? totalXp(row.level, row.xp) : row.k1,
    rank: row.rank,
    username: row.username,
    title: row.title,
    own: row.userId === userId,
  };
}

/**
 * The board. Its top is shared by every reader (services/read-caches.ts, dropped by the writes that
 * change a board): with it kept, one statement reads the player's own ranks; else one statement
 * reads both (one snapshot: the top 100 and the own ranks are counted over the same rows) and the
 * top is kept.
 */
export async function readBoard(db: DbOrTx, board: Leaderboard, userId: string, reads?: ReadCaches): Promise<LeaderboardResponse> {
  const entry = (row: RankedRow) => boardEntry(board, row, userId);
  const kept = reads?.top<RankedRow[]>(board);
  if (kept) return { board, entries: kept.map(entry), own: (await ownRanks(db, board, userId)).map(entry) };
  const epoch = reads?.topsEpoch;
  const { top, own } = await rankedBoard(db, board, userId, LEADERBOARD_SIZE);
  if (reads && epoch !== undefined) reads.keepTop(board, top, epoch);
  return { board, entries: top.map(entry), own: own.map(entry) };
}
