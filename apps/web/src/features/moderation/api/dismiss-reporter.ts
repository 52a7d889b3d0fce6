import { dismissedReportsSchema, queryKeys } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { toast } from '@/lib/toast';
import { floodDismissed } from '../lib/texts';

/** POST /api/moderation/reporters/:userId/dismiss: every open report the player filed is dismissed at once (a flood). */
export function dismissReporter({ userId, reason }: { userId: string; username: string; reason: string }) {
  return apiFetch(`/api/moderation/reporters/${encodeURIComponent(userId)}/dismiss`, dismissedReportsSchema, { method: 'POST', body: { reason } });
}

export function useDismissReporter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dismissReporter,
    onSuccess: ({ dismissed }, { username }) => {
      toast.success(floodDismissed(dismissed, username));
      void client.invalidateQueries({ queryKey: queryKeys.moderation });
    },
    onError: (error) => {
      toastApiError(error, 'Action Failed');
      void client.invalidateQueries({ queryKey: queryKeys.moderationQueue });
    },
  });
}
