import { changedKeys, invalidatePush, queryKeys, type ModerationQueue, type ModerationQueueItem } from '@rpg/contract';
import { checkNotReportedYet, checkReport, isSuspended, reportReason, type ReportKind } from '@rpg/game';
import type { Db, DbOrTx } from '../db/client.ts';
import { standingOf, type PlayerStanding } from '../db/queries/moderation.ts';
import {
  chatContext,
  dmContext,
  historyOf,
  insertReport,
  openItems,
  openReportsOf,
  postWithComments,
  reportedItem,
  type ContextLine,
} from '../db/queries/reports.ts';
import type { Pusher } from '../realtime/notify.ts';

/**
 * Issue 28: a player reports a chat line, a post, a comment or a direct message. The item must be
 * someone else's (a direct message: one the reporter sent or received); it is stored with a
 * snapshot of what it says now; a second open report of the same item by the same player is
 * refused (the partial unique index decides, so two at once store one).
 */
export async function fileReport(
  db: Db,
  { kind, itemId, reporterId, reason }: { kind: ReportKind; itemId: string; reporterId: string; reason: string | null | undefined },
): Promise<void> {
  const why = reportReason(reason);
  const item = await reportedItem(db, kind, itemId);
  const author = checkReport({ kind, author: item?.author, reporterId, ...(item?.participants ? { participants: item.participants } : {}) });
  let snapshot = item!.snapshot;
  // Issue 46: a direct message's conversation is private and goes on: its surroundings are kept as
  // they are now, so the moderators read what the reporter saw, not what the two write later.
  if (kind === 'dm' && snapshot.otherUserId) {
    const around = await dmContext(db, Number(itemId), author, snapshot.otherUserId);
    snapshot = { ...snapshot, context: around.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })) };
  }
  const stored = await insertReport(db, { kind, itemId, targetUserId: author, reporterId, reason: why, snapshot });
  checkNotReportedYet(!stored);
}

/** A player's standing as the moderation screen shows it. */
export function targetView(row: PlayerStanding, now: Date): ModerationQueueItem['target'] {
  const muted = row.chatMutedUntil !== null && row.chatMutedUntil > now;
  const suspended = isSuspended({ since: row.suspendedAt, until: row.suspendedUntil }, now);
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    mutedUntil: muted ? row.chatMutedUntil!.toISOString() : null,
    muteReason: muted ? row.chatMuteReason : null,
    suspended,
    suspendedUntil: suspended ? (row.suspendedUntil?.toISOString() ?? null) : null,
    suspensionReason: suspended ? row.suspensionReason : null,
  };
}

const contextView = (lines: ContextLine[], reportedId: string) =>
  lines.map((l) => ({ id: l.id, authorName: l.authorName, text: l.text, createdAt: l.createdAt.toISOString(), reported: l.id === reportedId }));

/** The queue: the oldest open items first, a page at a time, each with its reports, its player and its surroundings. */
export async function moderationQueue(db: DbOrTx, size: number, page = 1, now = new Date()): Promise<ModerationQueue> {
  const open = await openItems(db, size, (page - 1) * size);
  const items: ModerationQueueItem[] = [];
  for (const item of open.items) {
    const reporters = await openReportsOf(db, item.kind, item.itemId);
    const first = reporters[0];
    const target = await standingOf(db, item.targetUserId);
    if (!first || !target) continue;
    const snapshot = first.snapshot;
    const exists = (await reportedItem(db, item.kind, item.itemId)) !== undefined;
    let context: ContextLine[] = [];
    let post: ModerationQueueItem['post'] = null;
    if (item.kind === 'chat') context = await chatContext(db, Number(item.itemId));
    else if (item.kind === 'dm' && snapshot.context) context = snapshot.context.map((l) => ({ ...l, createdAt: new Date(l.createdAt) }));
    // A report from before issue 46 kept no surroundings: read as they are now.
    else if (item.kind === 'dm' && snapshot.otherUserId) context = await dmContext(db, Number(item.itemId), item.targetUserId, snapshot.otherUserId);
    else if (item.kind === 'post') context = (await postWithComments(db, item.itemId)).comments;
    else if (item.kind === 'comment' && snapshot.postId) ({ post, comments: context } = await postWithComments(db, snapshot.postId));
    items.push({
      reportId: item.reportId,
      kind: item.kind,
      itemId: item.itemId,
      snapshot: {
        text: snapshot.text,
        imageUrl: snapshot.imageUrl ?? null,
        authorName: snapshot.authorName,
        characterName: snapshot.characterName ?? null,
        writtenAt: snapshot.writtenAt,
      },
      exists,
      target: targetView(target, now),
      reporterCount: item.reporterCount,
      reporters: reporters.map((r) => ({ userId: r.userId, username: r.username, reason: r.reason, createdAt: r.createdAt.toISOString() })),
      history: await historyOf(db, item.targetUserId),
      post,
      context: contextView(context, item.itemId),
    });
  }
  return { items, openItems: open.openItems, page, pageCount: Math.max(1, Math.ceil(open.openItems / size)) };
}

/** After a deletion, every open tab that shows the item loads again without it. */
export function pushDeletion(push: Pusher, kind: ReportKind, gone: { postAuthorId?: string; participants?: string[] }): void {
  if (kind === 'chat') {
    push.readsChanged({ chat: true });
    push.broadcast(invalidatePush([queryKeys.chat]));
  } else if ((kind === 'post' || kind === 'comment') && gone.postAuthorId)
    push.broadcast(invalidatePush([queryKeys.posts(gone.postAuthorId), queryKeys.profile(gone.postAuthorId)]));
  else if (kind === 'dm' && gone.participants) {
    const [a, b] = gone.participants as [string, string];
    push.invalidate(a, changedKeys.directMessages(b));
    push.invalidate(b, changedKeys.directMessages(a));
  }
}
