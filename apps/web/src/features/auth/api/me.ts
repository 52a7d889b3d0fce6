import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api';

/** GET /api/me: the signed-in player's user row. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  lastLogin: z.string().nullable(),
  isOnline: z.boolean(),
  lastSeen: z.string().nullable(),
});

export type Me = z.infer<typeof meSchema>;

/** Shared with the server's `invalidate` pushes: `{ type: 'invalidate', queryKeys: [['me']] }`. */
export const meQueryKey = ['me'] as const;

export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return apiFetch('/api/me', meSchema, { signal });
}

export function useMe(enabled = true) {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal), enabled });
}
