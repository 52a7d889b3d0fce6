import {
  auditPageSchema,
  auditQuerySchema,
  dismissedReportsSchema,
  dismissReporterBodySchema,
  emptyQuery,
  liftBodySchema,
  moderationActionBodySchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  moderationReportParamsSchema,
  moderationUserParamsSchema,
  okResponseSchema,
  penaltyListSchema,
  reportBodySchema,
  roleBodySchema,
  staffListSchema,
  inboxTextOf,
  invalidatePush,
  queryKeys,
  type ModerationNoticePush,
  type PushMessage,
} from '@rpg/contract';
import {
  checkLift,
  checkModerationTarget,
  checkNotOwnReport,
  checkPenaltyAuthority,
  checkReportOpen,
  checkRoleChange,
  isStaff,
  isSuspended,
  moderationNotice,
  moderationReason,
  muteEnd,
  suspensionEnd,
  type Role,
} from '@rpg/game';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { addInboxEntries } from '../db/queries/notices.ts';
import {
  auditPage,
  deleteSessions,
  penalized,
  setMute,
  setRole,
  setSuspension,
  staffList,
  standingByUsername,
  standingOf,
  writeAudit,
  type PlayerStanding,
} from '../db/queries/moderation.ts';
import { closeReports, deleteReportedItem, dismissReportsBy, lockReport, reportedBy, reportById } from '../db/queries/reports.ts';
import { notFound } from '../http/errors.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { removeUpload } from '../http/uploads.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { fileReport, moderationQueue, pushDeletion, targetView } from '../services/moderation.ts';
import { transaction } from '../db/transaction.ts';

export interface ModerationRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  dataDir: string;
  rateLimitFactor: number;
  /** Every session of the player ended: the session caches of every process evicted, every socket closed. */
  revokeSessions(userId: string): void;
}

/** The queue shows this many open items a page (the oldest first). */
export const QUEUE_PAGE_SIZE = 20;
/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 25;

interface Staff {
  userId: string;
  username: string;
  role: Role;
}

/**
 * Issue 28, moderation (docs/moderation.md):
 *   POST /api/reports { kind, itemId, reason? }                  a player reports a chat line, post, comment or direct message
 *   GET  /api/moderation/reports?page=N                          the queue, a page at a time (moderators, admins)
 *   POST /api/moderation/reports/:reportId/actions { action, reason, minutes | days }   dismiss, delete, mute, suspend
 *   POST /api/moderation/reporters/:userId/dismiss { reason }     every open report of one reporter dismissed (a flood)
 *   GET  /api/moderation/penalties                               the players muted or suspended now
 *   POST /api/moderation/users/:userId/lift { what, reason }     a mute or suspension ends now
 *   GET  /api/moderation/log?page=N                              the audit log (admins)
 *   GET  /api/moderation/staff, POST /api/moderation/staff { username, role, reason }   admins make and unmake moderators
 * Every /api/moderation route answers 404 to anyone who is not staff (signed in or not), as an
 * unknown path does: the screen's existence is not revealed. The role is read from the database
 * on every request, so a moderator unmade loses access at once. Every action is written to the
 * audit log in its own transaction.
 */
