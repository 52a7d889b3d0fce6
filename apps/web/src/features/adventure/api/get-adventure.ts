import { queryKeys, adventureStateResponseSchema, type AdventureStateResponse } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** Asks again this often while an adventure the device thinks is over is still open on the server. */
export const SETTLE_POLL_MS = 1_500;

/**
 * GET /api/characters/:id/adventure: the running adventure, the last outcome and the launcher
 * (durations after speed gear, required levels, locks, win chances). The server settles a due
 * adventure on this read.
 */
export function fetchAdventureState(characterId: string, signal?: AbortSignal): Promise<AdventureStateResponse> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/adventure`, adventureStateResponseSchema, { signal });
}

export function useAdventureQuery(characterId: string) {
  return useQuery({
    queryKey: queryKeys.adventure(characterId),
    queryFn: ({ signal }) => fetchAdventureState(characterId, signal),
    // Past its end by this device's clock but not yet settled (a clock ahead of the server's, or
    // the settler is busy): keep asking until the server settles it.
    refetchInterval: (query) => {
      const current = query.state.data?.current;
      return current && Date.parse(current.endTime) <= Date.now() ? SETTLE_POLL_MS : false;
    },
  });
}
