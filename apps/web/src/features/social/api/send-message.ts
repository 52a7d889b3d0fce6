import { queryKeys, sendMessageResponseSchema, type DirectMessage } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** POST /api/messages/:userId { body }: between friends only (DECISIONS §2). */
export async function sendMessage(userId: string, body: string): Promise<DirectMessage> {
  const answer = await apiFetch(`/api/messages/${encodeURIComponent(userId)}`, sendMessageResponseSchema, { method: 'POST', body: { body } });
  return answer.message;
}

export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(userId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversation(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages, exact: true });
    },
    onError: (error) => toastApiError(error, 'Message not sent'),
  });
}
