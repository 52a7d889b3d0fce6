import { okResponseSchema } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

export const REPORTED_TOAST = { title: 'Message Reported', description: 'Thank you. A moderator will review it.' } as const;

/** POST /api/chat/messages/:id/report: into the moderators' queue (issue 28); a second open report of the line is refused with the server's text. */
export function reportChatLine(messageId: number) {
  return apiFetch(`/api/chat/messages/${messageId}/report`, okResponseSchema, { method: 'POST', body: {} });
}

export function useReportChatLine() {
  return useMutation({
    mutationFn: reportChatLine,
    onSuccess: () => toast.success(REPORTED_TOAST.title, { description: REPORTED_TOAST.description }),
    onError: (error) => toastApiError(error, 'Report Failed'),
  });
}
