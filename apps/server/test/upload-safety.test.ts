/**
 * Issue 25 (security round), uploads: malformed multipart is a 400 on every upload route;
 * images are decoded and re-encoded without their metadata, within size and pixel limits.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharacter, multipartBody, png, sendRaw, upload, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let player: TestClient;
let routes: Array<{ path: string; method: string }>;

beforeAll(async () => {
  server = await startTestServer();
  player = await signedInPlayer(server.url);
  const c = await createCharacter(player);
  routes = [
    { path: '/api/posts/images', method: 'POST' },
    { path: '/api/profile/avatar', method: 'PUT' },
    { path: '/api/profile/banner', method: 'PUT' },
    { path: `/api/characters/${c.id}/avatar`, method: 'PUT' },
    { path: `/api/characters/${c.id}/background`, method: 'PUT' },
  ];
}, 120_000);
afterAll(() => server?.stop());

const BOUNDARY = '----rpgTestBoundary7MA4YWxkTrZu0gW';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const invalid = (message: string) => ({ error: 'upload_invalid', message });

describe('malformed multipart answers 400 with a clear message on every upload route (issue 25, point 8)', () => {
  it('refuses a cut body, a missing boundary, a wrong field, two files, a field, an empty file, a non-image and a truncated image', async () => {
    const image = png(40, 40);
    const cases: Array<[string, Buffer, string, { status: number; body: ErrorBody }]> = [
      [
        'a body cut before its closing boundary',
        multipartBody(BOUNDARY, [{ name: 'file', filename: 'a.png', bytes: image }], { close: false }),
        MULTIPART,
        { status: 400, body: invalid('The upload could not be read. Please try again.') },
      ],
      [
        'a body cut inside the file',
        multipartBody(BOUNDARY, [{ name: 'file', filename: 'a.png', bytes: image }]).subarray(0, 150),
        MULTIPART,
        { status: 400, body: invalid('The upload could not be read. Please try again.') },
      ],
      [
        'multipart without a boundary',
        multipartBody(BOUNDARY, [{ name: 'file', filename: 'a.png', bytes: image }]),
        'multipart/form-data',
        { status: 400, body: invalid('The upload could not be read. Please try again.') },
      ],
      [
        'a file in another field',
        multipartBody(BOUNDARY, [{ name: 'image', filename: 'a.png', bytes: image }]),
        MULTIPART,
        { status: 400, body: invalid('Send the image as multipart/form-data in a field named "file".') },
      ],
      [
        'two files',
        multipartBody(BOUNDARY, [
          { name: 'file', filename: 'a.png', bytes: image },
          { name: 'file', filename: 'b.png', bytes: image },
        ]),
        MULTIPART,
        { status: 400, body: invalid('Send one image at a time.') },
      ],
      [
        'a text field beside the file',
        multipartBody(BOUNDARY, [
          { name: 'file', filename: 'a.png', bytes: image },
          { name: 'note', bytes: 'hello' },
        ]),
        MULTIPART,
        { status: 400, body: invalid('Send the image as multipart/form-data in a field named "file".') },
      ],
      [
        'a text field only',
        multipartBody(BOUNDARY, [{ name: 'file', bytes: 'hello' }]),
        MULTIPART,
        { status: 400, body: invalid('Send the image as multipart/form-data in a field named "file".') },
      ],
      [
        'no part at all',
        multipartBody(BOUNDARY, []),
        MULTIPART,
        { status: 400, body: invalid('Send the image as multipart/form-data in a field named "file".') },
      ],
      [
        'an empty file',
        multipartBody(BOUNDARY, [{ name: 'file', filename: 'a.png', bytes: new Uint8Array() }]),
        MULTIPART,
        { status: 400, body: invalid('The file is empty.') },
      ],
      [
        'a text file',
        multipartBody(BOUNDARY, [{ name: 'file', filename: 'a.png', bytes: 'just text' }]),
        MULTIPART,
        { status: 400, body: { error: 'image_type_invalid', message: 'Images only: PNG, JPEG, WebP or GIF.' } },
      ],
      [
        'a truncated image',
        multipartBody(BOUNDARY, [{ name: 'file', filename: 'a.png', bytes: image.subarray(0, image.length - 30) }]),
        MULTIPART,
        { status: 400, body: { error: 'image_damaged', message: 'The image could not be read: it may be damaged or incomplete.' } },
      ],
    ];
    const failures: string[] = [];
    for (const { path, method } of routes) {
      for (const [label, body, type, expected] of cases) {
        const res = await sendRaw(player, path, body, type, method);
        if (JSON.stringify(res) !== JSON.stringify(expected)) failures.push(`${method} ${path} ${label}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
    // The player's profile and character still have no image.
    const me = await player.get<{ avatarUrl: string | null; bannerUrl: string | null }>('/api/me');
    expect(me.body).toMatchObject({ avatarUrl: null, bannerUrl: null });
  }, 120_000);
});

const served = async (url: string) => {
  const res = await fetch(new URL(url, server.url), { headers: { cookie: player.cookieHeader() } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('uploads are decoded and re-encoded without their metadata (issue 25)', () => {
  it('strips the EXIF GPS position of a photo and stores it as WebP', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Spy 3000' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' },
      })
      .toBuffer();
    // The photo sent does carry its position.
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.includes(Buffer.from('Spy 3000'))).toBe(true);
    expect(sent.exif!.length).toBeGreaterThan(100);

    for (const { path, method } of routes) {
      const res = await upload(player, path, photo, { method, filename: 'holiday.jpg', type: 'image/jpeg' });
      expect(res.status, path).toBe(200);
      const body = res.body as { imageUrl?: string; user?: { avatarUrl: string; bannerUrl: string }; character?: { avatarUrl: string; backgroundUrl: string } };
      const url =
        body.imageUrl ??
        (path.endsWith('banner')
          ? body.user!.bannerUrl
          : path.endsWith('background')
            ? body.character!.backgroundUrl
            : (body.user?.avatarUrl ?? body.character!.avatarUrl));
      expect(url, path).toMatch(/\.webp$/);
      const file = await served(url);
      expect(file.status).toBe(200);
      expect(file.type).toBe('image/webp');
      const stored = await sharp(file.bytes).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 64, height: 48 });
      expect(stored.exif, path).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(file.bytes.includes(Buffer.from('Spy 3000'))).toBe(false);
      expect(file.bytes.includes(Buffer.from('GPS'))).toBe(false);
    }
  }, 60_000);

  it('shrinks each kind into its bounds, keeping proportions', async () => {
    const wide = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const expected: Record<string, [number, number]> = {
      '/api/posts/images': [1600, 400],
      '/api/profile/avatar': [512, 128],
      '/api/profile/banner': [1920, 480],
    };
    for (const [path, [width, height]] of Object.entries(expected)) {
      const method = path === '/api/posts/images' ? 'POST' : 'PUT';
      const res = await upload(player, path, wide, { method });
      expect(res.status, path).toBe(200);
      const body = res.body as { imageUrl?: string; user?: { avatarUrl: string; bannerUrl: string } };
      const url = body.imageUrl ?? (path.endsWith('banner') ? body.user!.bannerUrl : body.user!.avatarUrl);
      expect(await sharp((await served(url)).bytes).metadata(), path).toMatchObject({ width, height });
    }
  }, 60_000);

  it('refuses a decompression bomb (more than 24 megapixels) before decoding it', async () => {
    // 6,000 x 5,000 of one colour: a few kilobytes of PNG, 90 MB once decoded.
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#000000' }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    for (const { path, method } of routes) {
      const res = await upload(player, path, bomb, { method });
      expect(res, path).toEqual({
        status: 413,
        body: { error: 'image_too_large', message: 'The image is too large: at most 24 megapixels (e.g. 6000 × 4000).' },
      });
    }
  }, 60_000);

  it('keeps the first frame of an animated GIF (docs/security.md)', async () => {
    // Three 8 x 8 frames: red, green, blue.
    const pixels = Buffer.concat(['ff0000', '00ff00', '0000ff'].map((hex) => Buffer.from(hex.repeat(64), 'hex')));
    const gif = await sharp(pixels, { raw: { width: 8, height: 24, channels: 3, pageHeight: 8 } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const res = await upload(player, '/api/posts/images', gif, { method: 'POST', filename: 'dance.gif', type: 'image/gif' });
    expect(res.status).toBe(200);
    const file = (await served((res.body as { imageUrl: string }).imageUrl)).bytes;
    const stored = await sharp(file).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 8, height: 8 });
    expect(stored.pages ?? 1).toBe(1);
    const { data } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // Red, within the encoder's rounding.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(60);
  });
});
