import type { PostFeed, PostView } from '@rpg/contract';
import type { InfiniteData } from '@tanstack/react-query';

export type FeedData = InfiniteData<PostFeed>;

/** The cached feed with one post changed (a like, an edit, a comment count). */
export function mapPost(feed: FeedData | undefined, postId: string, change: (post: PostView) => PostView): FeedData | undefined {
  if (!feed) return feed;
  return { ...feed, pages: feed.pages.map((page) => ({ ...page, posts: page.posts.map((post) => (post.id === postId ? change(post) : post)) })) };
}

/** The cached feed without a deleted post. */
export function withoutPost(feed: FeedData | undefined, postId: string): FeedData | undefined {
  if (!feed) return feed;
  return { ...feed, pages: feed.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.id !== postId) })) };
}

/** Every post of the loaded pages, newest first, each once (a page may overlap the next after a new post). */
export function feedPosts(feed: FeedData | undefined): PostView[] {
  const seen = new Set<string>();
  const posts: PostView[] = [];
  for (const page of feed?.pages ?? []) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}
