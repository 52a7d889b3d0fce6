import { meResponseSchema, queryKeys, type Me } from '@rpg/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { primeQuery } from '@/lib/early-fetch';

/** The account's query key, as the server's `invalidate` pushes name it (`queryKeys` in @rpg/contract). */
export const meQueryKey = queryKeys.me;

/** GET /api/me: the signed-in player's user row. */
export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return apiFetch('/api/me', meResponseSchema, { signal });
}

export function useMe(enabled = true) {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal), enabled });
}

/** The account index.html read early on a game path, into the query cache (lib/early-fetch.ts). */
export function primeMe(client: QueryClient): Promise<void> {
  return primeQuery(client, '/api/me', meQueryKey, ({ signal }) => fetchMe(signal));
}
