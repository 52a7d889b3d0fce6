import { queryKeys, type ChipsResponse, type PokerResponse } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { apiErrorToast, showServerToast } from '@/lib/api-toast';
import { playSound } from '@/lib/audio';

/** Both chip routes answer the chips and money after the change and a toast. */
export function useChipsAnswered(characterId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: ChipsResponse) => {
      queryClient.setQueryData<PokerResponse>(queryKeys.casino(characterId), (old) => (old ? { ...old, chips: answer.chips } : old));
      showServerToast(answer.toast);
      if (answer.toast.variant !== 'error') playSound('coins');
      void queryClient.invalidateQueries({ queryKey: queryKeys.casino(characterId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.characters });
    },
    [queryClient, characterId],
  );
}

/**
 * A refused or failed chip request: the server's title and message ('Not enough currency', 'You need
 * 500 copper to buy 500 chips.'); without them, 'Error' and the spec's failure text.
 */
export function toastChipsError(error: unknown, failureText: string): void {
  const { title, description } = apiErrorToast(error, 'Error');
  toast.error(title, { description: description ?? failureText });
  playSound('error');
}
