import { NOTICE_DEFAULTS, type NoticeSettings } from '@rpg/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { inboxEntries, noticeSettings, pushSubscriptions, type InboxKind } from '../schema/notices.ts';

/** Issue 44: notice settings, Web Push subscriptions and the inbox, each scoped to its player. */

export async function readNoticeSettings(db: DbOrTx, userId: string): Promise<NoticeSettings> {
  const [row] = await db
    .select({ adventures: noticeSettings.adventures, crafts: noticeSettings.crafts, restock: noticeSettings.restock })
    .from(noticeSettings)
    .where(eq(noticeSettings.userId, userId));
  return row ?? { ...NOTICE_DEFAULTS };
}

export async function saveNoticeSettings(db: DbOrTx, userId: string, change: Partial<NoticeSettings>): Promise<NoticeSettings> {
  const set = { ...change, updatedAt: new Date() };
  const [row] = await db
    .insert(noticeSettings)
    .values({ ...NOTICE_DEFAULTS, ...change, userId })
    .onConflictDoUpdate({ target: noticeSettings.userId, set })
    .returning({ adventures: noticeSettings.adventures, crafts: noticeSettings.crafts, restock: noticeSettings.restock });
  return row!;
}

/** A device's subscriptions at most per player: the oldest beyond it are dropped. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The device's subscription, under this player (a device that signs in as another player moves to it). */
export async function savePushSubscription(db: DbOrTx, userId: string, sub: Omit<StoredSubscription, 'id'>): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...sub })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: sub.p256dh, auth: sub.auth, createdAt: new Date() } });
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(MAX_PUSH_SUBSCRIPTIONS);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.id} not in (${keep})`));
}

export async function deletePushSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The push service no longer knows it (404 or 410): gone for whoever holds it. */
export async function dropPushSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function pushSubscriptionsOf(db: DbOrTx, userId: string): Promise<StoredSubscription[]> {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

export interface InboxWrite {
  userId: string;
  kind: InboxKind;
  title: string;
  body: string;
}

/** The entries a player keeps: older ones are pruned when a new one is written. */
export const INBOX_CAP = 100;
/** What GET /api/inbox answers. */
export const INBOX_PAGE = 50;

/** In the transaction of the event: its entry in the player's inbox (the oldest beyond the cap pruned). */
export async function addInboxEntries(db: DbOrTx, entries: readonly InboxWrite[], now = new Date()): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(inboxEntries).values(entries.map((e) => ({ ...e, createdAt: now })));
  for (const userId of new Set(entries.map((e) => e.userId))) {
    const beyond = db
      .select({ id: inboxEntries.id })
      .from(inboxEntries)
      .where(eq(inboxEntries.userId, userId))
      .orderBy(desc(inboxEntries.createdAt), desc(inboxEntries.id))
      .offset(INBOX_CAP);
    await db.delete(inboxEntries).where(and(eq(inboxEntries.userId, userId), inArray(inboxEntries.id, beyond)));
  }
}

export async function readInbox(db: DbOrTx, userId: string) {
  const [entries, [unread]] = await Promise.all([
    db
      .select({
        id: inboxEntries.id,
        kind: inboxEntries.kind,
        title: inboxEntries.title,
        body: inboxEntries.body,
        createdAt: inboxEntries.createdAt,
        readAt: inboxEntries.readAt,
      })
      .from(inboxEntries)
      .where(eq(inboxEntries.userId, userId))
      .orderBy(desc(inboxEntries.createdAt), desc(inboxEntries.id))
      .limit(INBOX_PAGE),
    db
      .select({ n: count() })
      .from(inboxEntries)
      .where(and(eq(inboxEntries.userId, userId), isNull(inboxEntries.readAt))),
  ]);
  return { entries, unread: unread?.n ?? 0 };
}

/** Read marks: these entries of the player, or all of them. Answers how many changed. */
export async function markInboxRead(db: DbOrTx, userId: string, ids: readonly string[] | 'all', now = new Date()): Promise<number> {
  const which = ids === 'all' ? undefined : inArray(inboxEntries.id, [...ids]);
  const rows = await db
    .update(inboxEntries)
    .set({ readAt: now })
    .where(and(eq(inboxEntries.userId, userId), isNull(inboxEntries.readAt), which))
    .returning({ id: inboxEntries.id });
  return rows.length;
}
