import type { FriendEntry } from '@rpg/contract';
import { Ban, MessageSquare, UserMinus, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Spinner } from '@/components/ui/Spinner';
import { SOCIAL_TEXT } from '@rpg/game';
import { cn } from '@/lib/cn';
import { useFriendAction } from '../api/friend-actions';
import { useFriendsQuery } from '../api/get-friends';
import { entriesOf, FRIEND_TABS, presenceLabel, tabCounts } from '../lib/friend-tabs';
import { BlockedPlayers } from './BlockedPlayers';
import { CountBadge } from '@/components/ui/CountBadge';
import { FriendSuggestions } from './FriendSuggestions';
import { RelationActions } from './RelationActions';
import { UserAvatar } from './UserAvatar';
import { UserSearch } from './UserSearch';

/** Spec 03 §2 "Friends" on the own profile: the four tabs with counts, the search and suggestions. */
export function FriendsPanel({ onMessage }: { onMessage: (userId: string) => void }) {
  const friends = useFriendsQuery();
  const entries = friends.data?.entries ?? [];
  const counts = tabCounts(entries);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="p-4">
        {friends.isError ? (
          <LoadErrorAlert title="Failed to load friends" onRetry={() => void friends.refetch()} />
        ) : friends.isPending ? (
          <Spinner label="Loading friends" />
        ) : (
          <Tabs.Root defaultValue="all">
            <Tabs.List aria-label="Friends" className="grid grid-cols-2 gap-1 rounded-xl border border-gold-700/40 bg-ink-850/90 p-1 sm:grid-cols-4">
              {FRIEND_TABS.map(({ tab, label }) => (
                <Tabs.Trigger
                  key={tab}
                  value={tab}
                  className={cn(
                    'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium text-parchment-200',
                    'hover:bg-ink-700 data-[state=active]:bg-gold-500 data-[state=active]:text-ink-950',
                  )}
                >
                  {label}
                  <CountBadge count={counts[tab]} showZero />
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {FRIEND_TABS.map(({ tab, label, empty }) => {
              const shown = entriesOf(entries, tab);
              return (
                <Tabs.Content key={tab} value={tab} className="mt-4">
                  {shown.length === 0 ? (
                    <p className="py-8 text-center text-parchment-300">{empty}</p>
                  ) : (
                    <ul aria-label={label} className="divide-y divide-ink-700">
                      {shown.map((entry) => (
                        <FriendRow key={entry.friendshipId} entry={entry} onMessage={onMessage} />
                      ))}
                    </ul>
                  )}
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        )}
      </Card>
      <Card className="space-y-6 p-4">
        <UserSearch />
        <FriendSuggestions />
        <BlockedPlayers />
      </Card>
    </div>
  );
}

function FriendRow({ entry, onMessage }: { entry: FriendEntry; onMessage: (userId: string) => void }) {
  const action = useFriendAction();
  const { user } = entry;
  const name = user.username || SOCIAL_TEXT.unknownUser;
  const relation = { status: entry.status === 'accepted' ? ('friends' as const) : entry.direction, friendshipId: entry.friendshipId };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <UserAvatar username={name} avatarUrl={user.avatarUrl} isOnline={user.isOnline} />
      <div className="min-w-0 flex-1">
        <Link to={`/user-profile/${encodeURIComponent(user.id)}`} className="block truncate font-medium text-parchment-100 hover:text-gold-200">
          {name}
        </Link>
        <p className="text-xs text-parchment-300">{presenceLabel(user.isOnline, user.lastSeen)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {entry.status === 'accepted' ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => onMessage(user.id)} aria-label={`Message ${name}`}>
              <MessageSquare className="size-4" aria-hidden="true" />
              Message
            </Button>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="ghost" aria-label={`Remove ${name}`}>
                  <UserMinus className="size-4" aria-hidden="true" />
                  Remove
                </Button>
              }
              title="Remove friend?"
              description={`${name} will no longer be on your friends list.`}
              confirmLabel="Remove"
              destructive
              onConfirm={() => action.mutate({ kind: 'remove', friendshipId: entry.friendshipId })}
            />
          </>
        ) : (
          <RelationActions userId={user.id} username={name} relation={relation} />
        )}
        {entry.status === 'pending' && entry.direction === 'outgoing' ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => action.mutate({ kind: 'remove', friendshipId: entry.friendshipId, toast: SOCIAL_TEXT.requestCancelled })}
            aria-label={`Cancel request to ${name}`}
          >
            <X className="size-4" aria-hidden="true" />
            Cancel
          </Button>
        ) : null}
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost" aria-label={`Block ${name}`}>
              <Ban className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Block</span>
            </Button>
          }
          title="Block player?"
          description={`${name} will not be able to send you friend requests or messages, or see when you are online. Your friendship ends.`}
          confirmLabel="Block"
          destructive
          onConfirm={() => action.mutate({ kind: 'block', userId: user.id })}
        />
      </div>
    </li>
  );
}
