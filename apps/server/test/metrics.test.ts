import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { metricsLoopbackOpen } from '../src/http/metrics.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { say } from './support/console.ts';
import { connectSocket } from './support/socket.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const TOKEN = 'metrics-token-0123456789';

/** Issue 28 (metrics and logs): /metrics through prom-client, for loopback or the token only; request ids. */
describe('GET /metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server?.stop());

  const metrics = (headers: Record<string, string> = {}) => fetch(`${server.url}/metrics`, { headers });

  it('counts and times requests per route pattern, and shows the database pool and its query time, sockets, pushes, the scheduler, the event loop and memory', async () => {
    const player = await signedInPlayer(server.url);
    const character = await createCharacter(player);
    const tab = connectSocket(server.url, player);
    await tab.waitFor('hello');
    await say(player, character.id, '/help');
    await tab.waitFor('invalidate');

    const res = await metrics();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    // The route's pattern, never the character's id.
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/characters\/:id\/console",status="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[^"]+",method="POST",route="\/api\/characters\/:id\/console",status="200"\}/);
    expect(text).not.toContain(character.id);
    expect(text).toMatch(/realtime_open_sockets 1/);
    expect(text).toMatch(/realtime_pushes_total [1-9]/);
    expect(text).toMatch(/realtime_push_delivery_lag_seconds_count [1-9]/);
    expect(text).toMatch(/scheduler_lag_seconds \d/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
    // The database pool's use, and its statements' and transactions' time (issue 28), on either database.
    expect(text).toMatch(/db_pool_connections [1-9]/);
    expect(text).toMatch(/db_pool_idle_connections \d/);
    expect(text).toMatch(/db_pool_waiting_requests \d/);
    expect(text).toMatch(/db_query_duration_seconds_bucket\{le="0.005"\} \d/);
    expect(Number(/db_query_duration_seconds_count (\d+)/.exec(text)?.[1])).toBeGreaterThan(3);
    // The sign-up and the character each ran at least one of the game's transactions (a plain
    // console line like /help is one read and one write, without a transaction: issue 45).
    expect(Number(/db_transactions_total (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(2);
    tab.close();
  });

  it('is a 404 through a proxy without the token, or with a wrong one; the token opens it from anywhere', async () => {
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await metrics({ authorization: 'Bearer wrong-token-0123456789' })).status).toBe(404);
    expect((await metrics({ authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    expect((await metrics({ authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
  });
});

describe('a 500 answer carries the request id of its log line', () => {
  it('quotes the id in the body and the x-request-id header, as the log line has it', async () => {
    const lines: string[] = [];
    const server = await startTestServer({ logStream: { write: (line) => void lines.push(line) } });
    const player = await signedInPlayer(server.url);
    // A table gone under a running server: the next read of it fails unexpectedly.
    await server.database.db.execute(sql`alter table player_characters rename to player_characters_gone`);
    const res = await player.request('GET', '/api/characters');
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; message: string; requestId: string };
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(body).toMatchObject({ error: 'internal', requestId: id });
    expect(body.message).toBe(`Something went wrong on our side. Please try again. (Reference: ${id})`);
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((l) => l.msg === 'unhandled error');
    expect(logged.map((l) => l.reqId)).toContain(id);
    await server.stop();
  });
});

/** Issue 46, point 7: a proxy on the same host that sends no X-Forwarded-For does not open /metrics. */
describe('GET /metrics behind a same-host proxy', () => {
  /** A GET from loopback with the headers given, Host included (fetch cannot set it). */
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL('/metrics', url);
      const req = httpRequest({ host: '127.0.0.1', port: target.port, path: '/metrics', headers: { host: target.host, ...headers } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });

  it('without a proxy configured: a loopback request sent to a loopback name, with no proxy header, reads it; a public Host, X-Real-IP, Via or X-Forwarded-Proto does not', async () => {
    const server = await startTestServer();
    try {
      expect(await get(server.url)).toBe(200);
      expect(await get(server.url, { host: '127.0.0.1' })).toBe(200);
      expect(await get(server.url, { host: 'game.example.com' })).toBe(404);
      expect(await get(server.url, { 'x-real-ip': '203.0.113.9' })).toBe(404);
      expect(await get(server.url, { via: '1.1 caddy' })).toBe(404);
      expect(await get(server.url, { 'x-forwarded-proto': 'https' })).toBe(404);
      expect(await get(server.url, { 'x-forwarded-host': 'game.example.com' })).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('with TRUST_PROXY or a public PUBLIC_URL set, loopback alone never reads it: the token does', async () => {
    expect(metricsLoopbackOpen(loadConfig({}))).toBe(true);
    expect(metricsLoopbackOpen(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toBe(true);
    expect(metricsLoopbackOpen(loadConfig({ PUBLIC_URL: 'https://game.example.com' }))).toBe(false);
    expect(metricsLoopbackOpen(loadConfig({ TRUST_PROXY: '127.0.0.1' }))).toBe(false);
    for (const env of [{ TRUST_PROXY: '1' }, { TRUST_PROXY: '127.0.0.1' }]) {
      const server = await startTestServer({ env: { ...env, METRICS_TOKEN: TOKEN } });
      try {
        expect(await get(server.url), JSON.stringify(env)).toBe(404);
        expect(await get(server.url, { host: '127.0.0.1' })).toBe(404);
        expect(await get(server.url, { authorization: `Bearer ${TOKEN}` })).toBe(200);
      } finally {
        await server.stop();
      }
    }
  });
});
