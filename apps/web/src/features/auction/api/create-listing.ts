import { auctionActionResponseSchema, queryKeys, type AuctionActionResponse, type CreateListingBody } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiFetch } from '@/lib/api';
import { showServerToast, toastApiError } from '@/lib/api-toast';
import { playSound } from '@/lib/audio';

/** POST /api/characters/:id/auction { entryId, quantity?, price }: the item into escrow, the fee paid. */
export function createListing(characterId: string, body: CreateListingBody): Promise<AuctionActionResponse> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/auction`, auctionActionResponseSchema, { method: 'POST', body });
}

export function useCreateListing(characterId: string, onListed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListingBody) => createListing(characterId, body),
    onSuccess: (answer) => {
      showServerToast(answer.toast);
      playSound('coins');
      onListed();
      for (const queryKey of [queryKeys.characters, queryKeys.inventory(characterId), queryKeys.auction]) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      // Spec 03 section 8: a refusal keeps the server's title; anything else is 'Transaction Failed'.
      if (error instanceof ApiError && error.title) toastApiError(error, 'Transaction Failed');
      else {
        toast.error('Transaction Failed', { description: 'Could not process the listing fee payment.' });
        playSound('error');
      }
    },
  });
}
