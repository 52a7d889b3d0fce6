import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { authSession, characterAdventures, rateLimits } from '../src/db/schema/index.ts';
import { pruneRateLimits, RATE_LIMIT_RETENTION_SECONDS } from '../src/http/rateLimit.ts';
import { MAX_SOCKETS_PER_PLAYER, SESSION_CHANGED, TOO_MANY_MESSAGES, TOO_MANY_SOCKETS } from '../src/realtime/hub.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { connectSocket } from './support/socket.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Security review findings (issue "Security"): one test per finding, each failing on the code before the fix. */
describe('security: one server at the production rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(() => server?.stop());

  it('serves only the auth endpoints the game uses: the link-token reset and OTP sign-in paths answer 404', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail('victim');
    // Issue 43: the password reset is the e-mail OTP plugin's (request-password-reset, reset-password); no other.
    const unused: Array<[string, unknown]> = [
      ['/api/auth/forget-password/email-otp', { email }],
      ['/api/auth/reset-password', { token: 'x', newPassword: 'taken-over' }],
      ['/api/auth/verify-password', { password: 'x' }],
      ['/api/auth/revoke-session', { token: 'x' }],
      ['/api/auth/sign-in/email-otp', { email, otp: '123456' }],
      ['/api/auth/email-otp/check-verification-otp', { email, otp: '123456', type: 'forget-password' }],
      ['/api/auth/request-password-reset', { email }],
      ['/api/auth/update-user', { name: 'x' }],
      ['/api/auth/delete-user', {}],
      ['/api/auth/%73ign-in/email-otp', { email, otp: '123456' }],
    ];
    for (const [url, body] of unused) {
      const res = await client.post(url, body);
      expect(res.status, url).toBe(404);
    }
    expect((await client.get('/api/auth/list-sessions')).status).toBe(404);
    expect((await client.get('/api/auth/ok')).status).toBe(404);
  });

  it('ends a reset-code guessing loop with 429; no reset code was asked for, none is mailed, the password stays', async () => {
    const owner = await signedInPlayer(server.url);
    const { body: me } = await owner.get<{ email: string }>('/api/me');
    const attacker = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 150 && !statuses.includes(429); i++) {
      const res = await attacker.post('/api/auth/email-otp/reset-password', { email: me.email, otp: String(i).padStart(6, '0'), password: 'taken-over' });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    const outbox = await owner.get<Array<{ subject: string }>>(`/api/dev/outbox?to=${encodeURIComponent(me.email)}`);
    expect(outbox.body).toHaveLength(1); // the sign-up mail only
    const signIn = await new TestClient(server.url).post('/api/auth/sign-in/email', { email: me.email, password: 'dragon-fire' });
    expect(signIn.status).toBe(200);
  });

  it('refuses OTP types other than e-mail verification', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    await client.post('/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'x' });
    for (const type of ['forget-password', 'sign-in', 'change-email']) {
      const res = await client.post<{ message: string }>('/api/auth/email-otp/send-verification-otp', { email, type });
      expect(res.status, type).toBe(400);
      expect(res.body.message).toBe('Only e-mail verification codes can be requested.');
    }
    const outbox = await client.get<unknown[]>(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body).toHaveLength(1);
  });

  it('keys per-IP limits on the socket address: 25 sign-ups claiming 25 X-Forwarded-For addresses hit the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await new TestClient(server.url).request(
        'POST',
        '/api/auth/sign-up/email',
        { email: uniqueEmail('xff'), password: 'dragon-fire', name: 'x' },
        {
          'x-forwarded-for': `203.0.113.${i + 1}`,
          'x-real-ip': `198.51.100.${i + 1}`,
        },
      );
      statuses.push(res.status);
    }
    // 20 sign-ups per IP per 10 minutes (earlier tests on this server used some): whatever the header claims.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('never builds a rate-limit key from an address that is not one (NUL, 300 characters): 400, not 500', async () => {
    const client = new TestClient(server.url);
    const before = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'address:%bad%'`);
    for (const email of ['bad\u0000name@example.com', `bad${'x'.repeat(300)}@example.com`]) {
      const res = await client.post<{ message: string }>('/api/auth/sign-in/email', { email, password: 'dragon-fire' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const after = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'address:%bad%'`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('prunes rate-limit windows that ended long ago', async () => {
    const db = server.database.db;
    const old = new Date(Date.now() - (RATE_LIMIT_RETENTION_SECONDS + 60) * 1000);
    await db.insert(rateLimits).values({ key: 'ip:192.0.2.1:/prune-test', count: 3, windowStart: old });
    await db.insert(rateLimits).values({ key: 'ip:192.0.2.2:/prune-test', count: 3, windowStart: new Date() });
    expect(await pruneRateLimits(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like '%/prune-test'`);
    expect(left.map((r) => r.key)).toEqual(['ip:192.0.2.2:/prune-test']);
  });
});

describe('security: one server at the test rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('refuses a percent-encoded API path from a foreign page (403), as it does the plain one', async () => {
    const player = await signedInPlayer(server.url);
    for (const url of ['/%61pi/characters', '/api/characters', '/%61pi/auth/sign-up/email', '/api%2Fcharacters']) {
      const res = await player.request(
        'POST',
        url,
        { name: 'Mallory', race: 'human', characterClass: 'warrior', gender: 'male' },
        { origin: 'https://evil.example' },
      );
      expect(res.status, url).toBe(403);
    }
    expect((await player.get<{ characters: unknown[] }>('/api/characters')).body.characters).toEqual([]);
  });

  it('refuses an upload of 300 fields without storing anything', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const form = new FormData();
    for (let i = 0; i < 300; i++) form.append(`field${i}`, 'x'.repeat(1000));
    form.append('file', new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' }), 'a.png');
    const res = await fetch(new URL(`/api/characters/${c.id}/avatar`, server.url), {
      method: 'PUT',
      body: form,
      headers: { origin: server.url, cookie: player.cookieHeader() },
    });
    // Issue 25: a body of anything but the one file is malformed (400), refused at its first field.
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'upload_invalid', message: 'Send the image as multipart/form-data in a field named "file".' });
    const folder = path.join(server.dataDir, 'uploads', 'characters');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('signs out every other session on a password change, even when the client asks not to', async () => {
    const email = uniqueEmail();
    const here = await signedInPlayer(server.url, email);
    const there = new TestClient(server.url);
    expect((await there.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(200);
    const socket = connectSocket(server.url, there);
    await socket.waitFor('hello');
    const res = await here.post('/api/auth/change-password', { currentPassword: 'dragon-fire', newPassword: 'new-dragon-fire', revokeOtherSessions: false });
    expect(res.status).toBe(200);
    expect((await there.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(200);
    expect([SESSION_CHANGED, 4401]).toContain((await socket.closed).code);
  });

  it('closes the sockets of a session that expired', async () => {
    const player = await signedInPlayer(server.url);
    const socket = connectSocket(server.url, player);
    await socket.waitFor('hello');
    const { body } = await player.get<{ session: { id: string } }>('/api/auth/get-session');
    await server.database.db
      .update(authSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSession.id, body.session.id));
    await server.app.ctx.hub.sweep();
    expect((await socket.closed).code).toBe(SESSION_CHANGED);
  });

  it(`caps a player's open sockets at ${MAX_SOCKETS_PER_PLAYER} and closes a socket that floods messages`, async () => {
    const player = await signedInPlayer(server.url);
    const sockets = [];
    for (let i = 0; i < MAX_SOCKETS_PER_PLAYER; i++) {
      const socket = connectSocket(server.url, player);
      await socket.waitFor('hello');
      sockets.push(socket);
    }
    const extra = connectSocket(server.url, player);
    expect((await extra.closed).code).toBe(TOO_MANY_SOCKETS);

    const flooding = sockets[0]!;
    for (let i = 0; i < 100; i++) flooding.ws.send(JSON.stringify({ type: 'ping' }));
    expect((await flooding.closed).code).toBe(TOO_MANY_MESSAGES);
    // The others are untouched and a closed slot can be taken again.
    await sockets[1]!.next('pong').catch(() => undefined);
    sockets[1]!.ws.send(JSON.stringify({ type: 'ping' }));
    await sockets[1]!.next('pong');
    const again = connectSocket(server.url, player);
    await again.waitFor('hello');
    for (const s of [...sockets, again]) s.close();
  });

  it("keeps the adventure's seed on the server: 128 random bits, in no answer", async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const started = await player.request('POST', `/api/characters/${c.id}/adventures`, { location: 'forest', level: 1 });
    expect(started.status).toBe(201);
    const text = await started.text();
    const [row] = await server.database.db.select().from(characterAdventures).where(eq(characterAdventures.characterId, c.id));
    expect(row!.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(text).not.toContain(row!.seed!);
    const view = await player.request('GET', `/api/characters/${c.id}/adventure`);
    expect(await view.text()).not.toContain(row!.seed!);
  });

  it('ends a character deletion racing its adventure settlement without a 500', async () => {
    const db = server.database.db;
    for (let round = 0; round < 6; round++) {
      const player = await signedInPlayer(server.url);
      const c = await createCharacter(player);
      expect((await player.post(`/api/characters/${c.id}/adventures`, { location: 'forest', level: 1 })).status).toBe(201);
      await db
        .update(characterAdventures)
        .set({ endTime: new Date(Date.now() - 1000) })
        .where(eq(characterAdventures.characterId, c.id));
      const [deleted, read, settled] = await Promise.all([
        player.request('DELETE', `/api/characters/${c.id}`),
        player.request('GET', `/api/characters/${c.id}/adventure`),
        server.app.ctx.adventures.settleDue(new Date()).then(
          () => 'ok',
          (error: unknown) => String(error),
        ),
      ]);
      expect(deleted.status, `round ${round}`).toBe(204);
      expect([200, 404], `round ${round}`).toContain(read.status);
      expect(settled).toBe('ok');
    }
  });
});

