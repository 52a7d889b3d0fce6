// The built web app as the server sends it: the precompressed twins the build writes (.br, .gz)
// for clients that accept them, hashed assets cached for a year, index.html always revalidated.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';

const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`;
const js = `export const greeting = ${JSON.stringify('hello adventurer '.repeat(200))};\n`;

let dir: string;
let database: Database;
let app: FastifyInstance;

function twins(file: string, body: string) {
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rpg-web-static-'));
  const webDist = path.join(dir, 'dist');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  twins(path.join(webDist, 'index.html'), html);
  twins(path.join(webDist, 'assets/index-abc123.js'), js);
  writeFileSync(path.join(webDist, 'assets/tiny-def456.js'), 'export {};\n'); // too small to compress
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dir, AUTH_SECRET: 'test-secret-test-secret-test-secret-42' }, { webDist });
  database = await openDatabase({ dataDir: 'memory://' });
  app = await buildApp({ config, database });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web app static files (precompressed at build)', () => {
  it('sends the brotli twin of a hashed asset to a client that accepts br, cached immutable', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends the gzip twin to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('falls back to the plain file when an asset has no compressed twin', async () => {
    const res = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('sends index.html compressed and never cached without revalidation, for / and for client routes', async () => {
    for (const url of ['/', '/play', '/auth']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });
});
