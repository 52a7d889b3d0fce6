import { likeResponseSchema, queryKeys } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { mapPost, type FeedData } from '../lib/feed-cache';

/** PUT (like) or DELETE (unlike) /api/posts/:postId/like: one like per player (DECISIONS §2). */
export function setLiked(postId: string, liked: boolean) {
  return apiFetch(`/api/posts/${encodeURIComponent(postId)}/like`, likeResponseSchema, { method: liked ? 'PUT' : 'DELETE' });
}

export function useSetLiked(userId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.posts(userId);
  return useMutation({
    mutationFn: ({ postId, liked }: { postId: string; liked: boolean }) => setLiked(postId, liked),
    onSuccess: ({ liked, likeCount }, { postId }) => {
      queryClient.setQueryData<FeedData>(key, (old) => mapPost(old, postId, (post) => ({ ...post, likedByMe: liked, likeCount })));
    },
    onError: (error) => {
      toastApiError(error, 'Failed to like post');
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
