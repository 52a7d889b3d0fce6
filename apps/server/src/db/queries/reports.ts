import type { ReportKind } from '@rpg/game';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { chatMessages, directMessages, moderationLog, postComments, posts, reports, users, type ReportSnapshot } from '../schema/index.ts';

/** Issue 28: reports and the queue: what was reported, its context, and closing it (docs/moderation.md). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^[1-9][0-9]{0,15}$/;
/** Whether `itemId` can name an item of `kind` at all (a malformed one is simply not found). */
export const validItemId = (kind: ReportKind, itemId: string) =>
  kind === 'post' || kind === 'comment' ? UUID.test(itemId) : NUMBER.test(itemId) && Number(itemId) <= Number.MAX_SAFE_INTEGER;

/** A reportable item: who wrote it (null: the Game Master), its two players (a direct message), and its snapshot. */
export interface ReportedItem {
  author: string | null;
  participants?: string[];
  snapshot: ReportSnapshot;
}

/** The item as it is now, or undefined when there is none. */
export async function reportedItem(db: DbOrTx, kind: ReportKind, itemId: string): Promise<ReportedItem | undefined> {
  if (!validItemId(kind, itemId)) return undefined;
  switch (kind) {
    case 'chat': {
      const [row] = await db
        .select({
          author: chatMessages.userId,
          text: chatMessages.text,
          characterName: chatMessages.characterName,
          username: users.username,
          at: chatMessages.createdAt,
        })
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.userId))
        .where(eq(chatMessages.id, Number(itemId)));
      if (!row) return undefined;
      return {
        author: row.author,
        snapshot: { text: row.text, authorName: row.username ?? row.characterName, characterName: row.characterName, writtenAt: row.at.toISOString() },
      };
    }
    case 'post': {
      const [row] = await db
        .select({ author: posts.authorId, text: posts.text, imagePath: posts.imagePath, username: users.username, at: posts.createdAt })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(eq(posts.id, itemId));
      if (!row) return undefined;
      return {
        author: row.author,
        snapshot: { text: row.text, imageUrl: row.imagePath ? `/uploads/${row.imagePath}` : null, authorName: row.username, writtenAt: row.at.toISOString() },
      };
    }
    case 'comment': {
      const [row] = await db
        .select({ author: postComments.authorId, text: postComments.text, postId: postComments.postId, username: users.username, at: postComments.createdAt })
        .from(postComments)
        .innerJoin(users, eq(users.id, postComments.authorId))
        .where(eq(postComments.id, itemId));
      if (!row) return undefined;
      return { author: row.author, snapshot: { text: row.text, authorName: row.username, writtenAt: row.at.toISOString(), postId: row.postId } };
    }
    case 'dm': {
      const [row] = await db
        .select({
          sender: directMessages.senderId,
          receiver: directMessages.receiverId,
          text: directMessages.body,
          username: users.username,
          at: directMessages.createdAt,
        })
        .from(directMessages)
        .innerJoin(users, eq(users.id, directMessages.senderId))
        .where(eq(directMessages.id, Number(itemId)));
      if (!row) return undefined;
      return {
        author: row.sender,
        participants: [row.sender, row.receiver],
        snapshot: { text: row.text, authorName: row.username, writtenAt: row.at.toISOString(), otherUserId: row.receiver },
      };
    }
  }
}

/** Stores a report; false when the reporter already has an open one of this item (the partial unique index decides). */
export async function insertReport(
  db: DbOrTx,
  report: { kind: ReportKind; itemId: string; targetUserId: string; reporterId: string; reason: string | null; snapshot: ReportSnapshot },
): Promise<boolean> {
  const rows = await db.insert(reports).values(report).onConflictDoNothing().returning({ id: reports.id });
  return rows.length > 0;
}

/** The report as it is (its item and target never change). */
export async function reportById(db: DbOrTx, reportId: string) {
  if (!UUID.test(reportId)) return undefined;
  const [row] = await db
    .select({ id: reports.id, kind: reports.kind, targetUserId: reports.targetUserId, status: reports.status })
    .from(reports)
    .where(eq(reports.id, reportId));
  return row;
}

