import { sellResponseSchema, type SellResponse } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { playSound } from '@/lib/audio';
import { itemActionPath, useItemActionDone } from './item-action';

export interface SellInput {
  entryId: string;
  /** How many of a stack; the server sells one when it is left out. */
  quantity: number;
}

/**
 * POST /api/characters/:id/inventory/:entryId/sell { quantity } -> the copper gained and the new
 * balance. Equipped gear is refused (409 'Item Equipped').
 */
export function sellItem(characterId: string, { entryId, quantity }: SellInput): Promise<SellResponse> {
  return apiFetch(itemActionPath(characterId, entryId, 'sell'), sellResponseSchema, { method: 'POST', body: { quantity } });
}

export function useSellItem(characterId: string) {
  const done = useItemActionDone(characterId);
  return useMutation({
    mutationFn: (input: SellInput) => sellItem(characterId, input),
    onSuccess: (answer) => {
      playSound('coins');
      done(answer);
    },
    onError: (error) => toastApiError(error, 'Failed to sell item.'),
  });
}
