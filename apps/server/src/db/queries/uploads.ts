import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { postImages } from '../schema/index.ts';

/** The advisory lock class of a player's image quota (its object is a hash of the player's id). */
const QUOTA_LOCK_CLASS = 25;

/**
 * Holds the player's image quota until the transaction ends, so two uploads at once cannot both
 * fit in what is left. A lock of its own: it never waits on, or holds up, a row lock.
 */
export async function lockImageQuota(tx: Tx, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}, hashtext(${ownerId}))`);
}

/** How many post images the player stores, and their bytes (pending and posted). */
export async function postImageUsage(db: DbOrTx, ownerId: string): Promise<{ count: number; bytes: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${postImages.bytes}), 0)::bigint` })
    .from(postImages)
    .where(eq(postImages.ownerId, ownerId));
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export async function insertPostImage(tx: Tx, ownerId: string, path: string, bytes: number): Promise<void> {
  await tx.insert(postImages).values({ ownerId, path, bytes });
}

/** Attaches the player's pending image to the post; false when it is not theirs, gone, or posted already. */
export async function attachPostImage(tx: Tx, ownerId: string, path: string, postId: string): Promise<boolean> {
  const rows = await tx
    .update(postImages)
    .set({ postId })
    .where(and(eq(postImages.path, path), eq(postImages.ownerId, ownerId), isNull(postImages.postId)))
    .returning({ path: postImages.path });
  return rows.length === 1;
}

/** The uploader of a pending (not yet posted) image, or undefined when it is posted or unknown. */
export async function pendingPostImageOwner(db: DbOrTx, path: string): Promise<string | undefined> {
  const [row] = await db
    .select({ ownerId: postImages.ownerId })
    .from(postImages)
    .where(and(eq(postImages.path, path), isNull(postImages.postId)));
  return row?.ownerId;
}

/**
 * Deletes the rows of the images still pending that were uploaded before `cutoff`, and answers
 * their paths. One statement: each row goes to one caller only, whatever the number of
 * processes, and a post attaching the image at the same moment either wins (the row is
 * no longer pending) or finds it gone.
 */
export async function deletePendingPostImages(db: DbOrTx, cutoff: Date, limit: number): Promise<string[]> {
  const due = db
    .select({ path: postImages.path })
    .from(postImages)
    .where(and(isNull(postImages.postId), lt(postImages.createdAt, cutoff)))
    .orderBy(asc(postImages.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(postImages)
    .where(and(inArray(postImages.path, due), isNull(postImages.postId)))
    .returning({ path: postImages.path });
  return rows.map((row) => row.path);
}

/** The upload time of the oldest pending image, or null. */
export async function oldestPendingPostImage(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: postImages.createdAt })
    .from(postImages)
    .where(isNull(postImages.postId))
    .orderBy(asc(postImages.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}
