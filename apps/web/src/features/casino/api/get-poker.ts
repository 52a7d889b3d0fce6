import { queryKeys, pokerResponseSchema, type PokerResponse } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { characterPath } from './paths';

/** GET /api/characters/:id/poker: the current or last hand (null before the first) and the chips held. */
export function fetchPoker(characterId: string, signal?: AbortSignal): Promise<PokerResponse> {
  return apiFetch(characterPath(characterId, 'poker'), pokerResponseSchema, { signal });
}

/** The chips and the hand of `characterId`; the server pushes invalidations of ['casino', id]. */
export function usePokerQuery(characterId: string) {
  return useQuery({ queryKey: queryKeys.casino(characterId), queryFn: ({ signal }) => fetchPoker(characterId, signal) });
}
