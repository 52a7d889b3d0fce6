import { queryKeys, sendChatResponseSchema, type ChatView } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { withLine } from '../lib/chat-cache';

/** POST /api/chat { text }: said by the active character. Refusals: 'Could not find your character data.', 'Slow Down', too long. */
export function sendChat(text: string) {
  return apiFetch('/api/chat', sendChatResponseSchema, { method: 'POST', body: { text } });
}

export function useSendChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChat,
    onSuccess: ({ message }) => queryClient.setQueryData<ChatView>(queryKeys.chat, (old) => withLine(old, message)),
    onError: (error) => toastApiError(error, 'Message Not Sent'),
  });
}
