/**
 * Issue 28, moderation: reports of chat lines, posts, comments and direct messages; the queue
 * moderators and admins read; their actions; the audit log (docs/moderation.md).
 */
import { MODERATION_REASON_MAX_LENGTH, MUTE_MINUTES, REPORT_KINDS, REPORT_REASON_MAX_LENGTH, ROLES, SUSPENSION_DAYS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { idInput, int, text } from './input.ts';

/** ISO 8601. */
const instant = lazySchema(() => z.string());

export const roleSchema = lazySchema(() => z.enum(ROLES));
export const reportKindSchema = lazySchema(() => z.enum(REPORT_KINDS));

/** POST /api/reports: a player reports a chat line, a post, a comment or a direct message. */
export const reportBodySchema = lazySchema(() =>
  z.strictObject({
    kind: reportKindSchema,
    /** The chat line's or direct message's number (as text), the post's or comment's id. */
    itemId: idInput,
    reason: text(REPORT_REASON_MAX_LENGTH).nullish(),
  }),
);
export type ReportBody = z.infer<typeof reportBodySchema>;

/** A line shown around the reported one (chat: 5 before and after; a direct message: the conversation; a post: its comments). */
export const moderationContextLineSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    authorName: z.string(),
    text: z.string(),
    createdAt: instant,
    /** This is the reported item. */
    reported: z.boolean(),
  }),
);
export type ModerationContextLine = z.infer<typeof moderationContextLineSchema>;

/** The player a report is about, and where they stand now. */
export const moderationTargetSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    username: z.string(),
    role: roleSchema,
    /** A mute in force ends then; null: not muted. */
    mutedUntil: instant.nullable(),
    muteReason: z.string().nullable(),
    /** Suspended now (`suspendedUntil` null with this true: for good). */
    suspended: z.boolean(),
    suspendedUntil: instant.nullable(),
    suspensionReason: z.string().nullable(),
  }),
);
export type ModerationTarget = z.infer<typeof moderationTargetSchema>;

/** One open item of the queue: every open report of one chat line, post, comment or message. */
export const moderationQueueItemSchema = lazySchema(() =>
  z.strictObject({
    /** The oldest open report of the item: actions name it. */
    reportId: z.string(),
    kind: reportKindSchema,
    itemId: z.string(),
    /** As it was when first reported. */
    snapshot: z.strictObject({
      text: z.string(),
      imageUrl: z.string().nullable(),
      authorName: z.string(),
      characterName: z.string().nullable(),
      writtenAt: instant,
    }),
    /** Still there (not deleted since). */
    exists: z.boolean(),
    target: moderationTargetSchema,
    reporterCount: int(0, Number.MAX_SAFE_INTEGER),
    /** `userId`: to dismiss every open report of one reporter at once (a flood). */
    reporters: z.array(z.strictObject({ userId: z.string(), username: z.string(), reason: z.string().nullable(), createdAt: instant })),
    /** How often this player was reported (items, dismissed reports not counted) and acted on (moderator actions). */
    history: z.strictObject({ reportedItems: int(0, Number.MAX_SAFE_INTEGER), actions: int(0, Number.MAX_SAFE_INTEGER) }),
    /** A comment's post. */
    post: z.strictObject({ id: z.string(), authorName: z.string(), text: z.string() }).nullable(),
    context: z.array(moderationContextLineSchema),
  }),
);
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;

/** GET /api/moderation/reports?page=N: the oldest open items first, QUEUE_PAGE_SIZE a page. */
export const moderationQueueSchema = lazySchema(() =>
  z.strictObject({
    items: z.array(moderationQueueItemSchema),
    /** Open items in all. */
    openItems: int(0, Number.MAX_SAFE_INTEGER),
    page: int(1, Number.MAX_SAFE_INTEGER),
    pageCount: int(1, Number.MAX_SAFE_INTEGER),
  }),
);
export const moderationQueueQuerySchema = lazySchema(() => z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) }));
/** POST /api/moderation/reporters/:userId/dismiss: every open report the player filed is dismissed (a flood), with a reason. */
export const dismissReporterBodySchema = lazySchema(() => z.strictObject({ reason }));
export const dismissedReportsSchema = lazySchema(() => z.strictObject({ dismissed: int(0, Number.MAX_SAFE_INTEGER) }));
export type DismissedReports = z.infer<typeof dismissedReportsSchema>;
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

