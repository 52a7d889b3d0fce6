import { queryKeys } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiSend } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** POST /api/account/sessions/:sessionId/revoke: that device is signed out (its tabs at once). */
export function revokeSession(sessionId: string): Promise<void> {
  return apiSend(`/api/account/sessions/${encodeURIComponent(sessionId)}/revoke`, { method: 'POST', body: {} });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => toast.success('Device Signed Out'),
    onError: (error) => toastApiError(error, 'Not Signed Out'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
