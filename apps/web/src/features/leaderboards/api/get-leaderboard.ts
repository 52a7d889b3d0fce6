import { leaderboardResponseSchema, queryKeys, type Leaderboard, type LeaderboardResponse } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/leaderboards/:board: the top 100 of every player's characters and the player's own ranks. */
export function fetchLeaderboard(board: Leaderboard, signal?: AbortSignal): Promise<LeaderboardResponse> {
  return apiFetch(`/api/leaderboards/${board}`, leaderboardResponseSchema, { signal });
}

export function useLeaderboardQuery(board: Leaderboard) {
  return useQuery({ queryKey: queryKeys.leaderboard(board), queryFn: ({ signal }) => fetchLeaderboard(board, signal), staleTime: 15_000 });
}
