import { changedKeys, queryKeys, type InventoryView } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showServerToast, type ServerToast } from '@/lib/api-toast';

/** Every item action answers the inventory after it and a toast. */
export interface ItemActionAnswer {
  toast: ServerToast;
  inventory: InventoryView;
}

/** The inventory action path: POST /api/characters/:id/inventory/:entryId/{action}. */
export function itemActionPath(characterId: string, entryId: string, action: 'equip' | 'unequip' | 'sell' | 'use'): string {
  return `/api/characters/${encodeURIComponent(characterId)}/inventory/${encodeURIComponent(entryId)}/${action}`;
}

/** The shared success handler: the answered inventory goes into the cache, its toast shows, the rest refetches. */
export function useItemActionDone(characterId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: ItemActionAnswer) => {
      queryClient.setQueryData(queryKeys.inventory(characterId), answer.inventory);
      showServerToast(answer.toast);
      for (const queryKey of changedKeys.items(characterId)) void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient, characterId],
  );
}
