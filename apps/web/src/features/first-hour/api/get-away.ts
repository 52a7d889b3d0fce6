import { awayViewSchema, queryKeys, type AwayView } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/characters/:id/away: what settled while the player was away, when there is a card to show. */
export function fetchAway(characterId: string, signal?: AbortSignal): Promise<AwayView> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/away`, awayViewSchema, { signal });
}

/** Read once per visit: the card stays as it was read until the player dismisses it. */
export function useAwayQuery(characterId: string) {
  return useQuery({
    queryKey: queryKeys.away(characterId),
    queryFn: ({ signal }) => fetchAway(characterId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
