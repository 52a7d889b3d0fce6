import { auctionActionResponseSchema, queryKeys, type AuctionActionResponse } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { showServerToast, toastApiError } from '@/lib/api-toast';
import { playSound } from '@/lib/audio';

/**
 * POST /api/characters/:id/auction/:listingId/buy. Refusals keep the server's title:
 * 'Cannot Buy Own Item', 'Insufficient Funds', 'Listing Unavailable' (sold or ended a moment
 * ago, nothing charged), 'Backpack Full'.
 */
export function buyListing(characterId: string, listingId: string): Promise<AuctionActionResponse> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/auction/${encodeURIComponent(listingId)}/buy`, auctionActionResponseSchema, {
    method: 'POST',
  });
}

export function useBuyListing(characterId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of [queryKeys.characters, queryKeys.inventory(characterId), queryKeys.auction]) void queryClient.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn: (listingId: string) => buyListing(characterId, listingId),
    onSuccess: (answer) => {
      showServerToast(answer.toast);
      playSound('coins');
      refresh();
    },
    onError: (error) => {
      toastApiError(error, 'Purchase Failed');
      refresh();
    },
  });
}
