import type { DirectMessage, PublicUser } from '@rpg/contract';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ReportButton } from '@/components/ReportButton';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useConversationQuery } from '../api/get-conversation';
import { useMarkRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { presenceLabel } from '../lib/friend-tabs';
import { UserAvatar } from './UserAvatar';

const time = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** Shown in place of the input when the friendship has ended (removed or blocked). */
export const READ_ONLY_TEXT = 'You are no longer friends. This conversation is kept for reading only.';

/**
 * DECISIONS §2: one conversation with a friend, or the read-only history with a former friend
 * (`canSend` false). New messages arrive live (the server's
 * `invalidate` refetches this query in every tab); what the friend sent is marked read while the
 * pane is open; older messages load a page at a time. Text is rendered as text.
 */
export function ChatPane({ friend, myId, canSend }: { friend: PublicUser; myId: string; canSend: boolean }) {
  const conversation = useConversationQuery(friend.id);
  const send = useSendMessage(friend.id);
  const markRead = useMarkRead();
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const pages = conversation.data?.pages ?? [];
  const messages: DirectMessage[] = [...pages].reverse().flatMap((page) => page.messages);
  const newest = pages[0]?.messages.at(-1)?.id;
  const unreadFromFriend = messages.some((m) => m.senderId === friend.id && m.readAt === null);
  const lastSeenMine = [...messages].reverse().find((m) => m.senderId === myId);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);

  const { mutate: markConversationRead } = markRead;
  useEffect(() => {
    if (unreadFromFriend && document.visibilityState === 'visible') markConversationRead(friend.id);
  }, [unreadFromFriend, newest, friend.id, markConversationRead]);

  function submit() {
    const body = draft.trim();
    if (body === '' || send.isPending) return;
    send.mutate(body, { onSuccess: () => setDraft('') });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <section aria-label={`Conversation with ${friend.username}`} className="flex h-[28rem] flex-col sm:h-[32rem]">
      <header className="flex items-center gap-3 border-b border-ink-700 pb-3">
        <UserAvatar username={friend.username} avatarUrl={friend.avatarUrl} isOnline={friend.isOnline} />
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-parchment-50">{friend.username}</h3>
          <p className="text-xs text-parchment-300">{presenceLabel(friend.isOnline, friend.lastSeen)}</p>
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto py-3" role="log" aria-live="polite" aria-label="Messages">
        {conversation.isError ? (
          <LoadErrorAlert title="Failed to load messages" onRetry={() => void conversation.refetch()} />
        ) : conversation.isPending ? (
          <Spinner label="Loading messages" />
        ) : (
          <>
            {conversation.hasNextPage ? (
              <div className="mb-3 text-center">
                <Button size="sm" variant="ghost" disabled={conversation.isFetchingNextPage} onClick={() => void conversation.fetchNextPage()}>
                  Load older messages
                </Button>
              </div>
            ) : null}
            {messages.length === 0 ? <p className="py-10 text-center text-sm text-parchment-300">No messages yet. Say hello!</p> : null}
            <ol className="space-y-2">
              {messages.map((message) => {
                const mine = message.senderId === myId;
                return (
                  <li key={message.id} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
                    <div className={cn('flex max-w-full items-start gap-1', mine ? 'flex-row-reverse' : 'flex-row')}>
                      <p
                        data-testid="direct-message"
                        className={cn(
                          'max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
                          mine ? 'bg-gold-500/20 text-parchment-50' : 'bg-ink-700 text-parchment-100',
                        )}
                      >
                        {message.body}
                      </p>
                      {mine ? null : <ReportButton kind="dm" itemId={String(message.id)} label={`Report message from ${friend.username}`} />}
                    </div>
                    <span className="mt-0.5 text-[11px] text-parchment-400">
                      {time(message.createdAt)}
                      {mine && lastSeenMine?.id === message.id && message.readAt ? ' · Seen' : ''}
                    </span>
                  </li>
                );
              })}
            </ol>
            <div ref={bottom} />
          </>
        )}
      </div>
      {!canSend ? (
        <p className="border-t border-ink-700 pt-3 text-sm text-parchment-300">{READ_ONLY_TEXT}</p>
      ) : (
        <form
          className="flex items-end gap-2 border-t border-ink-700 pt-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label htmlFor="direct-message-input" className="sr-only">
            Message {friend.username}
          </label>
          <textarea
            id="direct-message-input"
            rows={2}
            value={draft}
            maxLength={1000}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={`Message ${friend.username}…`}
            className={cn(
              'min-h-11 flex-1 resize-none rounded-md border border-ink-500 bg-ink-950/70 px-3 py-2 text-sm text-parchment-50',
              'placeholder:text-parchment-400/80',
              'focus-visible:border-gold-400 focus-visible:outline-2 focus-visible:outline-gold-300',
            )}
          />
          <Button type="submit" disabled={draft.trim() === '' || send.isPending} aria-label="Send message">
            <Send className="size-4" aria-hidden="true" />
          </Button>
        </form>
      )}
    </section>
  );
}
