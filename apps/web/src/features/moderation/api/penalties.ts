import { okResponseSchema, penaltyListSchema, queryKeys, type LiftBody } from '@rpg/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { toast } from '@/lib/toast';

/** GET /api/moderation/penalties: the players muted or suspended now. */
export function fetchPenalties(signal?: AbortSignal) {
  return apiFetch('/api/moderation/penalties', penaltyListSchema, { signal });
}

export function usePenaltiesQuery() {
  return useQuery({ queryKey: queryKeys.moderationPenalties, queryFn: ({ signal }) => fetchPenalties(signal) });
}

/** POST /api/moderation/users/:userId/lift: a mute or a suspension ends now, with a reason. */
export function liftPenalty({ userId, body }: { userId: string; body: LiftBody }) {
  return apiFetch(`/api/moderation/users/${encodeURIComponent(userId)}/lift`, okResponseSchema, { method: 'POST', body });
}

export function useLiftPenalty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: liftPenalty,
    onSuccess: (_answer, { body }) => {
      toast.success(body.what === 'mute' ? 'Mute lifted' : 'Suspension lifted');
      void client.invalidateQueries({ queryKey: queryKeys.moderation });
    },
    onError: (error) => toastApiError(error, 'Action Failed'),
  });
}
