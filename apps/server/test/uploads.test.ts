import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterResponse } from '../src/routes/characters/view.ts';
import { createCharacter, listCharacters, png, upload, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const stored = () => {
  const folder = path.join(server.dataDir, 'uploads', 'characters');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};
const fetchUpload = (url: string) => fetch(new URL(url, server.url));
/** A file that starts like `kind` but is `size` bytes long. */
const padded = (head: number[] | string, size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from(typeof head === 'string' ? Buffer.from(head, 'latin1') : head).copy(bytes);
  return bytes;
};
const MiB = 1024 * 1024;

describe('character images (DECISIONS §3)', () => {
  it('stores a real PNG avatar (re-encoded as WebP) and serves it back with long caching', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const image = png(3, 2);
    const res = await upload(player, `/api/characters/${c.id}/avatar`, image);
    expect(res.status).toBe(200);
    const { character } = res.body as CharacterResponse;
    expect(character.id).toBe(c.id);
    expect(character.avatarUrl).toMatch(/^\/uploads\/characters\/[0-9a-f]{32}\.webp$/);
    expect(character.backgroundUrl).toBeNull();
    expect(stored()).toContain(path.basename(character.avatarUrl!));

    const served = await fetchUpload(character.avatarUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 3, height: 2 });
    expect((await listCharacters(player))[0]!.avatarUrl).toBe(character.avatarUrl);
  });

  it('reads JPEG, GIF and WebP by their bytes whatever the file is called, and stores WebP', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const source = sharp({ create: { width: 6, height: 4, channels: 3, background: '#3366cc' } });
    const kinds: Array<[Buffer, string]> = [
      [await source.clone().jpeg().toBuffer(), 'jpg'],
      [await source.clone().gif().toBuffer(), 'gif'],
      [await source.clone().webp().toBuffer(), 'webp'],
    ];
    for (const [bytes, kind] of kinds) {
      const res = await upload(player, `/api/characters/${c.id}/background`, bytes, { filename: 'photo.png', type: 'application/octet-stream' });
      expect(res.status, kind).toBe(200);
      expect((res.body as CharacterResponse).character.backgroundUrl, kind).toMatch(/\.webp$/);
    }
  });

  it('replaces the previous image and removes its file', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const first = (await upload(player, `/api/characters/${c.id}/avatar`, png(1, 1))).body as CharacterResponse;
    const second = (await upload(player, `/api/characters/${c.id}/avatar`, png(4, 4, [0, 0, 255]))).body as CharacterResponse;
    expect(second.character.avatarUrl).not.toBe(first.character.avatarUrl);
    expect((await fetchUpload(first.character.avatarUrl!)).status).toBe(404);
    expect((await fetchUpload(second.character.avatarUrl!)).status).toBe(200);
    expect(stored()).not.toContain(path.basename(first.character.avatarUrl!));
  });

  it('refuses a text file renamed .png', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const before = stored();
    const res = await upload(player, `/api/characters/${c.id}/avatar`, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>just text'), {
      filename: 'cat.png',
      type: 'image/png',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'image_type_invalid', message: 'Images only: PNG, JPEG, WebP or GIF.' });
    expect(stored()).toEqual(before);
    expect((await listCharacters(player))[0]!.avatarUrl).toBeNull();
  });

  it('refuses an image over 2 MB and accepts one of exactly 2 MiB', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const header = [...png(1, 1).subarray(0, 8)];
    const big = await upload(player, `/api/characters/${c.id}/avatar`, padded(header, 3 * 1000 * 1000));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: 'image_too_large', message: 'The image is larger than 2 MB.' });
    expect((await listCharacters(player))[0]!.avatarUrl).toBeNull();
    // A real PNG of noise (about 2 MB), padded after its end to exactly 2 MiB.
    const noise = await sharp({ create: { width: 840, height: 840, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    expect(noise.length).toBeLessThanOrEqual(2 * MiB);
    const justFits = await upload(player, `/api/characters/${c.id}/avatar`, Buffer.concat([noise, Buffer.alloc(2 * MiB - noise.length)]));
    expect(justFits.status).toBe(200);
  });

  it('refuses a request without a file in the field "file"', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const message = 'Send the image as multipart/form-data in a field named "file".';
    const wrongField = await upload(player, `/api/characters/${c.id}/avatar`, png(), { field: 'image' });
    expect(wrongField).toEqual({ status: 400, body: { error: 'upload_invalid', message } });
    const json = await player.json<ErrorBody>('PUT', `/api/characters/${c.id}/avatar`, { file: 'data:image/png;base64,AAAA' });
    expect(json).toEqual({ status: 400, body: { error: 'upload_invalid', message } });
  });

  it('reads multipart on the upload routes only: any other route refuses it as not JSON and changes nothing', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    // The uploads have a scope of their own (app.ts): multipart's hooks run on them alone.
    const elsewhere = await upload(player, `/api/characters/${c.id}/select`, png(), { method: 'POST' });
    expect(elsewhere).toEqual({ status: 415, body: { error: 'invalid_input', message: 'Requests must be sent as JSON.' } });
    for (const [path, method] of [
      ['/api/profile/avatar', 'PUT'],
      ['/api/posts/images', 'POST'],
      [`/api/characters/${c.id}/background`, 'PUT'],
    ] as const) {
      expect((await upload(player, path, png(), { method })).status, path).toBe(200);
    }
  });

  it('removes an image with DELETE, and both images with the character', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const avatar = ((await upload(player, `/api/characters/${c.id}/avatar`, png())).body as CharacterResponse).character.avatarUrl!;
    const background = ((await upload(player, `/api/characters/${c.id}/background`, png(8, 4))).body as CharacterResponse).character.backgroundUrl!;

    const removed = await player.json<CharacterResponse>('DELETE', `/api/characters/${c.id}/avatar`);
    expect(removed.status).toBe(200);
    expect(removed.body.character).toMatchObject({ avatarUrl: null, backgroundUrl: background });
    expect((await fetchUpload(avatar)).status).toBe(404);
    // removing again is fine
    expect((await player.json<CharacterResponse>('DELETE', `/api/characters/${c.id}/avatar`)).status).toBe(200);

    expect((await player.request('DELETE', `/api/characters/${c.id}`)).status).toBe(204);
    expect((await fetchUpload(background)).status).toBe(404);
    expect(stored()).not.toContain(path.basename(background));
  });

  it('answers 404 for another player’s character and stores nothing', async () => {
    const owner = await signedInPlayer(server.url);
    const intruder = await signedInPlayer(server.url);
    const c = await createCharacter(owner);
    const before = stored();
    for (const kind of ['avatar', 'background']) {
      const res = await upload(intruder, `/api/characters/${c.id}/${kind}`, png());
      expect(res).toEqual({ status: 404, body: { error: 'not_found', message: 'Character not found' } });
    }
    expect(stored()).toEqual(before);
    expect(await listCharacters(owner)).toMatchObject([{ avatarUrl: null, backgroundUrl: null }]);
  });

  it('refuses uploads without a session or from a foreign page', async () => {
    const anonymous = new TestClient(server.url);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await upload(anonymous, `/api/characters/${id}/avatar`, png())).status).toBe(401);
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const foreign = await upload(player, `/api/characters/${c.id}/avatar`, png(), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await listCharacters(player))[0]!.avatarUrl).toBeNull();
  });

  it('answers 404 for an upload that does not exist', async () => {
    expect((await fetchUpload('/uploads/characters/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
    const escape = await fetchUpload('/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd');
    expect([403, 404]).toContain(escape.status);
  });
});
