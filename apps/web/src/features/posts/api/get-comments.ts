import { commentListSchema, queryKeys, type CommentList, type CommentView } from '@rpg/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/posts/:postId/comments[?before=<commentId>]: the newest page, or the page older than `before`; oldest first. */
export function fetchComments(postId: string, before: string | undefined, signal?: AbortSignal): Promise<CommentList> {
  const query = before === undefined ? '' : `?before=${encodeURIComponent(before)}`;
  return apiFetch(`/api/posts/${encodeURIComponent(postId)}/comments${query}`, commentListSchema, { signal });
}

/** Every loaded comment, oldest first, each once (page 0 is the newest; refetched pages may overlap). */
export function flattenComments(data: { pages: readonly CommentList[] } | undefined): CommentView[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: CommentView[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const comment of page.comments) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      out.push(comment);
    }
  }
  return out;
}

/**
 * The newest page first; 'Load older comments' fetches the next (older) one, like the feed.
 * `userId` is the post's author: the key sits under their feed, so a change to the feed refetches it.
 */
export function useCommentsQuery(userId: string, postId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.postComments(userId, postId),
    queryFn: ({ pageParam, signal }) => fetchComments(postId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.olderCursor ?? undefined,
  });
}
