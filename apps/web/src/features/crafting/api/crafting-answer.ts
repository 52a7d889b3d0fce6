import { queryKeys, type CraftingActionResponse } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showServerToast } from '@/lib/api-toast';

/** Start, collect and read answer the drawer after the change and a toast; the inventory changed too. */
export function useCraftingAnswered(characterId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: CraftingActionResponse) => {
      queryClient.setQueryData(queryKeys.crafting(characterId), answer.crafting);
      showServerToast(answer.toast);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inventory(characterId) });
    },
    [queryClient, characterId],
  );
}
