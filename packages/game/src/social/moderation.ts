import { RuleError } from '../errors.ts';

/**
 * Moderation (issue 28): roles, reports of chat lines, posts, comments and direct messages, and
 * what a moderator may do (docs/moderation.md). The texts are the game's own (the spec has none).
 */

/** A player's standing: moderators and admins read the reports and act on them. */
export const ROLES = ['player', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may open the moderation screen. */
export function isStaff(role: Role | undefined): boolean {
  return role === 'moderator' || role === 'admin';
}

/** What a player can report. */
export const REPORT_KINDS = ['chat', 'post', 'comment', 'dm'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A report's reason is optional, at most this long. */
export const REPORT_REASON_MAX_LENGTH = 200;
/** A moderator's reason is required, at most this long. */
export const MODERATION_REASON_MAX_LENGTH = 500;
/** A chat mute lasts 1 minute to 30 days. */
export const MUTE_MINUTES = { min: 1, max: 30 * 24 * 60 } as const;
/** A suspension lasts 1 to 3650 days, or for good. */
export const SUSPENSION_DAYS = { min: 1, max: 3650 } as const;

export const MODERATION_TEXTS = {
  notFound: {
    chat: 'Message not found',
    post: 'Post not found',
    comment: 'Comment not found',
    dm: 'Message not found',
  },
  cannotReportOwn: {
    chat: 'You cannot report your own message.',
    post: 'You cannot report your own post.',
    comment: 'You cannot report your own comment.',
    dm: 'You cannot report your own message.',
  },
  cannotReportSystem: 'The Game Master cannot be reported.',
  alreadyReported: 'You have already reported this. A moderator will look at it.',
  reasonTooLong: `A report's reason is at most ${REPORT_REASON_MAX_LENGTH} characters.`,
  actionReasonMissing: 'Give a reason for this action.',
  actionReasonTooLong: `A reason is at most ${MODERATION_REASON_MAX_LENGTH} characters.`,
  reportNotFound: 'Report not found',
  reportClosed: 'This report has already been handled.',
  playerNotFound: 'Player not found',
  notOnSelf: 'You cannot act on your own account.',
  notOnAdmin: 'Moderators cannot act on an admin.',
  notOnStaff: 'Moderators cannot act on another moderator: an admin does.',
  notOwnReport: 'You reported this yourself: another moderator or an admin handles it.',
  adminPenalty: 'An admin imposed this: only an admin lifts or changes it.',
  muteMinutes: `A mute lasts ${MUTE_MINUTES.min} minute to ${MUTE_MINUTES.max / (24 * 60)} days.`,
  suspensionDays: `A suspension lasts ${SUSPENSION_DAYS.min} to ${SUSPENSION_DAYS.max} days, or for good.`,
  notMuted: 'This player is not muted.',
  notSuspended: 'This player is not suspended.',
  roleOnlyModerator: 'Admins can make or unmake moderators only. Admins are made from the command line.',
  roleOfAdmin: 'An admin is changed from the command line only.',
  alreadyDeleted: 'It is already gone.',
} as const;

/** The end of a mute or suspension as the player reads it: '2026-11-27 14:05 UTC'. */
export function moderationTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A report's optional reason as stored: trimmed, null when blank. */
export function reportReason(raw: string | null | undefined): string | null {
  const reason = raw?.trim() ?? '';
  if (reason.length > REPORT_REASON_MAX_LENGTH) throw new RuleError('report_reason_too_long', MODERATION_TEXTS.reasonTooLong);
  return reason === '' ? null : reason;
}

/**
 * Who may report an item: it must exist (for a direct message: the reporter is one of its two
 * players, else it does not exist for them), not be the reporter's own, nor the Game Master's.
 * `author` is the item's writer (null for the Game Master), undefined when there is no such item.
 */
export function checkReport({
  kind,
  author,
  reporterId,
  participants,
}: {
  kind: ReportKind;
  author: string | null | undefined;
  reporterId: string;
  participants?: readonly string[];
}): string {
  if (author === undefined || (kind === 'dm' && !participants?.includes(reporterId)))
    throw new RuleError('report_item_not_found', MODERATION_TEXTS.notFound[kind], { status: 404 });
  if (author === null) throw new RuleError('report_system', MODERATION_TEXTS.cannotReportSystem);
  if (author === reporterId) throw new RuleError('report_own', MODERATION_TEXTS.cannotReportOwn[kind]);
  return author;
}

/** One open report per reporter and item: a second is refused (it would only repeat the first). */
export function checkNotReportedYet(alreadyOpen: boolean): void {
  if (alreadyOpen) throw new RuleError('already_reported', MODERATION_TEXTS.alreadyReported, { status: 409 });
}

/** Every moderator action carries a reason: trimmed, required, at most MODERATION_REASON_MAX_LENGTH. */
export function moderationReason(raw: string): string {
  const reason = raw.trim();
  if (reason === '') throw new RuleError('reason_missing', MODERATION_TEXTS.actionReasonMissing);
  if (reason.length > MODERATION_REASON_MAX_LENGTH) throw new RuleError('reason_too_long', MODERATION_TEXTS.actionReasonTooLong);
  return reason;
}

/**
 * Whether the actor may act on the target: the target exists, is not the actor, and a moderator
 * acts on players only: never on an admin, nor on another moderator (issue 46: staff actions on
 * staff are the admins'). `targetRole` undefined: no such player.
 */
export function checkModerationTarget({
  actorId,
  actorRole,
  targetId,
  targetRole,
}: {
  actorId: string;
  actorRole: Role;
  targetId: string;
  targetRole: Role | undefined;
}): void {
  if (targetRole === undefined) throw new RuleError('player_not_found', MODERATION_TEXTS.playerNotFound, { status: 404 });
  if (targetId === actorId) throw new RuleError('moderation_self', MODERATION_TEXTS.notOnSelf, { status: 403 });
  if (targetRole === 'admin' && actorRole !== 'admin') throw new RuleError('moderation_admin', MODERATION_TEXTS.notOnAdmin, { status: 403 });
  if (targetRole === 'moderator' && actorRole !== 'admin') throw new RuleError('moderation_staff', MODERATION_TEXTS.notOnStaff, { status: 403 });
}

/** Issue 46: a moderator never acts on an item they reported themself (an admin may: no one is above them). */
export function checkNotOwnReport(actorRole: Role, reportedByActor: boolean): void {
  if (reportedByActor && actorRole !== 'admin') throw new RuleError('moderation_own_report', MODERATION_TEXTS.notOwnReport, { status: 403 });
}

/**
 * Issue 46: a mute or suspension an admin imposed, while in force, is lifted or replaced (a new
 * mute or suspension) by an admin only. `imposedBy` is the role of who imposed the one in force.
 */
export function checkPenaltyAuthority(actorRole: Role, inForce: boolean, imposedBy: Role | null): void {
  if (inForce && imposedBy === 'admin' && actorRole !== 'admin')
    throw new RuleError('moderation_admin_penalty', MODERATION_TEXTS.adminPenalty, { status: 403 });
}

/** A report still open, else refused (a second moderator acted first). */
export function checkReportOpen(status: 'open' | 'dismissed' | 'actioned' | undefined): void {
  if (status === undefined) throw new RuleError('report_not_found', MODERATION_TEXTS.reportNotFound, { status: 404 });
  if (status !== 'open') throw new RuleError('report_closed', MODERATION_TEXTS.reportClosed, { status: 409 });
}

/** When a mute of `minutes` from `now` ends. */
export function muteEnd(minutes: number, now: Date): Date {
  if (!Number.isInteger(minutes) || minutes < MUTE_MINUTES.min || minutes > MUTE_MINUTES.max) throw new RuleError('mute_minutes', MODERATION_TEXTS.muteMinutes);
  return new Date(now.getTime() + minutes * 60_000);
}

/** When a suspension of `days` from `now` ends; null: for good. */
export function suspensionEnd(days: number | null, now: Date): Date | null {
  if (days === null) return null;
  if (!Number.isInteger(days) || days < SUSPENSION_DAYS.min || days > SUSPENSION_DAYS.max)
    throw new RuleError('suspension_days', MODERATION_TEXTS.suspensionDays);
  return new Date(now.getTime() + days * 24 * 60 * 60_000);
}

/** A chat mute, as the muted player reads it (the refusal of their next line, the notice). */
export function chatMutedMessage(until: Date, reason: string): string {
  return `You are muted in the global chat until ${moderationTime(until)}. Reason: ${reason}`;
}

/** The muted player's line is refused while the mute lasts (`until` null: not muted). */
export function checkNotChatMuted(mute: { until: Date | null; reason: string | null }, now: Date): void {
  if (mute.until && mute.until > now) throw new RuleError('chat_muted', chatMutedMessage(mute.until, mute.reason ?? ''), { title: 'Muted', status: 403 });
}

/** A suspension, as the suspended player reads it (the sign-in refusal, the notice). `until` null: for good. */
export function suspendedMessage(until: Date | null, reason: string): string {
  const end = until ? `until ${moderationTime(until)}` : 'for good';
  return `Your account is suspended ${end}. Reason: ${reason}`;
}

/** Whether a suspension is in force at `now` (`since` null: none; `until` null: for good). */
export function isSuspended(suspension: { since: Date | null; until: Date | null }, now: Date): boolean {
  return suspension.since !== null && (suspension.until === null || suspension.until > now);
}

/** Lifting a mute or a suspension that is not in force is refused. */
export function checkLift(what: 'mute' | 'suspension', inForce: boolean): void {
  if (!inForce)
    throw new RuleError(what === 'mute' ? 'not_muted' : 'not_suspended', what === 'mute' ? MODERATION_TEXTS.notMuted : MODERATION_TEXTS.notSuspended, {
      status: 409,
    });
}

/**
 * Admins make and unmake moderators in the moderation screen; nobody becomes an admin, or stops
 * being one, through the web (the command line does it). The target exists and is not the admin.
 */
export function checkRoleChange({
  actorId,
  targetId,
  targetRole,
  newRole,
}: {
  actorId: string;
  targetId: string;
  targetRole: Role | undefined;
  newRole: Role;
}): void {
  if (targetRole === undefined) throw new RuleError('player_not_found', MODERATION_TEXTS.playerNotFound, { status: 404 });
  if (newRole === 'admin') throw new RuleError('role_admin', MODERATION_TEXTS.roleOnlyModerator, { status: 403 });
  if (targetId === actorId) throw new RuleError('moderation_self', MODERATION_TEXTS.notOnSelf, { status: 403 });
  if (targetRole === 'admin') throw new RuleError('role_of_admin', MODERATION_TEXTS.roleOfAdmin, { status: 403 });
}

/** What a player reads when a moderator acted on them (a push; the mute and suspension say it again when met). */
export function moderationNotice(
  action: 'delete' | 'mute' | 'suspend' | 'unmute' | 'unsuspend',
  reason: string,
  { kind, until }: { kind?: ReportKind; until?: Date | null } = {},
): { title: string; description: string } {
  switch (action) {
    case 'delete': {
      const what = kind === 'post' ? 'post' : kind === 'comment' ? 'comment' : kind === 'dm' ? 'message' : 'chat line';
      return { title: 'Removed by a moderator', description: `Your ${what} was removed. Reason: ${reason}` };
    }
    case 'mute':
      return { title: 'Muted', description: chatMutedMessage(until!, reason) };
    case 'suspend':
      return { title: 'Account suspended', description: suspendedMessage(until ?? null, reason) };
    case 'unmute':
      return { title: 'Mute lifted', description: `You may speak in the global chat again. Reason: ${reason}` };
    case 'unsuspend':
      return { title: 'Suspension lifted', description: `Your account is no longer suspended. Reason: ${reason}` };
  }
}
