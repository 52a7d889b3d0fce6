import { RuleError } from '../errors.ts';

/** Spec 03 §8 info toasts, and our refusals where the spec has none. */
export const FRIEND_REQUEST_ALREADY_SENT = 'Friend request already sent';
export const ALREADY_FRIENDS = 'Already friends';
export const FRIEND_REQUEST_NOT_FOUND = 'Friend request not found';
export const FRIEND_NOT_FOUND = 'Friend not found';
export const CANNOT_BEFRIEND_SELF = 'You cannot add yourself as a friend.';
export const CANNOT_REQUEST_BLOCKED = 'You cannot send a friend request to this player.';
export const UNBLOCK_FIRST = 'Unblock this player first.';
export const CANNOT_BLOCK_SELF = 'You cannot block yourself.';

export type FriendshipStatus = 'pending' | 'accepted' | 'rejected';

/** The pair's row as the player asking sees it (undefined: no row). */
export interface ExistingFriendship {
  status: FriendshipStatus;
  /** True when the player asking now sent the row's request. */
  requestedByMe: boolean;
}

export interface BlockState {
  /** The player asking has blocked the other. */
  iBlocked: boolean;
  /** The other player has blocked the one asking. */
  blockedMe: boolean;
}

/**
 * What a new friend request does (spec 03 §4 "Friendship status"):
 * - create: no row yet; reopen: a rejected row is ignored, so it becomes a new pending request;
 * - accept-theirs: they already asked, so asking back accepts their request (our choice).
 * Refusals: yourself, a block in either direction, a pending request of ours, an accepted row.
 */
export function friendRequestAction(isSelf: boolean, existing: ExistingFriendship | undefined, blocks: BlockState): 'create' | 'reopen' | 'accept-theirs' {
  if (isSelf) throw new RuleError('friend_self', CANNOT_BEFRIEND_SELF);
  if (blocks.iBlocked) throw new RuleError('friend_blocked', UNBLOCK_FIRST, { status: 403 });
  if (blocks.blockedMe) throw new RuleError('friend_blocked', CANNOT_REQUEST_BLOCKED, { status: 403 });
  if (!existing) return 'create';
  if (existing.status === 'rejected') return 'reopen';
  if (existing.status === 'accepted') throw new RuleError('already_friends', ALREADY_FRIENDS, { status: 409 });
  if (existing.requestedByMe) throw new RuleError('friend_request_exists', FRIEND_REQUEST_ALREADY_SENT, { status: 409 });
  return 'accept-theirs';
}

/**
 * Accept or reject (spec 03 §4): only the player who was asked, only while pending. Anything
 * else reads as not found, so a row of other players is not revealed.
 */
export function checkAnswerRequest(row: { status: FriendshipStatus; addresseeIsMe: boolean } | undefined): void {
  if (!row || !row.addresseeIsMe || row.status !== 'pending') throw new RuleError('friend_request_not_found', FRIEND_REQUEST_NOT_FOUND, { status: 404 });
}

/**
 * Removing a row (remove a friend, cancel a sent request, decline in the messages panel, which
 * deletes): either side of a pending or accepted row.
 */
export function checkRemoveFriendship(row: { status: FriendshipStatus; isMine: boolean } | undefined): void {
  if (!row || !row.isMine || row.status === 'rejected') throw new RuleError('friend_not_found', FRIEND_NOT_FOUND, { status: 404 });
}

export function checkBlock(isSelf: boolean): void {
  if (isSelf) throw new RuleError('block_self', CANNOT_BLOCK_SELF);
}
