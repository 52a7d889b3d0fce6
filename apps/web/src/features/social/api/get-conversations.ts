import { conversationListSchema, queryKeys, type ConversationList } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** GET /api/messages: one conversation per friend, the latest first, with unread counts. */
export async function fetchConversations(signal?: AbortSignal): Promise<ConversationList> {
  try {
    return await apiFetch('/api/messages', conversationListSchema, { signal });
  } catch (error) {
    if (!signal?.aborted) toastApiError(error, 'Failed to load friends for messaging');
    throw error;
  }
}

export function useConversationsQuery() {
  return useQuery({ queryKey: queryKeys.messages, queryFn: ({ signal }) => fetchConversations(signal) });
}
