import { moderationQueueSchema, queryKeys } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/moderation/reports: the open items, oldest first (moderators and admins). */
export function fetchQueue(signal?: AbortSignal) {
  return apiFetch('/api/moderation/reports', moderationQueueSchema, { signal });
}

/** Read again every 30 s while shown: reports arrive from players without a push to the staff. */
export function useQueueQuery() {
  return useQuery({ queryKey: queryKeys.moderationQueue, queryFn: ({ signal }) => fetchQueue(signal), refetchInterval: 30_000 });
}
