/**
 * Issue 25, point 1 (uploads fill the disk): a post image is pending until a post names it,
 * served meanwhile to its uploader only, and deleted an hour after its upload when never posted
 * (by the scheduler, from the stored time, once whatever the number of sweeps); each player has
 * a quota of post images and an upload rate.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostImageResponse, PostResponse } from '@rpg/contract';
import { postImages } from '../src/db/schema/index.ts';
import { PENDING_POST_IMAGE_MS, POST_IMAGE_QUOTA_BYTES, sweepPendingPostImages } from '../src/services/uploads.ts';
import { createCharacter, png, upload, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { usePlayerLimit } from './support/throttle.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.stop());

const db = () => server.database.db;
const log = { error: () => {} };
const fileOf = (url: string) => path.join(server.dataDir, url.replace(/^\//, ''));
const fetchAs = (client: TestClient | undefined, url: string) => fetch(new URL(url, server.url), { headers: client ? { cookie: client.cookieHeader() } : {} });
const myId = async (client: TestClient) => (await client.get<{ id: string }>('/api/me')).body.id;
async function uploadPostImage(client: TestClient): Promise<PostImageResponse> {
  const res = await upload(client, '/api/posts/images', png(5, 5), { method: 'POST' });
  expect(res.status).toBe(200);
  return res.body as PostImageResponse;
}
/** Moves the image's stored upload time back by `ms`. */
const age = (url: string, ms: number) =>
  db()
    .update(postImages)
    .set({ createdAt: sql`${postImages.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(postImages.path, url.replace(/^\/uploads\//, '')));

describe('a pending post image is its uploader’s only (issue 25)', () => {
  it('is served to the uploader alone, not cached by shared caches, and to everyone once posted', async () => {
    const author = await signedInPlayer(server.url);
    const other = await signedInPlayer(server.url);
    const { imageId, imageUrl } = await uploadPostImage(author);

    const own = await fetchAs(author, imageUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetchAs(other, imageUrl)).status).toBe(404);
    expect((await fetchAs(undefined, imageUrl)).status).toBe(404);
    // Spelled another way (encoded twice, a dot segment): still not served.
    const [, folder = '', file = ''] = /^\/uploads\/posts\/([^/]+)\/(.+)$/.exec(imageUrl)!;
    for (const spelling of [
      `/uploads/%2570osts/${folder}/${file}`,
      `/uploads/posts/${folder}/%2e/${file}`,
      `/uploads/posts//${folder}/${file}`,
      `/uploads/posts/${folder}/${file.replace('.', '%252e')}`,
    ]) {
      expect((await fetchAs(other, spelling)).status, spelling).toBe(404);
    }

    // Another player cannot post it.
    expect((await other.post<ErrorBody>('/api/posts', { imageId })).status).toBe(400);
    const posted = await author.post<PostResponse>('/api/posts', { imageId, text: 'Look' });
    expect(posted.status).toBe(200);
    for (const viewer of [other, undefined, author]) {
      const res = await fetchAs(viewer, imageUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    // One image, one post.
    expect(await author.post<ErrorBody>('/api/posts', { imageId })).toEqual({
      status: 400,
      body: { error: 'image_not_found', message: 'The image was not found. Please upload it again.' },
    });

    await author.json('DELETE', `/api/posts/${posted.body.post.id}`);
    expect(existsSync(fileOf(imageUrl))).toBe(false);
    expect(
      await db()
        .select()
        .from(postImages)
        .where(eq(postImages.path, imageUrl.replace(/^\/uploads\//, ''))),
    ).toEqual([]);
  });
});

describe('a post image never posted is deleted after an hour (issue 25)', () => {
  it('deletes what is pending and older than an hour, keeps the rest, and refuses to post it after', async () => {
    const author = await signedInPlayer(server.url);
    const stale = await uploadPostImage(author);
    const fresh = await uploadPostImage(author);
    const postedOld = await uploadPostImage(author);
    expect((await author.post('/api/posts', { imageId: postedOld.imageId })).status).toBe(200);
    await age(stale.imageUrl, PENDING_POST_IMAGE_MS + 1000);
    await age(fresh.imageUrl, PENDING_POST_IMAGE_MS - 60_000);
    await age(postedOld.imageUrl, 10 * PENDING_POST_IMAGE_MS);

    // Two sweeps at once (two processes): each image is deleted once.
    const counts = await Promise.all([sweepPendingPostImages(db(), server.dataDir, log), sweepPendingPostImages(db(), server.dataDir, log)]);
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(stale.imageUrl))).toBe(false);
    expect(existsSync(fileOf(fresh.imageUrl))).toBe(true);
    expect(existsSync(fileOf(postedOld.imageUrl))).toBe(true);
    expect((await fetchAs(author, stale.imageUrl)).status).toBe(404);
    expect(await author.post<ErrorBody>('/api/posts', { imageId: stale.imageId })).toEqual({
      status: 400,
      body: { error: 'image_not_found', message: 'The image was not found. Please upload it again.' },
    });
    expect((await author.post('/api/posts', { imageId: fresh.imageId })).status).toBe(200);
  });

  it('is done by the scheduler by itself', async () => {
    const author = await signedInPlayer(server.url);
    const { imageUrl } = await uploadPostImage(author);
    await age(imageUrl, PENDING_POST_IMAGE_MS + 1000);
    server.app.ctx.scheduler.poke(new Date());
    for (let i = 0; i < 100 && existsSync(fileOf(imageUrl)); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(fileOf(imageUrl))).toBe(false);
  });
});

