import { queryKeys, consoleAnswerSchema, type ConsoleAnswer } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { showServerToast, toastApiError } from '@/lib/api-toast';
import { characterPath } from './paths';

/** POST /api/characters/:id/console { text }: the stored lines (the typed one first) and any toasts. */
export function postConsoleCommand(characterId: string, text: string): Promise<ConsoleAnswer> {
  return apiFetch(characterPath(characterId, 'console'), consoleAnswerSchema, { method: 'POST', body: { text } });
}

/**
 * The poker table's buttons type the console's commands ('/check', '/bet 20', ...): the console
 * shows the lines, the table refetches the hand. The answer goes to `onAnswer` (refusals are 'error' lines).
 */
export function usePokerCommand(characterId: string, onAnswer?: (answer: ConsoleAnswer) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postConsoleCommand(characterId, text),
    onSuccess: (answer) => {
      answer.toasts.forEach(showServerToast);
      onAnswer?.(answer);
    },
    onError: (error) => toastApiError(error, 'Error'),
    onSettled: () => {
      for (const queryKey of [queryKeys.console(characterId), queryKeys.casino(characterId), queryKeys.characters]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
