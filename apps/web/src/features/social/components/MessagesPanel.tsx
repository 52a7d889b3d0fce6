import { SOCIAL_TEXT } from '@rpg/game';
import { Bell, Check, MessagesSquare, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useFriendAction } from '../api/friend-actions';
import { useConversationsQuery } from '../api/get-conversations';
import { useFriendsQuery } from '../api/get-friends';
import { entriesOf } from '../lib/friend-tabs';
import { ChatPane } from './ChatPane';
import { CountBadge } from '@/components/ui/CountBadge';
import { UserAvatar } from './UserAvatar';

interface MessagesPanelProps {
  myId: string;
  /** The friend whose conversation is open (from ?with= in the address). */
  activeId: string | null;
  onSelect: (userId: string) => void;
}

/**
 * Spec 03 §2 "Messages": a conversation list with search, friend-request notifications, the chat
 * pane. The list holds friends and former friends with a history (read-only), so every unread
 * message the badge counts can be opened and read.
 */
export function MessagesPanel({ myId, activeId, onSelect }: MessagesPanelProps) {
  const conversations = useConversationsQuery();
  const [filter, setFilter] = useState('');
  const list = conversations.data?.conversations ?? [];
  const shown = list.filter((c) => c.user.username.toLowerCase().includes(filter.trim().toLowerCase()));
  const activeEntry = list.find((c) => c.user.id === activeId);
  const active = activeEntry?.user;
  const pane = useRef<HTMLDivElement>(null);

  // On a phone the pane is below the list: bring the chosen conversation into view.
  useEffect(() => {
    if (activeId && window.matchMedia?.('(max-width: 1023px)').matches) pane.current?.scrollIntoView?.({ block: 'start' });
  }, [activeId]);

  return (
    <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <Card className="space-y-4 p-4">
        <RequestNotifications />
        <div>
          <label htmlFor="conversation-search" className="sr-only">
            Search conversations
          </label>
          <input
            id="conversation-search"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Search conversations"
            className={cn(
              'h-10 w-full rounded-md border border-ink-500 bg-ink-950/70 px-3 text-sm text-parchment-50',
              'placeholder:text-parchment-400/80',
              'focus-visible:border-gold-400 focus-visible:outline-2 focus-visible:outline-gold-300',
            )}
          />
        </div>
        {conversations.isPending ? (
          <Spinner label="Loading conversations" />
        ) : !conversations.data ? (
          <LoadErrorAlert title="Failed to load friends for messaging" onRetry={() => void conversations.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-sm text-parchment-300">No friends yet. Add friends to start a conversation.</p>
        ) : (
          <ul aria-label="Conversations" className="space-y-1">
            {shown.map(({ user, lastMessage, unread, friend }) => (
              <li key={user.id}>
                <button
                  type="button"
                  onClick={() => onSelect(user.id)}
                  aria-current={user.id === activeId ? 'true' : undefined}
                  aria-label={`${user.username}${friend ? '' : ', no longer a friend'}${unread > 0 ? `, ${unread} unread` : ''}`}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-ink-700',
                    user.id === activeId ? 'bg-gold-500/15 ring-1 ring-gold-500/60' : undefined,
                  )}
                >
                  <UserAvatar username={user.username} avatarUrl={user.avatarUrl} isOnline={user.isOnline} className="size-9" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-parchment-50">{user.username}</span>
                    <span className="block truncate text-xs text-parchment-300">{lastMessage ? lastMessage.body : 'No messages yet'}</span>
                  </span>
                  <CountBadge count={unread} tone="ember" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div ref={pane} className="scroll-mt-20">
        <Card className="p-4">
          {active ? (
            <ChatPane key={active.id} friend={active} myId={myId} canSend={activeEntry?.friend ?? false} />
          ) : (
            <div className="flex h-64 flex-col items-center justify-center gap-2 text-parchment-300">
              <MessagesSquare className="size-8 text-gold-400" aria-hidden="true" />
              <p>Select a friend to start chatting.</p>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}

/** Incoming friend requests, answered here: Accept, or Decline (which deletes the request). */
function RequestNotifications() {
  const friends = useFriendsQuery();
  const action = useFriendAction();
  const incoming = entriesOf(friends.data?.entries ?? [], 'incoming');
  return (
    <section aria-labelledby="request-notifications-title">
      <h3 id="request-notifications-title" className="flex items-center gap-2 text-sm font-semibold text-gold-200">
        <Bell className="size-4" aria-hidden="true" />
        Notifications
        <CountBadge count={incoming.length} tone="ember" />
      </h3>
      {friends.isPending ? null : !friends.data ? (
        <LoadErrorAlert title="Failed to load friends" onRetry={() => void friends.refetch()} className="mt-2" />
      ) : incoming.length === 0 ? (
        <p className="mt-1 text-xs text-parchment-300">No incoming friend requests.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {incoming.map((entry) => (
            <li key={entry.friendshipId} className="rounded-lg bg-ink-700/60 p-2 text-sm">
              <p className="truncate text-parchment-100">
                <span className="font-medium">{entry.user.username}</span> sent you a friend request
              </p>
              <div className="mt-2 flex gap-2">
                <Button size="sm" disabled={action.isPending} onClick={() => action.mutate({ kind: 'accept', friendshipId: entry.friendshipId })}>
                  <Check className="size-4" aria-hidden="true" />
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={action.isPending}
                  onClick={() => action.mutate({ kind: 'remove', friendshipId: entry.friendshipId, toast: SOCIAL_TEXT.requestDeclined })}
                >
                  <X className="size-4" aria-hidden="true" />
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
