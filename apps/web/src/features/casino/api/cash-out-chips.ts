import { chipsResponseSchema, type ChipsResponse } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastChipsError, useChipsAnswered } from './chips-answer';
import { characterPath } from './paths';

/** Spec 02 section 8. */
export const CASH_OUT_FAILED_TEXT = 'Failed to cash out chips due to an error.';

/** POST /api/characters/:id/chips/cash-out { amount }: floor(95 %) of the chips back as copper. */
export function cashOutChips(characterId: string, amount: number): Promise<ChipsResponse> {
  return apiFetch(characterPath(characterId, 'chips/cash-out'), chipsResponseSchema, { method: 'POST', body: { amount } });
}

export function useCashOutChips(characterId: string) {
  const answered = useChipsAnswered(characterId);
  return useMutation({
    mutationFn: (amount: number) => cashOutChips(characterId, amount),
    onSuccess: answered,
    onError: (error) => toastChipsError(error, CASH_OUT_FAILED_TEXT),
  });
}
