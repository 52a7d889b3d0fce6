import { commentListSchema, queryKeys, type CommentList } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/posts/:postId/comments: oldest first. */
export function fetchComments(postId: string, signal?: AbortSignal): Promise<CommentList> {
  return apiFetch(`/api/posts/${encodeURIComponent(postId)}/comments`, commentListSchema, { signal });
}

/** `userId` is the post's author: the key sits under their feed, so a change to the feed refetches it. */
export function useCommentsQuery(userId: string, postId: string) {
  return useQuery({ queryKey: queryKeys.postComments(userId, postId), queryFn: ({ signal }) => fetchComments(postId, signal) });
}