/** The report, locked, with its item (an action closes every open report of the item). */
export async function lockReport(tx: Tx, reportId: string) {
  if (!UUID.test(reportId)) return undefined;
  const [row] = await tx
    .select({
      id: reports.id,
      kind: reports.kind,
      itemId: reports.itemId,
      targetUserId: reports.targetUserId,
      status: reports.status,
      snapshot: reports.snapshot,
    })
    .from(reports)
    .where(eq(reports.id, reportId))
    .for('update');
  return row;
}

/** Whether `userId` has an open report of the item (issue 46: a moderator does not handle their own). */
export async function reportedBy(tx: DbOrTx, kind: ReportKind, itemId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.kind, kind), eq(reports.itemId, itemId), eq(reports.reporterId, userId), eq(reports.status, 'open')))
    .limit(1);
  return row !== undefined;
}

/** Issue 46: dismisses every open report one player filed (a flood) at once; answers how many. */
export async function dismissReportsBy(tx: Tx, reporterId: string, by: string, now: Date): Promise<number> {
  const closed = await tx
    .update(reports)
    .set({ status: 'dismissed', resolvedAt: now, resolvedBy: by })
    .where(and(eq(reports.reporterId, reporterId), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return closed.length;
}

/** Closes every open report of the item; answers how many. */
export async function closeReports(tx: Tx, kind: ReportKind, itemId: string, status: 'dismissed' | 'actioned', by: string, now: Date): Promise<number> {
  const closed = await tx
    .update(reports)
    .set({ status, resolvedAt: now, resolvedBy: by })
    .where(and(eq(reports.kind, kind), eq(reports.itemId, itemId), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return closed.length;
}

/** Deletes the item for everyone; answers what the pushes need (the post's author, a message's players), or undefined when it was gone. */
export async function deleteReportedItem(
  tx: Tx,
  kind: ReportKind,
  itemId: string,
): Promise<{ postAuthorId?: string; imagePath?: string | null; participants?: string[] } | undefined> {
  switch (kind) {
    case 'chat': {
      const gone = await tx
        .delete(chatMessages)
        .where(eq(chatMessages.id, Number(itemId)))
        .returning({ id: chatMessages.id });
      return gone.length > 0 ? {} : undefined;
    }
    case 'post': {
      const [gone] = await tx.delete(posts).where(eq(posts.id, itemId)).returning({ authorId: posts.authorId, imagePath: posts.imagePath });
      return gone ? { postAuthorId: gone.authorId, imagePath: gone.imagePath } : undefined;
    }
    case 'comment': {
      const [gone] = await tx.delete(postComments).where(eq(postComments.id, itemId)).returning({ postId: postComments.postId });
      if (!gone) return undefined;
      const [post] = await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, gone.postId));
      return { postAuthorId: post?.authorId };
    }
    case 'dm': {
      const [gone] = await tx
        .delete(directMessages)
        .where(eq(directMessages.id, Number(itemId)))
        .returning({ sender: directMessages.senderId, receiver: directMessages.receiverId });
      return gone ? { participants: [gone.sender, gone.receiver] } : undefined;
    }
  }
}

/** The open items of the queue, oldest first, a page at a time: the first report of each, how many reported it. */
export async function openItems(db: DbOrTx, limit: number, offset = 0) {
  const items = await db
    .select({
      kind: reports.kind,
      itemId: reports.itemId,
      reportId: sql<string>`(array_agg(${reports.id} order by ${reports.createdAt}, ${reports.id}))[1]`,
      targetUserId: sql<string>`min(${reports.targetUserId})`,
      firstAt: sql<Date>`min(${reports.createdAt})`.mapWith(reports.createdAt),
      reporterCount: count(),
    })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.kind, reports.itemId)
    .orderBy(sql`min(${reports.createdAt})`, reports.kind, reports.itemId)
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(distinct (${reports.kind}, ${reports.itemId}))::int` })
    .from(reports)
    .where(eq(reports.status, 'open'));
  return { items, openItems: total?.n ?? 0 };
}

/** The open reports of one item, oldest first, with each reporter's name. */
export async function openReportsOf(db: DbOrTx, kind: ReportKind, itemId: string) {
  return db
    .select({
      id: reports.id,
      userId: reports.reporterId,
      username: users.username,
      reason: reports.reason,
      createdAt: reports.createdAt,
      snapshot: reports.snapshot,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.kind, kind), eq(reports.itemId, itemId), eq(reports.status, 'open')))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(50);
}

/**
 * How often the player was reported (distinct items, this one included; a dismissed report does
 * not count: issue 46) and acted on (audit log entries naming them).
 */
export async function historyOf(db: DbOrTx, userId: string): Promise<{ reportedItems: number; actions: number }> {
  const [reported] = await db
    .select({ n: sql<number>`count(distinct (${reports.kind}, ${reports.itemId}))::int` })
    .from(reports)
    .where(and(eq(reports.targetUserId, userId), sql`${reports.status} <> 'dismissed'`));
  const [acted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(moderationLog)
    .where(and(eq(moderationLog.targetUserId, userId), sql`${moderationLog.action} in ('delete', 'mute', 'suspend')`));
  return { reportedItems: reported?.n ?? 0, actions: acted?.n ?? 0 };
}

export interface ContextLine {
  id: string;
  authorName: string;
  text: string;
  createdAt: Date;
}

/** Chat: the 5 lines before and the 5 after (by id; a deleted line's neighbours still are). */
export async function chatContext(db: DbOrTx, lineId: number): Promise<ContextLine[]> {
  const columns = {
    id: chatMessages.id,
    authorName: sql<string>`coalesce(${users.username}, ${chatMessages.characterName})`,
    text: chatMessages.text,
    createdAt: chatMessages.createdAt,
  };
  const before = await db
    .select(columns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(lt(chatMessages.id, lineId))
    .orderBy(desc(chatMessages.id))
    .limit(5);
  const after = await db
    .select(columns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(sql`${chatMessages.id} >= ${lineId}`)
    .orderBy(asc(chatMessages.id))
    .limit(6);
  return [...before.reverse(), ...after].map((r) => ({ ...r, id: String(r.id) }));
}

/** A direct message: the 5 of the pair's conversation before it and the 5 after. */
export async function dmContext(db: DbOrTx, messageId: number, a: string, b: string): Promise<ContextLine[]> {
  const pair = and(
    eq(sql`least(${directMessages.senderId}, ${directMessages.receiverId})`, sql`least(${a}::text, ${b}::text)`),
    eq(sql`greatest(${directMessages.senderId}, ${directMessages.receiverId})`, sql`greatest(${a}::text, ${b}::text)`),
  );
  const columns = { id: directMessages.id, authorName: users.username, text: directMessages.body, createdAt: directMessages.createdAt };
  const before = await db
    .select(columns)
    .from(directMessages)
    .innerJoin(users, eq(users.id, directMessages.senderId))
    .where(and(pair, lt(directMessages.id, messageId)))
    .orderBy(desc(directMessages.id))
    .limit(5);
  const after = await db
    .select(columns)
    .from(directMessages)
    .innerJoin(users, eq(users.id, directMessages.senderId))
    .where(and(pair, sql`${directMessages.id} >= ${messageId}`))
    .orderBy(asc(directMessages.id))
    .limit(6);
  return [...before.reverse(), ...after].map((r) => ({ ...r, id: String(r.id) }));
}

/** A post and its first comments (a comment's context; a post's own context is its comments). */
export async function postWithComments(
  db: DbOrTx,
  postId: string,
): Promise<{ post: { id: string; authorName: string; text: string } | null; comments: ContextLine[] }> {
  const [post] = await db
    .select({ id: posts.id, authorName: users.username, text: posts.text })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, postId));
  const comments = await db
    .select({ id: postComments.id, authorName: users.username, text: postComments.text, createdAt: postComments.createdAt })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .where(eq(postComments.postId, postId))
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(10);
  return { post: post ?? null, comments };
}
