import type { FriendEntry } from '@rpg/contract';

/** Spec 03 §2 "Friends": the tabs All, Friends (accepted), Incoming, Sent. */
export type FriendTab = 'all' | 'friends' | 'incoming' | 'sent';

export const FRIEND_TABS: ReadonlyArray<{ tab: FriendTab; label: string; empty: string }> = [
  { tab: 'all', label: 'All', empty: 'No friends yet' },
  { tab: 'friends', label: 'Friends', empty: 'No accepted friends yet.' },
  { tab: 'incoming', label: 'Incoming', empty: 'No incoming friend requests.' },
  { tab: 'sent', label: 'Sent', empty: 'No outgoing friend requests.' },
];

export function entriesOf(entries: readonly FriendEntry[], tab: FriendTab): FriendEntry[] {
  switch (tab) {
    case 'all':
      return [...entries];
    case 'friends':
      return entries.filter((e) => e.status === 'accepted');
    case 'incoming':
      return entries.filter((e) => e.status === 'pending' && e.direction === 'incoming');
    case 'sent':
      return entries.filter((e) => e.status === 'pending' && e.direction === 'outgoing');
  }
}

export function tabCounts(entries: readonly FriendEntry[]): Record<FriendTab, number> {
  return {
    all: entries.length,
    friends: entriesOf(entries, 'friends').length,
    incoming: entriesOf(entries, 'incoming').length,
    sent: entriesOf(entries, 'sent').length,
  };
}

/** 'Online', or when the player was last seen ('Last seen 5 min ago'), or 'Offline' when hidden or never seen. */
export function presenceLabel(isOnline: boolean, lastSeen: string | null, now = Date.now()): string {
  if (isOnline) return 'Online';
  if (!lastSeen) return 'Offline';
  const minutes = Math.max(1, Math.round((now - new Date(lastSeen).getTime()) / 60_000));
  if (minutes < 60) return `Last seen ${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `Last seen ${hours} h ago`;
  return `Last seen ${Math.round(hours / 24)} days ago`;
}
