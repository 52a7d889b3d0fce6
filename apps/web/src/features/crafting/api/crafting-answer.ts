import type { CraftingActionResponse } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showServerToast } from '@/lib/api-toast';
import { craftingQueryKey, inventoryQueryKey } from './query-keys';

/** Start, collect and read answer the drawer after the change and a toast; the inventory changed too. */
export function useCraftingAnswered(characterId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: CraftingActionResponse) => {
      queryClient.setQueryData(craftingQueryKey(characterId), answer.crafting);
      showServerToast(answer.toast);
      void queryClient.invalidateQueries({ queryKey: inventoryQueryKey(characterId) });
    },
    [queryClient, characterId],
  );
}
