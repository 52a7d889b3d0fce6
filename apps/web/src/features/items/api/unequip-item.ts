import { inventoryActionResponseSchema, type InventoryActionResponse } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { itemActionPath, useItemActionDone } from './item-action';

/** POST /api/characters/:id/inventory/:entryId/unequip -> { toast, inventory }. */
export function unequipItem(characterId: string, entryId: string): Promise<InventoryActionResponse> {
  return apiFetch(itemActionPath(characterId, entryId, 'unequip'), inventoryActionResponseSchema, { method: 'POST' });
}

export function useUnequipItem(characterId: string) {
  const done = useItemActionDone(characterId);
  return useMutation({
    mutationFn: (entryId: string) => unequipItem(characterId, entryId),
    onSuccess: done,
    onError: (error) => toastApiError(error, 'Failed to unequip item'),
  });
}
