import type { FriendEntry } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { entriesOf, presenceLabel, tabCounts } from './friend-tabs';

const entry = (status: FriendEntry['status'], direction: FriendEntry['direction'], id: string): FriendEntry => ({
  friendshipId: id,
  status,
  direction,
  since: '2026-01-01T00:00:00.000Z',
  user: { id, username: id, avatarUrl: null, isOnline: false, lastSeen: null },
});

describe('friend tabs (spec 03 §2 "Friends": All, Friends, Incoming, Sent with counts)', () => {
  const entries = [
    entry('accepted', 'incoming', 'a'),
    entry('accepted', 'outgoing', 'b'),
    entry('pending', 'incoming', 'c'),
    entry('pending', 'outgoing', 'd'),
    entry('pending', 'outgoing', 'e'),
  ];

  it('puts accepted rows under Friends whoever asked, pending ones under Incoming or Sent', () => {
    expect(entriesOf(entries, 'friends').map((e) => e.friendshipId)).toEqual(['a', 'b']);
    expect(entriesOf(entries, 'incoming').map((e) => e.friendshipId)).toEqual(['c']);
    expect(entriesOf(entries, 'sent').map((e) => e.friendshipId)).toEqual(['d', 'e']);
    expect(tabCounts(entries)).toEqual({ all: 5, friends: 2, incoming: 1, sent: 2 });
  });

  it('says Online, when last seen, or Offline when hidden', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(presenceLabel(true, null, now)).toBe('Online');
    expect(presenceLabel(false, null, now)).toBe('Offline');
    expect(presenceLabel(false, '2026-01-01T11:55:00Z', now)).toBe('Last seen 5 min ago');
    expect(presenceLabel(false, '2026-01-01T09:00:00Z', now)).toBe('Last seen 3 h ago');
  });
});
