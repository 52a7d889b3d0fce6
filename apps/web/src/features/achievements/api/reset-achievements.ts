import { achievementsResetResponseSchema, queryKeys, type AchievementsResetResponse } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { showServerToast, toastApiError } from '@/lib/api-toast';

/** POST /api/achievements/reset: the player's own progress back to zero ('Achievements Reset'); granted items stay. */
export function resetAchievements(): Promise<AchievementsResetResponse> {
  return apiFetch('/api/achievements/reset', achievementsResetResponseSchema, { method: 'POST', body: {} });
}

export function useResetAchievements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAchievements,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.achievements, answer.achievements);
      showServerToast(answer.toast);
    },
    onError: (error) => toastApiError(error, 'Reset Failed'),
  });
}
