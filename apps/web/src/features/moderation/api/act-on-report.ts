import { okResponseSchema, queryKeys, type ModerationActionBody } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { toast } from '@/lib/toast';
import { ACTION_DONE } from '../lib/texts';

/** POST /api/moderation/reports/:reportId/actions: dismiss, delete, mute or suspend, with a reason. */
export function actOnReport({ reportId, body }: { reportId: string; body: ModerationActionBody }) {
  return apiFetch(`/api/moderation/reports/${encodeURIComponent(reportId)}/actions`, okResponseSchema, { method: 'POST', body });
}

export function useActOnReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actOnReport,
    onSuccess: (_answer, { body }) => {
      toast.success(ACTION_DONE[body.action]);
      void client.invalidateQueries({ queryKey: queryKeys.moderation });
    },
    onError: (error) => {
      toastApiError(error, 'Action Failed');
      void client.invalidateQueries({ queryKey: queryKeys.moderationQueue });
    },
  });
}
