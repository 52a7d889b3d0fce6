import { conversationPageSchema, queryKeys, type ConversationPage } from '@rpg/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/messages/:userId?before=: a page of the conversation, oldest first; `hasMore` when older ones exist. */
export function fetchConversationPage(userId: string, before: string | undefined, signal?: AbortSignal): Promise<ConversationPage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiFetch(`/api/messages/${encodeURIComponent(userId)}${query}`, conversationPageSchema, { signal });
}

/** Pages back through the history: page 0 is the newest; `fetchNextPage` loads older ones. */
export function useConversationQuery(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.conversation(userId),
    queryFn: ({ pageParam, signal }) => fetchConversationPage(userId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.id : undefined),
  });
}
