import { describe, expect, it } from 'vitest';
import { ruleErrorOf } from '../errors.testutil.ts';
import {
  ALREADY_FRIENDS,
  CANNOT_BEFRIEND_SELF,
  CANNOT_REQUEST_BLOCKED,
  checkAnswerRequest,
  checkRemoveFriendship,
  FRIEND_REQUEST_ALREADY_SENT,
  FRIEND_REQUEST_NOT_FOUND,
  friendRequestAction,
  UNBLOCK_FIRST,
} from './friendship.ts';
import { checkCanMessage, DIRECT_MESSAGE_BLANK, DIRECT_MESSAGE_TOO_LONG, directMessageText, MESSAGE_BLOCKED, MESSAGE_FRIENDS_ONLY } from './messages.ts';
import { NO_PROFILE_CHANGES, USERNAME_LENGTH, usernameChange } from './username.ts';

const open = { iBlocked: false, blockedMe: false };

describe('friend request (spec 03 §4 "Friendship status")', () => {
  it('refuses yourself, a block either way, a pending request of yours and an accepted row', () => {
    expect(ruleErrorOf(() => friendRequestAction(true, undefined, open)).message).toBe(CANNOT_BEFRIEND_SELF);
    expect(ruleErrorOf(() => friendRequestAction(false, undefined, { iBlocked: false, blockedMe: true })).message).toBe(CANNOT_REQUEST_BLOCKED);
    expect(ruleErrorOf(() => friendRequestAction(false, undefined, { iBlocked: true, blockedMe: false })).message).toBe(UNBLOCK_FIRST);
    expect(ruleErrorOf(() => friendRequestAction(false, { status: 'pending', requestedByMe: true }, open)).message).toBe('Friend request already sent');
    expect(FRIEND_REQUEST_ALREADY_SENT).toBe('Friend request already sent');
    expect(ruleErrorOf(() => friendRequestAction(false, { status: 'accepted', requestedByMe: false }, open)).message).toBe(ALREADY_FRIENDS);
    expect(ALREADY_FRIENDS).toBe('Already friends');
  });

  it('creates a row, reopens a rejected one (it is ignored), and accepts theirs when they asked first', () => {
    expect(friendRequestAction(false, undefined, open)).toBe('create');
    expect(friendRequestAction(false, { status: 'rejected', requestedByMe: true }, open)).toBe('reopen');
    expect(friendRequestAction(false, { status: 'rejected', requestedByMe: false }, open)).toBe('reopen');
    expect(friendRequestAction(false, { status: 'pending', requestedByMe: false }, open)).toBe('accept-theirs');
  });

  it('lets only the recipient answer, and only a pending request', () => {
    expect(ruleErrorOf(() => checkAnswerRequest(undefined)).message).toBe(FRIEND_REQUEST_NOT_FOUND);
    expect(ruleErrorOf(() => checkAnswerRequest({ status: 'pending', addresseeIsMe: false })).status).toBe(404);
    expect(ruleErrorOf(() => checkAnswerRequest({ status: 'accepted', addresseeIsMe: true })).code).toBe('friend_request_not_found');
    expect(() => checkAnswerRequest({ status: 'pending', addresseeIsMe: true })).not.toThrow();
  });

  it('lets either side remove a pending or accepted row, never a rejected one or a stranger', () => {
    expect(ruleErrorOf(() => checkRemoveFriendship({ status: 'accepted', isMine: false })).status).toBe(404);
    expect(ruleErrorOf(() => checkRemoveFriendship({ status: 'rejected', isMine: true })).status).toBe(404);
    expect(() => checkRemoveFriendship({ status: 'pending', isMine: true })).not.toThrow();
  });
});

describe('direct messages (DECISIONS §2)', () => {
  it('refuses blank and over 1000 characters, keeps trimmed text', () => {
    expect(ruleErrorOf(() => directMessageText('  \n ')).message).toBe(DIRECT_MESSAGE_BLANK);
    expect(ruleErrorOf(() => directMessageText('x'.repeat(1001))).message).toBe(DIRECT_MESSAGE_TOO_LONG);
    expect(directMessageText(`  ${'y'.repeat(1000)} `)).toBe('y'.repeat(1000));
  });

  it('only between friends, never between blocked players', () => {
    expect(ruleErrorOf(() => checkCanMessage({ friends: true, blocked: true })).message).toBe(MESSAGE_BLOCKED);
    expect(ruleErrorOf(() => checkCanMessage({ friends: false, blocked: false })).message).toBe(MESSAGE_FRIENDS_ONLY);
    expect(() => checkCanMessage({ friends: true, blocked: false })).not.toThrow();
  });
});

describe('username (spec 03 §5 "Profile", DECISIONS §4)', () => {
  it("says 'No changes to update.' for the same name and refuses lengths outside 2-40", () => {
    expect(ruleErrorOf(() => usernameChange('bob', ' bob ')).message).toBe('No changes to update.');
    expect(NO_PROFILE_CHANGES).toBe('No changes to update.');
    expect(ruleErrorOf(() => usernameChange('bob', 'b')).message).toBe(USERNAME_LENGTH);
    expect(ruleErrorOf(() => usernameChange('bob', 'b'.repeat(41))).message).toBe(USERNAME_LENGTH);
  });

  it('accepts a new name, trimmed, and a change of case', () => {
    expect(usernameChange('bob', '  Robert ')).toBe('Robert');
    expect(usernameChange('bob', 'Bob')).toBe('Bob');
  });
});
