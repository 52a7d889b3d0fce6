import { meResponseSchema, type Me } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** Shared with the server's `invalidate` pushes: `{ type: 'invalidate', queryKeys: [['me']] }`. */
export const meQueryKey = ['me'] as const;

/** GET /api/me: the signed-in player's user row. */
export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return apiFetch('/api/me', meResponseSchema, { signal });
}

export function useMe(enabled = true) {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal), enabled });
}
