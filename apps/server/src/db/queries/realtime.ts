import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { authSession, realtimeConnections, users } from '../schema/index.ts';

/**
 * The realtime layer's rows (realtime/hub.ts, presence.ts, delivery.ts): a `realtime_connections`
 * row per open tab, the players' presence on `users`, and the sessions the open tabs were opened
 * with. Each function is one statement.
 */

export interface ConnectionRow {
  id: string;
  userId: string;
  instanceId: string;
  lastPing: Date;
}

/** A tab opened on process `instanceId`. */
export async function insertConnection(db: Db, row: ConnectionRow): Promise<void> {
  await db.insert(realtimeConnections).values(row);
}

export async function deleteConnection(db: Db, id: string): Promise<void> {
  await db.delete(realtimeConnections).where(eq(realtimeConnections.id, id));
}

/** Every connection of one process (it closes); their players, once per connection. */
export async function deleteInstanceConnections(db: Db, instanceId: string): Promise<string[]> {
  const gone = await db.delete(realtimeConnections).where(eq(realtimeConnections.instanceId, instanceId)).returning({ userId: realtimeConnections.userId });
  return gone.map((g) => g.userId);
}

/** The connections that stopped pinging before `cutoff` (a crashed process's); their players, once per connection. */
export async function deleteStaleConnections(db: Db, cutoff: Date): Promise<string[]> {
  const stale = await db.delete(realtimeConnections).where(lt(realtimeConnections.lastPing, cutoff)).returning({ userId: realtimeConnections.userId });
  return stale.map((s) => s.userId);
}

/** The count of the player's connections that pinged after `cutoff`; exported for its plan's test (world-reads.test.ts). */
export const liveConnectionsQuery = (db: Db, userId: string, cutoff: Date) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(realtimeConnections)
    .where(and(eq(realtimeConnections.userId, userId), gt(realtimeConnections.lastPing, cutoff)));

/** The player's connections, on every process, that pinged after `cutoff`. */
export async function countLiveConnections(db: Db, userId: string, cutoff: Date): Promise<number> {
  const [live] = await liveConnectionsQuery(db, userId, cutoff);
  return live?.n ?? 0;
}

/**
 * The tabs' connections pinged at `now`. One array parameter, not a parameter per tab: one
 * statement text whatever the count.
 */
export async function markConnectionsLive(db: Db, ids: readonly string[], now: Date): Promise<void> {
  await db
    .update(realtimeConnections)
    .set({ lastPing: now })
    .where(sql`${realtimeConnections.id} = any(${sql.param(ids)}::uuid[])`);
}

/** The player's presence set, seen at `now`, only when it changes: whether it changed. */
export async function setOnlineIfChanged(db: Db, userId: string, isOnline: boolean, now: Date): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ isOnline, lastSeen: now })
    .where(and(eq(users.id, userId), sql`${users.isOnline} is distinct from ${isOnline}`))
    .returning({ id: users.id });
  return row !== undefined;
}

/** The player seen at `now` (last_seen). */
export async function markPlayerSeen(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lastSeen: now }).where(eq(users.id, userId));
}

/** The players seen at `now` (last_seen), in one statement whatever the count. */
export async function markPlayersSeen(db: Db, userIds: readonly string[], now: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastSeen: now })
    .where(sql`${users.id} = any(${sql.param(userIds)}::text[])`);
}

/** Of `sessionIds`, those that exist and have not expired at `now`. */
export async function liveSessionIds(db: Db, sessionIds: readonly string[], now: Date): Promise<string[]> {
  const valid = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(and(sql`${authSession.id} = any(${sql.param(sessionIds)}::text[])`, gt(authSession.expiresAt, now)));
  return valid.map((v) => v.id);
}

/** Whether the session still exists (revoked or signed out: not). */
export async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db.select({ id: authSession.id }).from(authSession).where(eq(authSession.id, sessionId));
  return rows.length > 0;
}
