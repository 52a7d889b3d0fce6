import { chatMessagePushSchema, queryKeys, type ChatView } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { withLine } from '../lib/chat-cache';

/**
 * The handler for the server's 'chat-message' broadcast (app/ subscribes it): the line joins the
 * cached chat of this tab, when the chat has been loaded here.
 */
export function useChatPushHandler(): (message: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: unknown) => {
      const parsed = chatMessagePushSchema.safeParse(message);
      if (!parsed.success) return;
      queryClient.setQueryData<ChatView>(queryKeys.chat, (old) => withLine(old, parsed.data.message));
    },
    [queryClient],
  );
}
