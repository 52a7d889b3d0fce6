import { COMMENT_MAX_LENGTH } from '@rpg/game';
import { POST_TEXTS, queryKeys, type Me } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { ReportButton } from '@/components/ReportButton';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';
import { flattenComments, useCommentsQuery } from '../api/get-comments';
import { postTime } from '../lib/format';
import { Avatar } from './Avatar';

interface PostCommentsProps {
  /** The post's author (the feed's owner). */
  userId: string;
  postId: string;
}

/** Spec 03 §5 comments: the list (oldest first), 'No comments yet. Be the first to comment!', and a new comment. */
export function PostComments({ userId, postId }: PostCommentsProps) {
  const id = useId();
  const comments = useCommentsQuery(userId, postId);
  const add = useAddComment(userId, postId);
  const remove = useDeleteComment(userId, postId);
  // The signed-in player (the game frame has read it): their own comments have no report flag.
  const myId = useQueryClient().getQueryData<Me>(queryKeys.me)?.id;
  const [text, setText] = useState('');
  const list = flattenComments(comments.data);

  const submit = () => {
    if (text.trim() === '' || add.isPending) return;
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  return (
    <div className="mt-3 space-y-3 border-t border-gold-700/20 pt-3">
      {comments.isPending ? (
        <Spinner label="Loading comments" className="mx-auto" />
      ) : !comments.data ? (
        <LoadErrorAlert title="The comments could not be loaded." onRetry={() => void comments.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-parchment-300">{POST_TEXTS.noComments}</p>
      ) : (
        <>
          {comments.hasNextPage ? (
            <div className="text-center">
              <Button size="sm" variant="ghost" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
                {comments.isFetchingNextPage ? 'Loading…' : 'Load older comments'}
              </Button>
            </div>
          ) : null}
          <ul aria-label="Comments" className="space-y-2">
            {list.map((comment) => (
              <li key={comment.id} className="flex gap-2 rounded-md bg-ink-900/60 p-2" data-testid="comment">
                <Avatar name={comment.author.username} url={comment.author.avatarUrl} small />
                <div className="min-w-0 flex-1">
                  <p className="text-xs">
                    <span className="font-semibold text-parchment-100">{comment.author.username}</span>{' '}
                    <time dateTime={comment.createdAt} className="text-parchment-400">
                      {postTime(comment.createdAt)}
                    </time>
                  </p>
                  <p className="text-sm break-words whitespace-pre-wrap text-parchment-100">{comment.text}</p>
                </div>
                {comment.canDelete ? (
                  <button
                    type="button"
                    onClick={() => remove.mutate(comment.id)}
                    aria-label={`Delete comment by ${comment.author.username}`}
                    className="self-start rounded p-1 text-parchment-400 hover:bg-ink-700 hover:text-ember-400 focus-visible:outline-2 focus-visible:outline-gold-300"
                  >
                    <Trash2 className="size-3.5" aria-hidden="true" />
                  </button>
                ) : null}
                {comment.author.id !== myId ? (
                  <ReportButton kind="comment" itemId={comment.id} label={`Report comment by ${comment.author.username}`} className="self-start" />
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      <form
        className="flex items-start gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={id} className="sr-only">
          Write a comment
        </label>
        <textarea
          id={id}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder="Write a comment…"
          className={cn(
            'min-h-10 min-w-0 flex-1 resize-y rounded-md border border-ink-600 bg-ink-950/70 px-3',
            'py-2 text-sm text-parchment-50 placeholder:text-parchment-400/80 focus:border-gold-500',
            'focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-300',
          )}
        />
        <Button type="submit" size="sm" className="h-10" disabled={add.isPending || text.trim() === ''}>
          Comment
        </Button>
      </form>
    </div>
  );
}
