import { POST_MAX_LENGTH } from '@rpg/game';
import { POST_TEXTS, type PostView } from '@rpg/contract';
import { Heart, MessageCircle, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { AlertDialog, DropdownMenu } from 'radix-ui';
import { useId, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { AlertDialogPanel } from '@/components/ui/DialogPanels';
import { cn } from '@/lib/cn';
import { ReportButton } from '@/components/ReportButton';
import { useDeletePost } from '../api/delete-post';
import { useSetLiked } from '../api/like-post';
import { useUpdatePost } from '../api/update-post';
import { postTime } from '../lib/format';
import { Avatar } from './Avatar';
import { PostComments } from './PostComments';

const menuItem =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-parchment-100 outline-none data-[highlighted]:bg-ink-700 data-[highlighted]:text-parchment-50';

/** One post of a feed: author, text (as text), image, likes (one per player), comments; the author's menu (Edit, Delete). */
export function PostCard({ post, userId }: { post: PostView; userId: string }) {
  const editId = useId();
  const [showComments, setShowComments] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.text);
  const [confirming, setConfirming] = useState(false);
  const like = useSetLiked(userId);
  const update = useUpdatePost(userId);
  const remove = useDeletePost(userId);

  const save = () => {
    update.mutate({ postId: post.id, text: draft.trim() }, { onSuccess: () => setEditing(false) });
  };

  return (
    <Card aria-label={`Post by ${post.author.username}`} role="article" data-testid="post">
      <div className="flex items-start gap-3">
        <Avatar name={post.author.username} url={post.author.avatarUrl} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-parchment-50">{post.author.username}</p>
          <p className="text-xs text-parchment-400">
            <time dateTime={post.createdAt}>{postTime(post.createdAt)}</time>
            {post.edited ? ' · edited' : ''}
          </p>
        </div>
        {post.isMine ? (
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              aria-label="Post options"
              className="rounded p-1.5 text-parchment-300 hover:bg-ink-700 hover:text-parchment-50 focus-visible:outline-2 focus-visible:outline-gold-300"
            >
              <MoreHorizontal className="size-5" aria-hidden="true" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-36 rounded-md border border-gold-700/50 bg-ink-850 p-1 shadow-xl">
                <DropdownMenu.Item
                  className={menuItem}
                  onSelect={() => {
                    setDraft(post.text);
                    setEditing(true);
                  }}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </DropdownMenu.Item>
                <DropdownMenu.Item className={cn(menuItem, 'text-ember-400')} onSelect={() => setConfirming(true)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        ) : (
          <ReportButton kind="post" itemId={post.id} label={`Report post by ${post.author.username}`} className="p-1.5" />
        )}
      </div>

      {editing ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <label htmlFor={editId} className="sr-only">
            Edit post
          </label>
          <textarea
            id={editId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={POST_MAX_LENGTH}
            rows={3}
            className={cn(
              'block w-full resize-y rounded-md border border-ink-600 bg-ink-950/70 px-3 py-2 text-parchment-50',
              'focus:border-gold-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-300',
            )}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={update.isPending}>
              Save
            </Button>
          </div>
        </form>
      ) : post.text ? (
        <p className="mt-3 break-words whitespace-pre-wrap text-parchment-100">{post.text}</p>
      ) : null}
      {post.imageUrl ? (
        <img src={post.imageUrl} alt={`Image posted by ${post.author.username}`} loading="lazy" className="mt-3 max-h-96 rounded-md border border-ink-600" />
      ) : null}

      <div className="mt-3 flex items-center gap-2 border-t border-gold-700/20 pt-2">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={post.likedByMe}
          aria-label={`${post.likedByMe ? 'Unlike' : 'Like'} (${post.likeCount} ${post.likeCount === 1 ? 'like' : 'likes'})`}
          disabled={like.isPending}
          onClick={() => like.mutate({ postId: post.id, liked: !post.likedByMe })}
        >
          <Heart className={cn('size-4', post.likedByMe && 'fill-ember-500 text-ember-500')} aria-hidden="true" />
          <span data-testid="like-count">{post.likeCount}</span>
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={showComments} onClick={() => setShowComments((v) => !v)}>
          <MessageCircle className="size-4" aria-hidden="true" />
          Comments ({post.commentCount})
        </Button>
      </div>
      {showComments ? <PostComments userId={userId} postId={post.id} /> : null}

      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialogPanel>
          <AlertDialog.Title className="font-display text-xl font-semibold text-gold-300">Delete Post</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-sm text-parchment-200">{POST_TEXTS.confirmDelete}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('danger')} onClick={() => remove.mutate(post.id)}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialogPanel>
      </AlertDialog.Root>
    </Card>
  );
}
