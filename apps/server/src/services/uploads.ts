import { checkImageQuota } from '@rpg/game';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  deletePendingPostImages,
  insertPostImage,
  lockImageQuota,
  oldestPendingPostImage,
  pendingPostImageOwner,
  postImageUsage,
} from '../db/queries/uploads.ts';
import { removeUpload, saveUpload, type UploadVisibility } from '../http/uploads.ts';
import type { Settler } from '../scheduler/scheduler.ts';
import { transaction } from '../db/transaction.ts';

/**
 * Issue 25 (docs/security.md "Uploads"): what one player may keep of post images, pending and
 * posted together (the rule: checkImageQuota in @rpg/game). Avatars, banners and character
 * images are one file per slot (a replaced one is deleted), so the slots bound them.
 */
export { POST_IMAGE_QUOTA_BYTES } from '@rpg/game';
/** A post image not attached to a post within this time is deleted. */
export const PENDING_POST_IMAGE_MS = 60 * 60 * 1000;
/** Pending images deleted per statement by the sweep. */
const SWEEP_BATCH = 100;

/**
 * Stores a post image (already re-encoded) under the player's folder and records it, pending,
 * if it fits in the player's quota; answers its path under uploads/. The quota is read and the
 * row written under the player's quota lock, so uploads at once cannot overshoot it.
 */
export async function storePostImage(
  db: Db,
  dataDir: string,
  ownerId: string,
  folder: string,
  bytes: Buffer,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<string> {
  let stored: string | undefined;
  try {
    await transaction(db, async (tx) => {
      await lockImageQuota(tx, ownerId);
      const used = await postImageUsage(tx, ownerId);
      checkImageQuota(used.bytes, bytes.length);
      stored = await saveUpload(dataDir, folder, bytes, 'webp');
      await insertPostImage(tx, ownerId, stored, bytes.length);
    });
  } catch (error) {
    // Nothing points at the file when the transaction did not commit.
    await removeUpload(dataDir, stored, log);
    throw error;
  }
  return stored!;
}

/**
 * Who may see a file under uploads/: a pending post image only its uploader (and not cached by
 * a shared cache), anything else everyone. `viewer` reads the request's player when needed.
 */
export function uploadVisibility(db: Db, viewer: () => Promise<string | undefined>) {
  return async (relative: string): Promise<UploadVisibility> => {
    if (!relative.startsWith('posts/')) return 'public';
    const owner = await pendingPostImageOwner(db, relative);
    if (!owner) return 'public';
    return (await viewer()) === owner ? 'private' : 'hidden';
  };
}

/**
 * The scheduler's sweep of pending post images: each one uploaded more than an hour ago (by its
 * stored time) and never posted loses its row, then its file. Safe with several processes: a
 * row is deleted by one statement, which answers it to that process alone.
 */
export function pendingPostImageSweeper(db: Db, dataDir: string, log: Pick<FastifyBaseLogger, 'error'>): Settler {
  return {
    name: 'pending-post-images',
    async nextDue() {
      const oldest = await oldestPendingPostImage(db);
      return oldest ? new Date(oldest.getTime() + PENDING_POST_IMAGE_MS) : null;
    },
    async settleDue(now) {
      return sweepPendingPostImages(db, dataDir, log, now);
    },
  };
}

/** Deletes the pending post images older than an hour at `now`; answers how many. */
export async function sweepPendingPostImages(db: Db, dataDir: string, log: Pick<FastifyBaseLogger, 'error'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_POST_IMAGE_MS);
  let deleted = 0;
  for (;;) {
    const paths = await deletePendingPostImages(db, cutoff, SWEEP_BATCH);
    for (const relative of paths) await removeUpload(dataDir, relative, log);
    deleted += paths.length;
    if (paths.length < SWEEP_BATCH) return deleted;
  }
}
