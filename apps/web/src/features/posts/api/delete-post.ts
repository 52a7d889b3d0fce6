import { okResponseSchema, POST_TEXTS, queryKeys } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { withoutPost, type FeedData } from '../lib/feed-cache';

/** DELETE /api/posts/:postId: the author only, after 'Are you sure you want to delete this post?'; 'Post deleted'. */
export function deletePost(postId: string) {
  return apiFetch(`/api/posts/${encodeURIComponent(postId)}`, okResponseSchema, { method: 'DELETE' });
}

export function useDeletePost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, postId) => {
      queryClient.setQueryData<FeedData>(queryKeys.posts(userId), (old) => withoutPost(old, postId));
      toast.success(POST_TEXTS.deleted);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile(userId) });
    },
    onError: (error) => toastApiError(error, 'Failed to delete post'),
  });
}
