import { inboxSchema, okResponseSchema, queryKeys, type Inbox } from '@rpg/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/inbox: the newest entries and the unread count (an event's push refetches it). */
export function fetchInbox(signal?: AbortSignal): Promise<Inbox> {
  return apiFetch('/api/inbox', inboxSchema, { signal });
}

export function useInbox() {
  return useQuery({ queryKey: queryKeys.inbox, queryFn: ({ signal }) => fetchInbox(signal) });
}

/** POST /api/inbox/read: these entries, or every one; every tab's badge follows (the server's invalidate). */
export function useMarkInboxRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: string[] } | { all: true }) => apiFetch('/api/inbox/read', okResponseSchema, { method: 'POST', body: which }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inbox }),
  });
}