describe('security: a rejected push never ends the process', () => {
  let server: TestServer;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    server = await startTestServer({
      bus: {
        publish: async () => {
          throw new Error('bus down');
        },
        subscribe: () => undefined,
        listening: () => true,
        close: async () => undefined,
      },
    });
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await server?.stop();
  });

  it('signs in, signs out and keeps serving while every publish fails', async () => {
    const player = await signedInPlayer(server.url);
    expect((await player.post('/api/auth/sign-out')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rejections).toEqual([]);
    expect((await new TestClient(server.url).get('/api/health')).status).toBe(200);
  });

  it('logs an unobserved rejection and keeps the process alive (process guard)', () => {
    const script = `
      import { installProcessGuards } from ${JSON.stringify(path.join(repoRoot, 'apps/server/src/process-guards.ts'))};
      const logged = [];
      installProcessGuards({ error: (o, m) => logged.push(m) });
      Promise.reject(new Error('database blip'));
      setTimeout(() => { console.log(JSON.stringify({ alive: true, logged })); }, 50);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toEqual({ alive: true, logged: ['unhandled rejection (the server keeps serving)'] });
  });
});

describe('security: configuration', () => {
  it('starts in production from a .env copied from .env.example (no outbox, no development origins)', () => {
    const env = parseEnv(readFileSync(path.join(repoRoot, '.env.example'), 'utf8'));
    const config = loadConfig(env as NodeJS.ProcessEnv);
    expect(config.nodeEnv).toBe('production');
    expect(config.devOutbox).toBe(false);
    expect(config.trustedOrigins).toEqual(['http://localhost:3000']);
    expect(config.trustProxy).toBe(false);
  });

  it('mounts the outbox only with NODE_ENV=development or test (exactly) and DEV_OUTBOX=1 (docs/security.md)', () => {
    expect(loadConfig({ NODE_ENV: 'development', DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(loadConfig({ DEV_OUTBOX: '1' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: '1' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'staging', DEV_OUTBOX: '1' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'Development', DEV_OUTBOX: '1' }).nodeEnv).toBe('production');
    expect(loadConfig({ NODE_ENV: 'Development', DEV_OUTBOX: '1' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_OUTBOX: '1', SMTP_URL: 'smtp://127.0.0.1:2525' }).devOutbox).toBe(false);
  });

  it('trusts a proxy only when TRUST_PROXY says so', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops).toBe('function');
    expect((hops as (a: string, i: number) => boolean)('10.0.0.1', 0)).toBe(true);
    expect((hops as (a: string, i: number) => boolean)('10.0.0.1', 1)).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});

describe('same-origin by host when PUBLIC_URL is unset (127.0.0.1, a LAN address)', () => {
  let open: TestServer;
  let fixed: TestServer;
  beforeAll(async () => {
    open = await startTestServer();
    fixed = await startTestServer({ env: { PUBLIC_URL: 'http://game.example' } });
  });
  afterAll(async () => {
    await open?.stop();
    await fixed?.stop();
  });
  const viaLoopback = (server: TestServer) => server.url.replace('localhost', '127.0.0.1');

  it('signs up and verifies through http://127.0.0.1:PORT, with the mail link leading back there', async () => {
    const base = viaLoopback(open);
    const client = new TestClient(base);
    const email = uniqueEmail('loopback');
    const up = await client.post('/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'x' });
    expect(up.status).toBe(200);
    const { body: mails } = await client.get<Array<{ link: string; code: string }>>(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(mails[0]!.link.startsWith(`${base}/api/auth/verify-email?`)).toBe(true);
    expect((await client.post('/api/auth/email-otp/verify-email', { email, otp: mails[0]!.code })).status).toBe(200);
    expect((await client.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('still refuses an Origin that is not the host the request was sent to', async () => {
    const res = await new TestClient(viaLoopback(open), 'http://localhost.evil.example').post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: 'dragon-fire',
      name: 'x',
    });
    expect(res.status).toBe(403);
  });

  // Issue 25, point 2: the verification link followed the Host header, so a sign-up sent with
  // `Host: attacker.example` mailed the victim a link (and token) to the attacker's host.
  const injectPost = (server: TestServer, url: string, host: string, origin: string, payload: unknown) =>
    server.app.inject({ method: 'POST', url, headers: { host, origin, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const outbox = async (server: TestServer, email: string) =>
    (await new TestClient(server.url).get<Array<{ link: string }>>(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body;

  it('without PUBLIC_URL, refuses to send mail for a request to a host that is not loopback, and mails nothing', async () => {
    const email = uniqueEmail('rebind');
    const up = await injectPost(open, '/api/auth/sign-up/email', 'attacker.example', 'http://attacker.example', { email, password: 'dragon-fire', name: 'x' });
    expect(up.statusCode).toBe(403);
    expect(up.json()).toMatchObject({
      message: 'This server sends e-mails only when it is opened at its public address. Open the game at that address, or ask its operator to set PUBLIC_URL.',
    });
    for (const [host, url] of [
      ['192.168.1.20:3000', '/api/auth/email-otp/send-verification-otp'],
      ['127.0.0.1.attacker.example', '/api/auth/send-verification-email'],
      ['localhost.attacker.example', '/api/auth/sign-up/email'],
    ] as const) {
      const res = await injectPost(open, url, host, `http://${host}`, { email, password: 'dragon-fire', name: 'x', type: 'email-verification' });
      expect(res.statusCode, `${host} ${url}`).toBe(403);
    }
    expect(await outbox(open, email)).toEqual([]);
  });

  it('without PUBLIC_URL, mails a link to the loopback host the sign-up was sent to (localhost, 127.0.0.1, [::1])', async () => {
    for (const host of [`localhost:${open.config.port}`, `127.0.0.1:${open.config.port}`, `127.8.9.10:${open.config.port}`, `[::1]:${open.config.port}`]) {
      const email = uniqueEmail('loop');
      const up = await injectPost(open, '/api/auth/sign-up/email', host, `http://${host}`, { email, password: 'dragon-fire', name: 'x' });
      expect(up.statusCode, host).toBe(200);
      expect((await outbox(open, email))[0]!.link.startsWith(`http://${host}/api/auth/verify-email?`), host).toBe(true);
    }
  });

  it('with PUBLIC_URL set, the mail link is the PUBLIC_URL whatever Host the request names', async () => {
    const email = uniqueEmail('fixed');
    // The test server's PUBLIC_URL is its own http://localhost:PORT (support/server.ts).
    const up = await injectPost(fixed, '/api/auth/sign-up/email', 'attacker.example', fixed.config.publicUrl, { email, password: 'dragon-fire', name: 'x' });
    expect(up.statusCode).toBe(200);
    expect((await outbox(fixed, email))[0]!.link.startsWith(`${fixed.config.publicUrl}/api/auth/verify-email?`)).toBe(true);
  });

  it('with PUBLIC_URL set, only that origin counts', async () => {
    const res = await new TestClient(viaLoopback(fixed)).post('/api/auth/sign-up/email', { email: uniqueEmail(), password: 'dragon-fire', name: 'x' });
    expect(res.status).toBe(403);
  });
});
