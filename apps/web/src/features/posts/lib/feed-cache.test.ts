import type { PostView } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { feedPosts, mapPost, withoutPost, type FeedData } from './feed-cache';

const post = (id: string, likeCount = 0): PostView => ({
  id,
  author: { id: 'a', username: 'aria', avatarUrl: null },
  text: id,
  imageUrl: null,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
  edited: false,
  likeCount,
  likedByMe: false,
  commentCount: 0,
  isMine: false,
});
const feed: FeedData = {
  pages: [
    { posts: [post('p3'), post('p2')], nextCursor: 'p2' },
    { posts: [post('p2'), post('p1')], nextCursor: null },
  ],
  pageParams: [null, 'p2'],
};

describe('feed cache (spec 03 §2 profile feed)', () => {
  it('lists each post once, newest first, across pages', () => {
    expect(feedPosts(feed).map((p) => p.id)).toEqual(['p3', 'p2', 'p1']);
    expect(feedPosts(undefined)).toEqual([]);
  });

  it('changes one post everywhere it appears and removes a deleted one', () => {
    const liked = mapPost(feed, 'p2', (p) => ({ ...p, likeCount: 1, likedByMe: true }))!;
    expect(
      liked.pages
        .flatMap((page) => page.posts)
        .filter((p) => p.id === 'p2')
        .map((p) => p.likeCount),
    ).toEqual([1, 1]);
    expect(feedPosts(withoutPost(feed, 'p2')).map((p) => p.id)).toEqual(['p3', 'p1']);
  });
});
