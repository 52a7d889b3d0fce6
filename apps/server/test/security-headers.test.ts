// Issue 25, point 7: `/` and `/api/me` sent no Content-Security-Policy, no X-Content-Type-Options, no
// frame protection, no Referrer-Policy. Every kind of answer is checked here: the web app's HTML (at
// `/` and at a client route), a hashed asset, API answers (a refusal, a 404, an origin refusal) and
// an upload.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';

// As the build writes it (vite.config.ts, routePreloads): one inline script, then the entry.
const inline = '(function(){var p=location.pathname;window.__rpgEarly={p:p}})()';
const html =
  `<!doctype html><html><head><meta charset="UTF-8" /><script>${inline}</script>\n` +
  `<title>RPG Adventure</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head>` +
  `<body><div id="root"></div></body></html>`;
const inlineHash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let dir: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rpg-headers-'));
  const webDist = path.join(dir, 'dist');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), html);
  writeFileSync(path.join(webDist, 'assets/index-abc123.js'), 'export {};\n');
  mkdirSync(path.join(dir, 'uploads/characters'), { recursive: true });
  writeFileSync(path.join(dir, 'uploads/characters/0123456789abcdef0123456789abcdef.png'), PNG);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dir, AUTH_SECRET: 'test-secret-test-secret-test-secret-42' }, { webDist });
  database = await openDatabase({ dataDir: 'memory://' });
  app = await buildApp({ config, database });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The CSP's directives by name. */
function directives(csp: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof csp).toBe('string');
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers (issue 25, point 7)', () => {
  const answers = {
    'the landing page (/)': () => app.inject({ method: 'GET', url: '/' }),
    'a client route (/game)': () => app.inject({ method: 'GET', url: '/game' }),
    'a hashed asset': () => app.inject({ method: 'GET', url: '/assets/index-abc123.js' }),
    'GET /api/me without a session (401)': () => app.inject({ method: 'GET', url: '/api/me' }),
    'GET /api/health': () => app.inject({ method: 'GET', url: '/api/health' }),
    'an unknown API path (404)': () => app.inject({ method: 'GET', url: '/api/nothing-here' }),
    'a POST from a foreign page (403)': () =>
      app.inject({ method: 'POST', url: '/api/characters', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, payload: '{}' }),
    'an upload': () => app.inject({ method: 'GET', url: '/uploads/characters/0123456789abcdef0123456789abcdef.png' }),
  };

  for (const [what, send] of Object.entries(answers)) {
    it(`sends nosniff, frame protection, a Referrer-Policy and the CSP on ${what}`, async () => {
      const res = await send();
      expect(res.statusCode, what).toBeLessThan(500);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
    });
  }

  it("allows index.html's own inline script by its hash, and no other inline script or eval", async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain(inline);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", inlineHash]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    // Over plain http: no upgrade of requests, no HSTS.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
