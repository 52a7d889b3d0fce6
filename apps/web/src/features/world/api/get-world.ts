import { queryKeys, worldResponseSchema, type WorldResponse } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** Without the socket, ask again this long after the world's next turn (the push is the way while live). */
const AFTER_TURN_MS = 1_000;

/** Issue 42 GET /api/world: day or night, the world's hour, each land's weather and what it does. */
export function fetchWorld(signal?: AbortSignal): Promise<WorldResponse> {
  return apiFetch('/api/world', worldResponseSchema, { signal });
}

/**
 * The world, the same for every player. While the socket is open (`live`) the `world-changed`
 * push sets it at each turn (useWorldChanged); without it, it is asked again after each turn.
 */
export function useWorldQuery(live: boolean) {
  return useQuery({
    queryKey: queryKeys.world,
    queryFn: ({ signal }) => fetchWorld(signal),
    staleTime: Infinity,
    refetchInterval: (query) => {
      const next = query.state.data?.nextChangeAt;
      if (live || !next) return false;
      return Math.max(AFTER_TURN_MS, Date.parse(next) - Date.now() + AFTER_TURN_MS);
    },
  });
}
