import { queryKeys, consoleAnswerSchema, type ConsoleAnswer } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { showServerToast, toastApiError } from '@/lib/api-toast';
import { addConsoleLines } from './get-console';

/** POST /api/characters/:id/console { text }: the typed line and the answers, plus toasts. */
export function sendConsoleLine(characterId: string, text: string): Promise<ConsoleAnswer> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/console`, consoleAnswerSchema, { method: 'POST', body: { text } });
}

/**
 * Sends one line. The answer's lines go straight into the log and its toasts are shown. A command
 * may also change the character or start an adventure: the server's push refetches what it named.
 * Only a tab whose socket is not open (`live` false) refetches them itself, so it still shows the result.
 */
export function useSendConsoleLine(characterId: string, live: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendConsoleLine(characterId, text),
    onSuccess: (answer, text) => {
      addConsoleLines(queryClient, characterId, answer.messages);
      answer.toasts.forEach(showServerToast);
      if (!live && text.trim().startsWith('/')) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.adventure(characterId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.characters });
      }
    },
    onError: (error) => toastApiError(error, 'Failed to send message'),
  });
}
