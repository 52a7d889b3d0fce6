import { POST_TEXTS } from '@rpg/contract';
import { ScrollText } from 'lucide-react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { usePostsQuery } from './api/get-posts';
import { PostCard } from './components/PostCard';
import { PostComposer } from './components/PostComposer';
import { feedPosts } from './lib/feed-cache';

export interface ProfileFeedProps {
  /** The profile's owner (a user id). */
  userId: string;
  /** True when the signed-in player is looking at their own profile: the composer, edit and delete. */
  isOwn: boolean;
}

/**
 * Spec 03 §2 (own and another user's profile, Feed tab): the player's posts, newest first, a page
 * at a time. On my own profile I write, edit and delete posts; on anyone's I like (once,
 * DECISIONS §2) and comment. Changes by any player refetch it live (the server's `invalidate`).
 */
export function ProfileFeed({ userId, isOwn }: ProfileFeedProps) {
  const feed = usePostsQuery(userId);
  const posts = feedPosts(feed.data);

  return (
    <section aria-label="Posts" className="space-y-4">
      {isOwn ? <PostComposer userId={userId} /> : null}
      {feed.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading posts" />
        </div>
      ) : feed.isError ? (
        <LoadErrorAlert title="The posts could not be loaded." onRetry={() => void feed.refetch()} />
      ) : posts.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-10 text-center">
          <ScrollText className="size-8 text-gold-400" aria-hidden="true" />
          <p className="font-display text-lg text-parchment-100">{POST_TEXTS.noPosts}</p>
        </Card>
      ) : (
        <>
          {posts.map((post) => (
            <PostCard key={post.id} post={post} userId={userId} />
          ))}
          {feed.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
                {feed.isFetchingNextPage ? 'Loading…' : 'Load older posts'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
