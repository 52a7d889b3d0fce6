import { chatViewSchema, queryKeys, type ChatView } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/chat: the last 50 lines of the global chat (oldest first, muted players left out) and my mute list. */
export function fetchChat(signal?: AbortSignal): Promise<ChatView> {
  return apiFetch('/api/chat', chatViewSchema, { signal });
}

export function useChatQuery() {
  return useQuery({ queryKey: queryKeys.chat, queryFn: ({ signal }) => fetchChat(signal) });
}
