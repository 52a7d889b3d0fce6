import type { BlockState, FriendshipStatus } from './friendship.ts';

/** Spec 03 §9 "Online window: 10 minutes" since the last sign-in, when no tab has reported since. */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;
/** A player whose last tab closed stays online this long (a reload does not flicker). */
export const PRESENCE_GRACE_MS = 45 * 1000;
/** A tab's connection counts while it pinged within this window (the hub's sweep refreshes it every 30 s). */
export const LIVE_CONNECTION_MS = 90 * 1000;

/** What presence is decided from (times in milliseconds, null: never). */
export interface PresenceFacts {
  /** When a tab of the player last reported (opened, closed, swept). */
  lastSeen: number | null;
  /** The last sign-in. */
  lastLogin: number | null;
  /** The newest ping of the player's open connections, on any process. */
  lastPing: number | null;
  /** The viewer and the player are in a block, either way. */
  hidden: boolean;
}

/**
 * Online (spec 03 §4 and §9, DECISIONS §1): a live connection, or a tab closed within the grace
 * period, or else a sign-in in the last 10 minutes with no tab reporting since. `lastSeen` is the
 * later of the two moments. Between players in a block, either way: offline, never seen.
 */
export function presence(facts: PresenceFacts, now: number): { isOnline: boolean; lastSeen: number | null } {
  if (facts.hidden) return { isOnline: false, lastSeen: null };
  const { lastSeen, lastLogin, lastPing } = facts;
  const isOnline =
    (lastPing !== null && lastPing > now - LIVE_CONNECTION_MS) ||
    (lastSeen !== null && lastSeen > now - PRESENCE_GRACE_MS) ||
    (lastLogin !== null && lastLogin > now - ONLINE_WINDOW_MS && (lastSeen === null || lastSeen <= lastLogin));
  return { isOnline, lastSeen: lastSeen === null ? lastLogin : lastLogin === null ? lastSeen : Math.max(lastSeen, lastLogin) };
}

export type RelationStatus = 'self' | 'none' | 'friends' | 'outgoing' | 'incoming' | 'blocked' | 'blocked-by';

/** The pair's friendship row (pending or accepted; a rejected one counts as none). */
export interface PairFriendship {
  id: string;
  status: FriendshipStatus;
  requestedByViewer: boolean;
}

/**
 * How the viewer stands with a player (spec 03 §4 "Friendship status"): themselves; the viewer's
 * block, then the other's; the pair's accepted row (friends) or pending one (outgoing when the
 * viewer asked, else incoming); else none.
 */
export function relationStatus(
  isSelf: boolean,
  blocks: BlockState,
  friendship: PairFriendship | null,
): { status: RelationStatus; friendshipId: string | null } {
  if (isSelf) return { status: 'self', friendshipId: null };
  if (blocks.iBlocked) return { status: 'blocked', friendshipId: null };
  if (blocks.blockedMe) return { status: 'blocked-by', friendshipId: null };
  if (!friendship || friendship.status === 'rejected') return { status: 'none', friendshipId: null };
  const status = friendship.status === 'accepted' ? 'friends' : friendship.requestedByViewer ? 'outgoing' : 'incoming';
  return { status, friendshipId: friendship.id };
}
