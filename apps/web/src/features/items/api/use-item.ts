import { useItemResponseSchema, type UseItemResponse } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { itemActionPath, useItemActionDone } from './item-action';

/** POST /api/characters/:id/inventory/:entryId/use: drinks a potion or eats food (one of a stack). */
export function consumeItem(characterId: string, entryId: string): Promise<UseItemResponse> {
  return apiFetch(itemActionPath(characterId, entryId, 'use'), useItemResponseSchema, { method: 'POST' });
}

export function useUseItem(characterId: string) {
  const done = useItemActionDone(characterId);
  return useMutation({
    mutationFn: (entryId: string) => consumeItem(characterId, entryId),
    onSuccess: done,
    onError: (error) => toastApiError(error, 'Failed to use item'),
  });
}