describe('a player’s quota of post images and upload rate (issue 25)', () => {
  it('refuses a post image beyond 50 MB of stored post images, and stores nothing', async () => {
    const author = await signedInPlayer(server.url);
    const ownerId = await myId(author);
    // As if the player had stored almost all of it already.
    await db()
      .insert(postImages)
      .values({ ownerId, path: `posts/quota-test/${ownerId}.webp`, bytes: POST_IMAGE_QUOTA_BYTES - 10 });
    const refused = await upload(author, '/api/posts/images', png(5, 5), { method: 'POST' });
    expect(refused).toEqual({
      status: 409,
      body: { error: 'image_quota', message: 'Your post images use all of your 50 MB. Delete a post with an image to upload another.' },
    });
    expect(await db().select({ path: postImages.path }).from(postImages).where(eq(postImages.ownerId, ownerId))).toHaveLength(1);
    await db().delete(postImages).where(eq(postImages.ownerId, ownerId));
    await uploadPostImage(author);
  });

  it('lets uploads at once overshoot no quota', async () => {
    const author = await signedInPlayer(server.url);
    const ownerId = await myId(author);
    const one = await uploadPostImage(author);
    const [row] = await db()
      .select({ bytes: postImages.bytes })
      .from(postImages)
      .where(eq(postImages.path, one.imageUrl.replace(/^\/uploads\//, '')));
    // Room for exactly two more images of that size.
    await db()
      .insert(postImages)
      .values({ ownerId, path: `posts/quota-test/${ownerId}.webp`, bytes: POST_IMAGE_QUOTA_BYTES - 3 * row!.bytes });
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(author, '/api/posts/images', png(5, 5), { method: 'POST' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409, 409]);
  });

  it('answers 429 with Retry-After past 30 uploads in 10 minutes, on every upload route', async () => {
    // A player of their own per route: a full window is remembered by the server until it ends
    // (limits are counted up only), so one player's counter is not set back between routes.
    for (const kind of ['post', 'avatar', 'background'] as const) {
      const author = await signedInPlayer(server.url);
      const userId = await myId(author);
      const [route, method] =
        kind === 'post'
          ? (['/api/posts/images', 'POST'] as const)
          : kind === 'avatar'
            ? (['/api/profile/avatar', 'PUT'] as const)
            : ([`/api/characters/${(await createCharacter(author)).id}/background`, 'PUT'] as const);
      await usePlayerLimit(server, 'uploads', userId, 1);
      expect((await upload(author, route, png(), { method })).status, route).toBe(200);
      const res = await fetch(new URL(route, server.url), {
        method,
        body: (() => {
          const form = new FormData();
          form.append('file', new Blob([png()], { type: 'image/png' }), 'a.png');
          return form;
        })(),
        headers: { origin: author.origin, cookie: author.cookieHeader() },
      });
      expect(res.status, route).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({
        error: 'rate_limited',
        message: 'You are uploading images too quickly. Try again in a few minutes.',
        title: 'Slow Down',
      });
      // Removing an image is not an upload.
      if (kind === 'avatar') expect((await author.json('DELETE', '/api/profile/avatar')).status).toBe(200);
    }
  });
});
