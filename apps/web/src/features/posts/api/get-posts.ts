import { postFeedSchema, queryKeys, type PostFeed } from '@rpg/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/users/:userId/posts?before=: one page of a player's feed, newest first. */
export function fetchPosts(userId: string, before: string | null, signal?: AbortSignal): Promise<PostFeed> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiFetch(`/api/users/${encodeURIComponent(userId)}/posts${query}`, postFeedSchema, { signal });
}

export function usePostsQuery(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.posts(userId),
    queryFn: ({ pageParam, signal }) => fetchPosts(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
