import { queryKeys, buyResponseSchema, type BuyResponse, type StoreView } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api';
import { showServerToast, toastApiError } from '@/lib/api-toast';
import { playSound } from '@/lib/audio';
import { withPurchase } from '../lib/purchase';

/**
 * POST /api/characters/:id/store/buy { offerId } -> the offer (now sold) and the character after
 * paying. Refusals: 'Not enough money', 'Sold Out', 'Store Restocked', 'Equipped', backpack too
 * small or full; each with the server's title and message.
 */
export function buyOffer(characterId: string, offerId: string): Promise<BuyResponse> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/store/buy`, buyResponseSchema, { method: 'POST', body: { offerId } });
}

export function useBuyOffer(characterId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.store(characterId);
  return useMutation({
    mutationFn: (offerId: string) => buyOffer(characterId, offerId),
    onSuccess: (answer) => {
      queryClient.setQueryData<StoreView>(key, (old) => (old ? withPurchase(old, answer) : old));
      showServerToast(answer.toast);
      playSound('coins');
      for (const queryKey of [queryKeys.characters, queryKeys.inventory(characterId)]) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      toastApiError(error, 'Purchase Failed');
      // 'Sold Out' from another tab, 'Store Restocked' after the refresh: show the store as it is now.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
