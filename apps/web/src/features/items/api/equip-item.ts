import { inventoryActionResponseSchema, type InventoryActionResponse } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { itemActionPath, useItemActionDone } from './item-action';

/** POST /api/characters/:id/inventory/:entryId/equip -> { toast, inventory }. */
export function equipItem(characterId: string, entryId: string): Promise<InventoryActionResponse> {
  return apiFetch(itemActionPath(characterId, entryId, 'equip'), inventoryActionResponseSchema, { method: 'POST' });
}

export function useEquipItem(characterId: string) {
  const done = useItemActionDone(characterId);
  return useMutation({
    mutationFn: (entryId: string) => equipItem(characterId, entryId),
    onSuccess: done,
    onError: (error) => toastApiError(error, 'Failed to equip item'),
  });
}
