import { auctionActionResponseSchema, queryKeys, type AuctionActionResponse } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { showServerToast, toastApiError } from '@/lib/api-toast';

/** POST /api/auction/:listingId/cancel: the item back to the character that listed it; the fee is kept. */
export function cancelListing(listingId: string): Promise<AuctionActionResponse> {
  return apiFetch(`/api/auction/${encodeURIComponent(listingId)}/cancel`, auctionActionResponseSchema, { method: 'POST' });
}

/** `characterId`: the character on screen (the server's push refreshes the one the item went back to). */
export function useCancelListing(characterId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of [queryKeys.characters, queryKeys.inventory(characterId), queryKeys.auction]) void queryClient.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn: (listingId: string) => cancelListing(listingId),
    onSuccess: (answer) => {
      showServerToast(answer.toast);
      refresh();
    },
    onError: (error) => {
      toastApiError(error, 'Cancel Failed');
      refresh();
    },
  });
}
