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
 * The board. Its top is shared by every reader, and each reader's own ranks kept for them
 * (services/read-caches.ts; both dropped by every write that changes a board). With the top kept,
 * one statement reads the own ranks; with neither, one statement reads both (one snapshot: the top
 * 100 and the own ranks are counted over the same rows).
 */
export async function readBoard(db: DbOrTx, board: Leaderboard, userId: string, reads?: ReadCaches): Promise<LeaderboardResponse> {
  const entry = (row: RankedRow) => boardEntry(board, row, userId);
  if (!reads) {
    const { top, own } = await rankedBoard(db, board, userId, LEADERBOARD_SIZE);
    return { board, entries: top.map(entry), own: own.map(entry) };
  }
  const epoch = reads.topsEpoch;
  let top = reads.board<RankedRow[]>(board);
  let own = reads.board<RankedRow[]>(board, userId);
  if (!top) {
    ({ top, own } = await rankedBoard(db, board, userId, LEADERBOARD_SIZE));
    reads.keepBoard(board, undefined, top, epoch);
    reads.keepBoard(board, userId, own, epoch);
  } else if (!own) {
    own = await ownRanks(db, board, userId);
    reads.keepBoard(board, userId, own, epoch);
  }
  return { board, entries: top.map(entry), own: own.map(entry) };
}
