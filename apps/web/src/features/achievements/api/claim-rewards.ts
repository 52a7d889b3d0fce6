import { achievementsViewSchema, queryKeys, type AchievementsView } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/**
 * POST /api/achievements/claim: the battle pass's levels reached and not yet granted go to the
 * active character. The 'Level Up Reward!' toast comes with the server's push, like any level's.
 */
export function claimRewards(): Promise<AchievementsView> {
  return apiFetch('/api/achievements/claim', achievementsViewSchema, { method: 'POST', body: {} });
}

export function useClaimRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRewards,
    onSuccess: (view) => queryClient.setQueryData(queryKeys.achievements, view),
    onError: (error) => toastApiError(error, 'Claim Failed'),
  });
}
