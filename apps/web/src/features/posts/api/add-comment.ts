import { commentResponseSchema, POST_TEXTS, queryKeys } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** POST /api/posts/:postId/comments { text }: 'Comment added'. */
export function addComment(postId: string, text: string) {
  return apiFetch(`/api/posts/${encodeURIComponent(postId)}/comments`, commentResponseSchema, { method: 'POST', body: { text } });
}

export function useAddComment(userId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addComment(postId, text),
    onSuccess: () => {
      toast.success(POST_TEXTS.commentAdded);
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts(userId) });
    },
    onError: (error) => toastApiError(error, POST_TEXTS.commentFailed),
  });
}
