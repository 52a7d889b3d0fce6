import { POST_TEXTS, postResponseSchema, queryKeys } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { mapPost, type FeedData } from '../lib/feed-cache';

/** PATCH /api/posts/:postId { text }: the author only; 'Post updated!'. */
export function updatePost(postId: string, text: string) {
  return apiFetch(`/api/posts/${encodeURIComponent(postId)}`, postResponseSchema, { method: 'PATCH', body: { text } });
}

export function useUpdatePost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, text }: { postId: string; text: string }) => updatePost(postId, text),
    onSuccess: ({ post }) => {
      queryClient.setQueryData<FeedData>(queryKeys.posts(userId), (old) => mapPost(old, post.id, () => post));
      toast.success(POST_TEXTS.updated);
    },
    onError: (error) => toastApiError(error, 'Failed to update post'),
  });
}
