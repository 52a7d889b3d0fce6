import { okResponseSchema, queryKeys } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** DELETE /api/posts/:postId/comments/:commentId: by the comment's author or the post's author. */
export function deleteComment(postId: string, commentId: string) {
  return apiFetch(`/api/posts/${encodeURIComponent(postId)}/comments/${encodeURIComponent(commentId)}`, okResponseSchema, { method: 'DELETE' });
}

export function useDeleteComment(userId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onSuccess: () => {
      toast.success('Comment deleted');
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts(userId) });
    },
    onError: (error) => toastApiError(error, 'Failed to delete comment'),
  });
}
