import { chipsResponseSchema, type ChipsResponse } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastChipsError, useChipsAnswered } from './chips-answer';
import { characterPath } from './paths';

/** Spec 02 section 8. */
export const BUY_FAILED_TEXT = 'Error processing chip purchase. Please try again later.';

/** POST /api/characters/:id/chips/buy { amount }: 1 copper a chip, in multiples of 100. */
export function buyChips(characterId: string, amount: number): Promise<ChipsResponse> {
  return apiFetch(characterPath(characterId, 'chips/buy'), chipsResponseSchema, { method: 'POST', body: { amount } });
}

export function useBuyChips(characterId: string) {
  const answered = useChipsAnswered(characterId);
  return useMutation({
    mutationFn: (amount: number) => buyChips(characterId, amount),
    onSuccess: answered,
    onError: (error) => toastChipsError(error, BUY_FAILED_TEXT),
  });
}
