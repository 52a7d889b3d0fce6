import { describe, expect, it } from 'vitest';
import { ruleErrorOf } from '../errors.testutil.ts';
import {
  checkLift,
  checkModerationTarget,
  checkNotChatMuted,
  checkNotOwnReport,
  checkNotReportedYet,
  checkPenaltyAuthority,
  checkReport,
  checkReportOpen,
  checkRoleChange,
  isStaff,
  isSuspended,
  MODERATION_TEXTS,
  moderationNotice,
  moderationReason,
  muteEnd,
  reportReason,
  suspendedMessage,
  suspensionEnd,
} from './moderation.ts';

const now = new Date('2026-11-27T12:00:00.000Z');

describe('issue 28 moderation: who may report what', () => {
  it('refuses a missing item with the kind’s not-found text (404)', () => {
    const error = ruleErrorOf(() => checkReport({ kind: 'post', author: undefined, reporterId: 'me' }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Post not found');
  });

  it('refuses a direct message to anyone but its two players, as if it did not exist', () => {
    const error = ruleErrorOf(() => checkReport({ kind: 'dm', author: 'a', reporterId: 'me', participants: ['a', 'b'] }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Message not found');
  });

  it('refuses one’s own writing and the Game Master', () => {
    expect(ruleErrorOf(() => checkReport({ kind: 'comment', author: 'me', reporterId: 'me' })).message).toBe('You cannot report your own comment.');
    expect(ruleErrorOf(() => checkReport({ kind: 'chat', author: 'me', reporterId: 'me' })).message).toBe('You cannot report your own message.');
    expect(ruleErrorOf(() => checkReport({ kind: 'chat', author: null, reporterId: 'me' })).message).toBe('The Game Master cannot be reported.');
  });

  it('accepts another player’s writing, and a direct message received, answering its writer', () => {
    expect(checkReport({ kind: 'chat', author: 'them', reporterId: 'me' })).toBe('them');
    expect(checkReport({ kind: 'dm', author: 'them', reporterId: 'me', participants: ['them', 'me'] })).toBe('them');
  });

  it('refuses a second open report of the same item by the same player (409)', () => {
    const error = ruleErrorOf(() => checkNotReportedYet(true));
    expect(error.status).toBe(409);
    expect(error.message).toBe(MODERATION_TEXTS.alreadyReported);
    expect(() => checkNotReportedYet(false)).not.toThrow();
  });

  it('keeps a reason of at most 200 characters, trimmed, null when blank', () => {
    expect(ruleErrorOf(() => reportReason('x'.repeat(201))).message).toBe("A report's reason is at most 200 characters.");
    expect(reportReason('  ')).toBeNull();
    expect(reportReason(undefined)).toBeNull();
    expect(reportReason(' Insults ')).toBe('Insults');
  });
});

describe('issue 28 moderation: roles and targets', () => {
  it('only moderators and admins are staff', () => {
    expect(isStaff('player')).toBe(false);
    expect(isStaff(undefined)).toBe(false);
    expect(isStaff('moderator')).toBe(true);
    expect(isStaff('admin')).toBe(true);
  });

  it('refuses acting on oneself, a moderator acting on an admin, and a missing player', () => {
    expect(ruleErrorOf(() => checkModerationTarget({ actorId: 'm', actorRole: 'moderator', targetId: 'm', targetRole: 'moderator' })).message).toBe(
      'You cannot act on your own account.',
    );
    expect(ruleErrorOf(() => checkModerationTarget({ actorId: 'm', actorRole: 'moderator', targetId: 'a', targetRole: 'admin' })).message).toBe(
      'Moderators cannot act on an admin.',
    );
    expect(ruleErrorOf(() => checkModerationTarget({ actorId: 'm', actorRole: 'moderator', targetId: 'x', targetRole: undefined })).status).toBe(404);
    expect(() => checkModerationTarget({ actorId: 'a', actorRole: 'admin', targetId: 'a2', targetRole: 'admin' })).not.toThrow();
    // Issue 46: staff actions on staff are the admins'.
    expect(ruleErrorOf(() => checkModerationTarget({ actorId: 'm', actorRole: 'moderator', targetId: 'm2', targetRole: 'moderator' })).message).toBe(
      'Moderators cannot act on another moderator: an admin does.',
    );
    expect(() => checkModerationTarget({ actorId: 'a', actorRole: 'admin', targetId: 'm', targetRole: 'moderator' })).not.toThrow();
    expect(() => checkModerationTarget({ actorId: 'm', actorRole: 'moderator', targetId: 'p', targetRole: 'player' })).not.toThrow();
  });

  it("issue 46: a moderator never handles a report they filed, nor lifts or replaces an admin's penalty in force", () => {
    expect(ruleErrorOf(() => checkNotOwnReport('moderator', true)).message).toBe('You reported this yourself: another moderator or an admin handles it.');
    expect(() => checkNotOwnReport('admin', true)).not.toThrow();
    expect(() => checkNotOwnReport('moderator', false)).not.toThrow();
    expect(ruleErrorOf(() => checkPenaltyAuthority('moderator', true, 'admin')).message).toBe('An admin imposed this: only an admin lifts or changes it.');
    expect(() => checkPenaltyAuthority('moderator', false, 'admin')).not.toThrow();
    expect(() => checkPenaltyAuthority('moderator', true, 'moderator')).not.toThrow();
    expect(() => checkPenaltyAuthority('admin', true, 'admin')).not.toThrow();
  });

  it('admins make and unmake moderators only; never an admin, never themselves', () => {
    expect(ruleErrorOf(() => checkRoleChange({ actorId: 'a', targetId: 'p', targetRole: 'player', newRole: 'admin' })).status).toBe(403);
    expect(ruleErrorOf(() => checkRoleChange({ actorId: 'a', targetId: 'a2', targetRole: 'admin', newRole: 'player' })).message).toBe(
      'An admin is changed from the command line only.',
    );
    expect(ruleErrorOf(() => checkRoleChange({ actorId: 'a', targetId: 'a', targetRole: 'admin', newRole: 'player' })).message).toBe(
      'You cannot act on your own account.',
    );
    expect(() => checkRoleChange({ actorId: 'a', targetId: 'p', targetRole: 'player', newRole: 'moderator' })).not.toThrow();
    expect(() => checkRoleChange({ actorId: 'a', targetId: 'p', targetRole: 'moderator', newRole: 'player' })).not.toThrow();
  });

  it('a report is acted on once', () => {
    expect(ruleErrorOf(() => checkReportOpen(undefined)).status).toBe(404);
    expect(ruleErrorOf(() => checkReportOpen('dismissed')).message).toBe('This report has already been handled.');
    expect(() => checkReportOpen('open')).not.toThrow();
  });
});

describe('issue 28 moderation: reasons, mutes and suspensions', () => {
  it('every action needs a reason of at most 500 characters', () => {
    expect(ruleErrorOf(() => moderationReason('   ')).message).toBe('Give a reason for this action.');
    expect(ruleErrorOf(() => moderationReason('x'.repeat(501))).code).toBe('reason_too_long');
    expect(moderationReason(' Spam ')).toBe('Spam');
  });

  it('a mute lasts 1 minute to 30 days', () => {
    expect(ruleErrorOf(() => muteEnd(0, now)).message).toBe('A mute lasts 1 minute to 30 days.');
    expect(ruleErrorOf(() => muteEnd(30 * 24 * 60 + 1, now)).code).toBe('mute_minutes');
    expect(ruleErrorOf(() => muteEnd(1.5, now)).code).toBe('mute_minutes');
    expect(muteEnd(60, now).toISOString()).toBe('2026-11-27T13:00:00.000Z');
  });

  it('a suspension lasts 1 to 3650 days, or for good (null)', () => {
    expect(ruleErrorOf(() => suspensionEnd(0, now)).message).toBe('A suspension lasts 1 to 3650 days, or for good.');
    expect(suspensionEnd(null, now)).toBeNull();
    expect(suspensionEnd(7, now)?.toISOString()).toBe('2026-12-04T12:00:00.000Z');
  });

  it('a muted player’s line is refused naming the mute’s end (403); an ended mute lets it through', () => {
    const error = ruleErrorOf(() => checkNotChatMuted({ until: new Date('2026-11-27T13:00:00Z'), reason: 'Spam' }, now));
    expect(error.status).toBe(403);
    expect(error.message).toBe('You are muted in the global chat until 2026-11-27 13:00 UTC. Reason: Spam');
    expect(() => checkNotChatMuted({ until: new Date('2026-11-27T11:59:00Z'), reason: 'Spam' }, now)).not.toThrow();
    expect(() => checkNotChatMuted({ until: null, reason: null }, now)).not.toThrow();
  });

  it('the sign-in refusal names the reason and the end, or says for good', () => {
    expect(suspendedMessage(new Date('2026-12-04T12:00:00Z'), 'Threats')).toBe('Your account is suspended until 2026-12-04 12:00 UTC. Reason: Threats');
    expect(suspendedMessage(null, 'Cheating')).toBe('Your account is suspended for good. Reason: Cheating');
  });

  it('a suspension is in force from its start until its end (none: for good)', () => {
    expect(isSuspended({ since: null, until: null }, now)).toBe(false);
    expect(isSuspended({ since: now, until: null }, now)).toBe(true);
    expect(isSuspended({ since: now, until: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isSuspended({ since: now, until: now }, now)).toBe(false);
  });

  it('lifting what is not in force is refused', () => {
    expect(ruleErrorOf(() => checkLift('mute', false)).message).toBe('This player is not muted.');
    expect(ruleErrorOf(() => checkLift('suspension', false)).message).toBe('This player is not suspended.');
    expect(() => checkLift('mute', true)).not.toThrow();
  });

  it('the player is told what happened and why', () => {
    expect(moderationNotice('delete', 'Slurs', { kind: 'post' })).toEqual({
      title: 'Removed by a moderator',
      description: 'Your post was removed. Reason: Slurs',
    });
    expect(moderationNotice('mute', 'Spam', { until: new Date('2026-11-27T13:00:00Z') }).description).toBe(
      'You are muted in the global chat until 2026-11-27 13:00 UTC. Reason: Spam',
    );
  });
});
