import type { Role } from '@rpg/game';
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { authSession, authUser, moderationLog, users } from '../schema/index.ts';

/** Issue 28: roles, standing, mutes, suspensions and the audit log (docs/moderation.md); the reports are in reports.ts. */

export async function roleOf(db: DbOrTx, userId: string): Promise<Role | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

export interface PlayerStanding {
  id: string;
  username: string;
  role: Role;
  chatMutedUntil: Date | null;
  chatMuteReason: string | null;
  chatMutedByRole: Role | null;
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
  suspensionReason: string | null;
  suspendedByRole: Role | null;
}

const standingColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  chatMutedUntil: users.chatMutedUntil,
  chatMuteReason: users.chatMuteReason,
  chatMutedByRole: users.chatMutedByRole,
  suspendedAt: users.suspendedAt,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
  suspendedByRole: users.suspendedByRole,
};

/** A player's role, mute and suspension; `forUpdate` locks the row (step 1 of the lock order). */
export async function standingOf(db: DbOrTx, userId: string, forUpdate = false): Promise<PlayerStanding | undefined> {
  const query = db.select(standingColumns).from(users).where(eq(users.id, userId));
  const [row] = forUpdate ? await query.for('no key update') : await query;
  return row;
}

export async function standingByUsername(db: DbOrTx, username: string): Promise<PlayerStanding | undefined> {
  const [row] = await db
    .select(standingColumns)
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`);
  return row;
}

/** The CLI: the account of an e-mail, whether it has a profile yet. */
export async function accountByEmail(db: DbOrTx, email: string): Promise<{ id: string; hasProfile: boolean; role: Role | null } | undefined> {
  const [row] = await db
    .select({ id: authUser.id, role: users.role })
    .from(authUser)
    .leftJoin(users, eq(users.id, authUser.id))
    .where(sql`lower(${authUser.email}) = ${email.trim().toLowerCase()}`);
  return row ? { id: row.id, hasProfile: row.role !== null, role: row.role } : undefined;
}

export async function setRole(db: DbOrTx, userId: string, role: Role): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** The suspension of an account (sign-in reads it before a session is made). */
export async function suspensionOf(db: DbOrTx, userId: string): Promise<{ since: Date | null; until: Date | null; reason: string | null }> {
  const [row] = await db
    .select({ since: users.suspendedAt, until: users.suspendedUntil, reason: users.suspensionReason })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { since: null, until: null, reason: null };
}

/** A mute until then, imposed by a staff member of `by` (null: lifted). */
export async function setMute(tx: Tx, userId: string, mute: { until: Date; reason: string; by: Role } | null): Promise<void> {
  await tx
    .update(users)
    .set(
      mute
        ? { chatMutedUntil: mute.until, chatMuteReason: mute.reason, chatMutedByRole: mute.by }
        : { chatMutedUntil: null, chatMuteReason: null, chatMutedByRole: null },
    )
    .where(eq(users.id, userId));
}

export async function setSuspension(tx: Tx, userId: string, suspension: { since: Date; until: Date | null; reason: string; by: Role } | null): Promise<void> {
  await tx
    .update(users)
    .set(
      suspension
        ? { suspendedAt: suspension.since, suspendedUntil: suspension.until, suspensionReason: suspension.reason, suspendedByRole: suspension.by }
        : { suspendedAt: null, suspendedUntil: null, suspensionReason: null, suspendedByRole: null },
    )
    .where(eq(users.id, userId));
}

/** Every session of the player ends (a suspension). */
export async function deleteSessions(tx: DbOrTx, userId: string): Promise<number> {
  const gone = await tx.delete(authSession).where(eq(authSession.userId, userId)).returning({ id: authSession.id });
  return gone.length;
}

/** The players muted or suspended at `now`. */
export async function penalized(db: DbOrTx, now: Date): Promise<PlayerStanding[]> {
  return db
    .select(standingColumns)
    .from(users)
    .where(
      and(
        sql`(${users.chatMutedUntil} is not null or ${users.suspendedAt} is not null)`,
        or(gt(users.chatMutedUntil, now), and(sql`${users.suspendedAt} is not null`, or(sql`${users.suspendedUntil} is null`, gt(users.suspendedUntil, now)))),
      ),
    )
    .orderBy(asc(users.username))
    .limit(200);
}

export async function staffList(db: DbOrTx): Promise<Array<{ id: string; username: string; role: Role }>> {
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.role, ['moderator', 'admin']))
    .orderBy(asc(users.role), asc(users.username));
}

// ---------------------------------------------------------------------------------------------
// The audit log: written here, read by admins; never updated or deleted by the app.

export interface AuditWrite {
  /** Null: the host, from the command line (`npm run admin -- delete`). */
  actorId: string | null;
  actorName: string;
  action: string;
  targetUserId: string;
  targetName: string;
  reason: string;
  details?: Record<string, string | number | boolean | null>;
  createdAt: Date;
}

export async function writeAudit(tx: DbOrTx, entry: AuditWrite): Promise<void> {
  await tx.insert(moderationLog).values({ ...entry, details: entry.details ?? {} });
}

export async function auditPage(db: DbOrTx, page: number, size: number) {
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(moderationLog);
  const entries = await db
    .select({
      id: moderationLog.id,
      actorName: moderationLog.actorName,
      action: moderationLog.action,
      targetName: moderationLog.targetName,
      reason: moderationLog.reason,
      details: moderationLog.details,
      createdAt: moderationLog.createdAt,
    })
    .from(moderationLog)
    .orderBy(desc(moderationLog.id))
    .limit(size)
    .offset((page - 1) * size);
  return { entries, total: total?.n ?? 0 };
}
