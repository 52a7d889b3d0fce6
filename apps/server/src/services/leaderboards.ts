import { LEADERBOARD_SIZE, type Leaderboard, type LeaderboardEntry, type LeaderboardResponse } from '@rpg/contract';
import { totalXp } from '@rpg/game';
import type { DbOrTx } from '../db/client.ts';
import { ownOnBoard, topOfBoard, type BoardRow } from '../db/queries/leaderboards.ts';

/**
 * Spec 03 §2/§3, DECISIONS §2 and §4: a board across every player's characters: the top 100
 * (ties share a rank) and the player's own characters with their ranks, each with the owner's
 * username as the public name. XP is the character's total XP (the levels below plus the
 * level's XP); Adventures and Battles are the stored counts (adventures completed, battles won).
 */
function entry(board: Leaderboard, row: BoardRow, userId: string): LeaderboardEntry {
  return {
    characterId: row.characterId,
    name: row.name,
    characterClass: row.characterClass,
    level: row.level,
    value: board === 'xp' ? totalXp(row.level, row.xp) : (row.key[0] ?? 0),
    rank: row.rank,
    username: row.username,
    own: row.userId === userId,
  };
}

export async function readBoard(db: DbOrTx, board: Leaderboard, userId: string): Promise<LeaderboardResponse> {
  const top = await topOfBoard(db, board, LEADERBOARD_SIZE);
  const own = await ownOnBoard(db, board, userId);
  return { board, entries: top.map((r) => entry(board, r, userId)), own: own.map((r) => entry(board, r, userId)).sort((a, b) => a.rank - b.rank) };
}
