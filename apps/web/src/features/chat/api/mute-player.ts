import { chatViewSchema, lazySchema, queryKeys, type ChatView } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { withMuted } from '../lib/chat-cache';

const mutedSchema = lazySchema(() => chatViewSchema.unwrap().pick({ muted: true }));

/** PUT (mute) or DELETE (unmute) /api/chat/mutes/:userId: my personal mute list (DECISIONS §4). */
export function setMuted(userId: string, muted: boolean) {
  return apiFetch(`/api/chat/mutes/${encodeURIComponent(userId)}`, mutedSchema, { method: muted ? 'PUT' : 'DELETE' });
}

export function useSetMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, muted }: { userId: string; name: string; muted: boolean }) => setMuted(userId, muted),
    onSuccess: (answer, { name, muted }) => {
      queryClient.setQueryData<ChatView>(queryKeys.chat, (old) => withMuted(old, answer.muted));
      if (muted) toast.success('Player Muted', { description: `You will no longer see messages from ${name}.` });
      else {
        toast.success('Player Unmuted', { description: `Messages from ${name} are shown again.` });
        void queryClient.invalidateQueries({ queryKey: queryKeys.chat });
      }
    },
    onError: (error) => toastApiError(error, 'Could Not Update Mute List'),
  });
}
