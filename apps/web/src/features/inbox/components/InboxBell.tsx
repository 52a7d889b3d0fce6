import type { InboxEntry, InboxKindName } from '@rpg/contract';
import { Bell, Gift, Handshake, Coins, ShieldAlert, Trophy, type LucideIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { buttonClasses } from '@/components/ui/Button';
import { CountBadge } from '@/components/ui/CountBadge';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useInbox, useMarkInboxRead } from '../api/inbox';

const ICONS: Record<InboxKindName, LucideIcon> = {
  gift: Gift,
  sale: Coins,
  'friend-request': Handshake,
  moderation: ShieldAlert,
  'battle-pass': Trophy,
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function EntryRow({ entry, onRead }: { entry: InboxEntry; onRead: (id: string) => void }) {
  const Icon = ICONS[entry.kind];
  return (
    <li>
      <button
        type="button"
        onClick={() => (entry.read ? undefined : onRead(entry.id))}
        aria-label={`${entry.title}: ${entry.body}${entry.read ? '' : ' (unread)'}`}
        className={cn(
          'flex w-full gap-3 rounded-md px-2 py-2 text-left hover:bg-ink-700/60 focus-visible:bg-ink-700/60 focus-visible:outline-none',
          entry.read ? 'opacity-70' : 'bg-ink-800/70',
        )}
      >
        <Icon className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className="truncate text-sm font-semibold text-gold-200">{entry.title}</span>
            {entry.read ? null : <span className="size-2 shrink-0 rounded-full bg-ember-500" aria-hidden="true" />}
          </span>
          <span className="block text-sm break-words text-parchment-200">{entry.body}</span>
          <time dateTime={entry.createdAt} className="block text-xs text-parchment-400">
            {when.format(new Date(entry.createdAt))}
          </time>
        </span>
      </button>
    </li>
  );
}

/**
 * Issue 44 point 6: the frame's bell. Gifts, sales, friend requests, moderation notices and
 * battle-pass rewards, kept on the server; the badge counts the unread, live in every tab.
 */
export function InboxBell() {
  const inbox = useInbox();
  const markRead = useMarkInboxRead();
  const unread = inbox.data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover.Root>
      <Popover.Trigger aria-label={label} title={label} className={buttonClasses('ghost', 'sm', 'relative')}>
        <Bell className="size-5" aria-hidden="true" />
        <CountBadge count={unread} tone="ember" className="absolute -top-1 -right-1" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg border border-gold-700/60 bg-ink-850 p-2 shadow-2xl"
        >
          <div className="flex items-center justify-between gap-2 px-2 pt-1 pb-2">
            <h2 className="font-display text-base font-semibold text-gold-200">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
              className="rounded text-xs font-medium text-gold-300 hover:text-gold-200 disabled:text-parchment-500"
            >
              Mark all read
            </button>
          </div>
          {inbox.data ? (
            inbox.data.entries.length > 0 ? (
              <ul className="max-h-[min(24rem,70dvh)] space-y-1 overflow-y-auto">
                {inbox.data.entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} onRead={(id) => markRead.mutate({ ids: [id] })} />
                ))}
              </ul>
            ) : (
              <p className="px-2 py-6 text-center text-sm text-parchment-400">Nothing yet: gifts, sales, friend requests and rewards will show here.</p>
            )
          ) : inbox.isError ? (
            <p className="px-2 py-6 text-center text-sm text-ember-300">Your notifications could not be loaded.</p>
          ) : (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
