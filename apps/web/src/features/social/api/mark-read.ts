import { markReadResponseSchema, queryKeys } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** POST /api/messages/:userId/read: what that player sent me is read (the badges drop in every tab). */
export function markConversationRead(userId: string): Promise<{ marked: number }> {
  return apiFetch(`/api/messages/${encodeURIComponent(userId)}/read`, markReadResponseSchema, { method: 'POST' });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: ({ marked }) => {
      if (marked === 0) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.socialSummary });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages, exact: true });
    },
  });
}