export async function moderationRoutes(app: FastifyInstance, { db, guard, hub, dataDir, rateLimitFactor, revokeSessions }: ModerationRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffOf = new WeakMap<FastifyRequest, Staff>();

  const hidden =
    (adminOnly: boolean) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      try {
        await guard(request, reply);
      } catch {
        throw notFound();
      }
      const { userId } = player(request);
      const me = await standingOf(db, userId);
      if (!me || !isStaff(me.role) || (adminOnly && me.role !== 'admin')) throw notFound();
      staffOf.set(request, { userId, username: me.username, role: me.role });
    };
  const staffGuard = hidden(false);
  const adminGuard = hidden(true);
  const staff = (request: FastifyRequest): Staff => {
    const found = staffOf.get(request);
    if (!found) throw notFound();
    return found;
  };

  api.post('/api/reports', { onRequest: guard, schema: { body: reportBodySchema, response: { 200: okResponseSchema } } }, async (request) => {
    const { userId } = player(request);
    await throttlePlayer(db, 'reports', userId, rateLimitFactor);
    const { kind, itemId, reason } = request.body;
    await fileReport(db, { kind, itemId, reporterId: userId, reason });
    return { ok: true as const };
  });

  api.get(
    '/api/moderation/reports',
    { onRequest: staffGuard, schema: { querystring: moderationQueueQuerySchema, response: { 200: moderationQueueSchema } } },
    async (request) => moderationQueue(db, QUEUE_PAGE_SIZE, request.query.page),
  );

  /**
   * Locks the target's users row (lock order step 1) and checks the actor may act on them: not
   * themself, and a moderator on players only (issue 46).
   */
  async function lockTarget(tx: Tx, actor: Staff, targetId: string): Promise<PlayerStanding> {
    const target = await standingOf(tx, targetId, true);
    checkModerationTarget({ actorId: actor.userId, actorRole: actor.role, targetId, targetRole: target?.role });
    return target!;
  }

  const audit = (
    tx: Tx,
    actor: Staff,
    target: PlayerStanding,
    action: string,
    reason: string,
    now: Date,
    details: Record<string, string | number | boolean | null>,
  ) =>
    writeAudit(tx, {
      actorId: actor.userId,
      actorName: actor.username,
      action,
      targetUserId: target.id,
      targetName: target.username,
      reason,
      details,
      createdAt: now,
    });

  const notice = (action: ModerationNoticePush['action'], reason: string, extra: Parameters<typeof moderationNotice>[2] = {}): ModerationNoticePush => ({
    type: 'moderation-notice',
    action,
    ...moderationNotice(action, reason, extra),
  });
  /** Issue 44: the notice kept in the player's inbox, in the transaction of the action. */
  const keep = (tx: Tx, userId: string, push: ModerationNoticePush) => addInboxEntries(tx, [{ userId, ...inboxTextOf(push) }]);

  /** The player is told, then (a suspension) every session of theirs ends and every tab is closed, on every process. */
  async function tell(userId: string, push: PushMessage, log: FastifyRequest['log'], revoke = false): Promise<void> {
    await pusher(hub, log).delivered(userId, push, invalidatePush([queryKeys.inbox]));
    if (revoke) revokeSessions(userId);
  }

  const actionSchema = { params: moderationReportParamsSchema, body: moderationActionBodySchema, response: { 200: okResponseSchema } };
  api.post('/api/moderation/reports/:reportId/actions', { onRequest: staffGuard, schema: actionSchema }, async (request) => {
    const actor = staff(request);
    const body = request.body;
    const reason = moderationReason(body.reason);
    const now = new Date();
    // The target first (lock order step 1), found from the report (its target never changes); then the report.
    const peek = await reportById(db, request.params.reportId);
    checkReportOpen(peek?.status);
    const done = await transaction(db, async (tx) => {
      const acted = await act(tx);
      if (acted.push) await keep(tx, acted.target.id, acted.push);
      return acted;
    });
    async function act(tx: Tx) {
      const target = await lockTarget(tx, actor, peek!.targetUserId);
      const report = await lockReport(tx, peek!.id);
      checkReportOpen(report?.status);
      const { kind, itemId } = report!;
      checkNotOwnReport(actor.role, await reportedBy(tx, kind, itemId, actor.userId));
      const details = { report: report!.id, kind, item: itemId };
      switch (body.action) {
        case 'dismiss':
          await closeReports(tx, kind, itemId, 'dismissed', actor.userId, now);
          await audit(tx, actor, target, 'dismiss', reason, now, details);
          return { target, push: undefined };
        case 'delete': {
          const gone = await deleteReportedItem(tx, kind, itemId);
          await closeReports(tx, kind, itemId, 'actioned', actor.userId, now);
          await audit(tx, actor, target, 'delete', reason, now, { ...details, existed: gone !== undefined });
          return { target, gone, push: gone ? notice('delete', reason, { kind }) : undefined };
        }
        case 'mute': {
          const until = muteEnd(body.minutes, now);
          checkPenaltyAuthority(actor.role, target.chatMutedUntil !== null && target.chatMutedUntil > now, target.chatMutedByRole);
          await setMute(tx, target.id, { until, reason, by: actor.role });
          await closeReports(tx, kind, itemId, 'actioned', actor.userId, now);
          await audit(tx, actor, target, 'mute', reason, now, { ...details, until: until.toISOString() });
          return { target, push: notice('mute', reason, { until }) };
        }
        case 'suspend': {
          const until = suspensionEnd(body.days, now);
          checkPenaltyAuthority(actor.role, isSuspended({ since: target.suspendedAt, until: target.suspendedUntil }, now), target.suspendedByRole);
          await setSuspension(tx, target.id, { since: now, until, reason, by: actor.role });
          await deleteSessions(tx, target.id);
          await closeReports(tx, kind, itemId, 'actioned', actor.userId, now);
          await audit(tx, actor, target, 'suspend', reason, now, { ...details, until: until?.toISOString() ?? 'for good' });
          return { target, push: notice('suspend', reason, { until }), revoke: true };
        }
      }
    }
    const push = pusher(hub, request.log);
    if (done.gone) {
      pushDeletion(push, peek!.kind, done.gone);
      if (done.gone.imagePath) await removeUpload(dataDir, done.gone.imagePath, request.log);
    }
    if (done.push) await tell(done.target.id, done.push, request.log, 'revoke' in done && done.revoke === true);
    return { ok: true as const };
  });

  api.get('/api/moderation/penalties', { onRequest: staffGuard, schema: { querystring: emptyQuery, response: { 200: penaltyListSchema } } }, async () => {
    const now = new Date();
    return { players: (await penalized(db, now)).map((row) => targetView(row, now)) };
  });

  const liftSchema = { params: moderationUserParamsSchema, body: liftBodySchema, response: { 200: okResponseSchema } };
  api.post('/api/moderation/users/:userId/lift', { onRequest: staffGuard, schema: liftSchema }, async (request) => {
    const actor = staff(request);
    const { what } = request.body;
    const reason = moderationReason(request.body.reason);
    const now = new Date();
    const lifted = notice(what === 'mute' ? 'unmute' : 'unsuspend', reason);
    const target = await transaction(db, async (tx) => {
      const row = await lockTarget(tx, actor, request.params.userId);
      if (what === 'mute') {
        checkLift('mute', row.chatMutedUntil !== null && row.chatMutedUntil > now);
        checkPenaltyAuthority(actor.role, true, row.chatMutedByRole);
        await setMute(tx, row.id, null);
      } else {
        checkLift('suspension', isSuspended({ since: row.suspendedAt, until: row.suspendedUntil }, now));
        checkPenaltyAuthority(actor.role, true, row.suspendedByRole);
        await setSuspension(tx, row.id, null);
      }
      await audit(tx, actor, row, what === 'mute' ? 'unmute' : 'unsuspend', reason, now, {});
      await keep(tx, row.id, lifted);
      return row;
    });
    await tell(target.id, lifted, request.log);
    return { ok: true as const };
  });

  /** Issue 46: a reporter's flood dismissed at once (every open report they filed), logged as one action on them. */
  const floodSchema = { params: moderationUserParamsSchema, body: dismissReporterBodySchema, response: { 200: dismissedReportsSchema } };
  api.post('/api/moderation/reporters/:userId/dismiss', { onRequest: staffGuard, schema: floodSchema }, async (request) => {
    const actor = staff(request);
    const reason = moderationReason(request.body.reason);
    const now = new Date();
    const dismissed = await transaction(db, async (tx) => {
      const reporter = await lockTarget(tx, actor, request.params.userId);
      const count = await dismissReportsBy(tx, reporter.id, actor.userId, now);
      await audit(tx, actor, reporter, 'dismiss-reporter', reason, now, { reports: count });
      return count;
    });
    return { dismissed };
  });

  api.get('/api/moderation/log', { onRequest: adminGuard, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) => {
    const { page } = request.query;
    const { entries, total } = await auditPage(db, page, AUDIT_PAGE_SIZE);
    return {
      entries: entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      page,
      pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    };
  });

  api.get('/api/moderation/staff', { onRequest: adminGuard, schema: { querystring: emptyQuery, response: { 200: staffListSchema } } }, async () => ({
    staff: await staffList(db),
  }));

  api.post('/api/moderation/staff', { onRequest: adminGuard, schema: { body: roleBodySchema, response: { 200: staffListSchema } } }, async (request) => {
    const actor = staff(request);
    const { username, role } = request.body;
    const reason = moderationReason(request.body.reason);
    const now = new Date();
    await transaction(db, async (tx) => {
      const found = await standingByUsername(tx, username);
      const target = found ? await standingOf(tx, found.id, true) : undefined;
      checkRoleChange({ actorId: actor.userId, targetId: found?.id ?? '', targetRole: target?.role, newRole: role });
      await setRole(tx, target!.id, role);
      await audit(tx, actor, target!, role === 'moderator' ? 'grant-moderator' : 'revoke-moderator', reason, now, { from: target!.role, to: role });
    });
    return { staff: await staffList(db) };
  });
}
