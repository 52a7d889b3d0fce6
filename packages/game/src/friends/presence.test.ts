import { describe, expect, it } from 'vitest';
import { LIVE_CONNECTION_MS, ONLINE_WINDOW_MS, presence, PRESENCE_GRACE_MS, relationStatus } from './presence.ts';

const now = Date.parse('2026-11-27T12:00:00.000Z');
const never = { lastSeen: null, lastLogin: null, lastPing: null, hidden: false };
const open = { iBlocked: false, blockedMe: false };

describe('presence (spec 03 §4 online status, §9 "Online window: 10 minutes")', () => {
  it('is offline: never seen, hidden by a block either way (and never seen then), a stale ping, a tab closed past the grace, a sign-in past the window or followed by a closed tab', () => {
    expect(presence(never, now)).toEqual({ isOnline: false, lastSeen: null });
    expect(presence({ lastSeen: now - 1000, lastLogin: now - 1000, lastPing: now, hidden: true }, now)).toEqual({ isOnline: false, lastSeen: null });
    expect(presence({ ...never, lastPing: now - LIVE_CONNECTION_MS }, now).isOnline).toBe(false);
    expect(presence({ ...never, lastSeen: now - PRESENCE_GRACE_MS }, now)).toEqual({ isOnline: false, lastSeen: now - PRESENCE_GRACE_MS });
    expect(presence({ ...never, lastLogin: now - ONLINE_WINDOW_MS }, now).isOnline).toBe(false);
    expect(presence({ ...never, lastLogin: now - 60_000, lastSeen: now - 50_000 }, now)).toEqual({ isOnline: false, lastSeen: now - 50_000 });
  });

  it('is online: a live connection, a tab closed within the grace, a sign-in within the window with no tab since; lastSeen the later moment', () => {
    expect(presence({ ...never, lastPing: now - LIVE_CONNECTION_MS + 1 }, now)).toEqual({ isOnline: true, lastSeen: null });
    expect(presence({ ...never, lastSeen: now - PRESENCE_GRACE_MS + 1, lastLogin: now - 3_600_000 }, now)).toEqual({
      isOnline: true,
      lastSeen: now - PRESENCE_GRACE_MS + 1,
    });
    expect(presence({ ...never, lastLogin: now - ONLINE_WINDOW_MS + 1 }, now)).toEqual({ isOnline: true, lastSeen: now - ONLINE_WINDOW_MS + 1 });
    expect(presence({ ...never, lastLogin: now - 60_000, lastSeen: now - 7_200_000 }, now)).toEqual({ isOnline: true, lastSeen: now - 60_000 });
    expect(presence({ ...never, lastLogin: now - 60_000, lastSeen: now - 60_000 }, now).isOnline).toBe(true);
  });
});

describe('relation (spec 03 §4 "Friendship status")', () => {
  const row = (status: 'pending' | 'accepted' | 'rejected', requestedByViewer: boolean) => ({ id: 'f1', status, requestedByViewer });
  it("self first, then the viewer's block, then the other's, whatever row the pair has", () => {
    expect(relationStatus(true, { iBlocked: true, blockedMe: true }, row('accepted', true))).toEqual({ status: 'self', friendshipId: null });
    expect(relationStatus(false, { iBlocked: true, blockedMe: true }, row('accepted', true))).toEqual({ status: 'blocked', friendshipId: null });
    expect(relationStatus(false, { iBlocked: false, blockedMe: true }, row('pending', false))).toEqual({ status: 'blocked-by', friendshipId: null });
  });

  it("the pair's row: friends, outgoing, incoming with its id; none without one or with a rejected one", () => {
    expect(relationStatus(false, open, row('accepted', false))).toEqual({ status: 'friends', friendshipId: 'f1' });
    expect(relationStatus(false, open, row('pending', true))).toEqual({ status: 'outgoing', friendshipId: 'f1' });
    expect(relationStatus(false, open, row('pending', false))).toEqual({ status: 'incoming', friendshipId: 'f1' });
    expect(relationStatus(false, open, row('rejected', true))).toEqual({ status: 'none', friendshipId: null });
    expect(relationStatus(false, open, null)).toEqual({ status: 'none', friendshipId: null });
  });
});