const reason = lazySchema(() => text(MODERATION_REASON_MAX_LENGTH, { multiline: true }));

/** POST /api/moderation/reports/:reportId/actions: what the moderator does with the item and why. */
export const moderationActionBodySchema = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.strictObject({ action: z.literal('dismiss'), reason }),
    z.strictObject({ action: z.literal('delete'), reason }),
    z.strictObject({ action: z.literal('mute'), reason, minutes: int(MUTE_MINUTES.min, MUTE_MINUTES.max) }),
    /** `days` null: for good. */
    z.strictObject({ action: z.literal('suspend'), reason, days: int(SUSPENSION_DAYS.min, SUSPENSION_DAYS.max).nullable() }),
  ]),
);
export type ModerationActionBody = z.infer<typeof moderationActionBodySchema>;
export const moderationReportParamsSchema = lazySchema(() => z.object({ reportId: idInput }));
export const moderationUserParamsSchema = lazySchema(() => z.object({ userId: idInput }));

/** POST /api/moderation/users/:userId/mute, /suspend: the same actions on a player, without a report. */
export const muteBodySchema = lazySchema(() => z.strictObject({ reason, minutes: int(MUTE_MINUTES.min, MUTE_MINUTES.max) }));
export const suspendBodySchema = lazySchema(() => z.strictObject({ reason, days: int(SUSPENSION_DAYS.min, SUSPENSION_DAYS.max).nullable() }));
/** POST /api/moderation/users/:userId/lift: a mute or a suspension ends now. */
export const liftBodySchema = lazySchema(() => z.strictObject({ what: z.enum(['mute', 'suspension']), reason }));
export type LiftBody = z.infer<typeof liftBodySchema>;

/** GET /api/moderation/penalties: the players muted or suspended now. */
export const penaltyListSchema = lazySchema(() => z.strictObject({ players: z.array(moderationTargetSchema) }));
export type PenaltyList = z.infer<typeof penaltyListSchema>;

/** GET /api/moderation/log?page=N (admins): every moderator action, newest first. */
export const auditQuerySchema = lazySchema(() => z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) }));
export const auditEntrySchema = lazySchema(() =>
  z.strictObject({
    id: z.number(),
    actorName: z.string(),
    action: z.string(),
    targetName: z.string(),
    reason: z.string(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    createdAt: instant,
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = lazySchema(() => z.strictObject({ entries: z.array(auditEntrySchema), page: z.number(), pageCount: z.number() }));
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/moderation/staff (admins): the moderators and admins. */
export const staffListSchema = lazySchema(() => z.strictObject({ staff: z.array(z.strictObject({ id: z.string(), username: z.string(), role: roleSchema })) }));
export type StaffList = z.infer<typeof staffListSchema>;
/** POST /api/moderation/staff (admins): make a player a moderator, or a moderator a player again. */
export const roleBodySchema = lazySchema(() => z.strictObject({ username: text(64), role: z.enum(['moderator', 'player']), reason }));
export type RoleBody = z.infer<typeof roleBodySchema>;

/** Pushed to a player a moderator acted on: what happened and why (a suspension's tabs are then signed out). */
export const moderationNoticePushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('moderation-notice'),
    action: z.enum(['delete', 'mute', 'suspend', 'unmute', 'unsuspend']),
    title: z.string(),
    description: z.string(),
  }),
);
export type ModerationNoticePush = z.infer<typeof moderationNoticePushSchema>;
