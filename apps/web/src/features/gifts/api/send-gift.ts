import { changedKeys, giftResponseSchema, queryKeys, type GiftBody, type GiftResponse } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { showServerToast, toastApiError } from '@/lib/api-toast';
import { playSound } from '@/lib/audio';

/** POST /api/gifts (DECISIONS §4): copper or an item stack from the active character to a friend's. */
export function sendGift(body: GiftBody): Promise<GiftResponse> {
  return apiFetch('/api/gifts', giftResponseSchema, { method: 'POST', body });
}

/** Sends a gift from `characterId`; the server's toast on success, its refusal message otherwise. */
export function useSendGift(characterId: string, onSent: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendGift,
    onSuccess: (answer) => {
      showServerToast(answer.toast);
      playSound('coins');
      onSent();
      for (const queryKey of [...changedKeys.items(characterId), queryKeys.console(characterId)]) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toastApiError(error, 'Gift Not Sent'),
  });
}
