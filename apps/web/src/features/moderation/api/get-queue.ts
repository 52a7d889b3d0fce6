import { moderationQueueSchema, queryKeys } from '@rpg/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/moderation/reports?page=N: the open items, oldest first, a page at a time (moderators and admins). */
export function fetchQueue(page: number, signal?: AbortSignal) {
  return apiFetch(`/api/moderation/reports?page=${page}`, moderationQueueSchema, { signal });
}

/** Read again every 30 s while shown: reports arrive from players without a push to the staff. */
export function useQueueQuery(page: number) {
  return useQuery({
    queryKey: queryKeys.moderationQueuePage(page),
    queryFn: ({ signal }) => fetchQueue(page, signal),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
}
