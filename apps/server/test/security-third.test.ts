import { MAX_WATCH_BYTES } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, users } from '../src/db/schema/index.ts';
import type WebSocket from 'ws';
import { isClientSocketError } from '../src/realtime/socket-errors.ts';
import { TestClient, signedInPlayer, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { connectSocket } from './support/socket.ts';

/** Issue 46, the third security review: what a script, a rogue moderator or a proxy could do. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { DEV_GRANTS: '1' } });
});
afterAll(() => server?.stop());

const NOT_FOUND = { error: 'not_found', message: 'Not found' };

/** A raw request, its status and body (no contract check: some of these are not JSON). */
async function raw(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new URL(path, server.url), { ...init, headers: { origin: server.url, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Kept as text.
  }
  return { status: res.status, body };
}

describe('issue 46, point 9: the hidden routes and the development grant', () => {
  it('an unknown path and a hidden moderation route answer a malformed, an empty, a large body and a wrong media type alike', async () => {
    const player = await signedInPlayer(server.url);
    const cookie = player.cookieHeader();
    const bodies: RequestInit[] = [
      { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json', cookie } },
      { method: 'POST', body: 'text', headers: { 'content-type': 'text/plain', cookie } },
      { method: 'POST', body: '', headers: { 'content-type': 'application/json', cookie } },
      { method: 'POST', body: JSON.stringify({ pad: 'x'.repeat(2_000_000) }), headers: { 'content-type': 'application/json', cookie } },
    ];
    for (const init of bodies) {
      const unknown = await raw('/api/moderation/no-such-route', init);
      const hidden = await raw('/api/moderation/staff', init);
      const hiddenAction = await raw('/api/moderation/reports/00000000-0000-4000-8000-000000000000/actions', init);
      // A JSON body is not read on an unknown path (the hidden routes refuse before reading it); the media type is refused before either.
      if ((init.headers as Record<string, string>)['content-type'] === 'application/json')
        expect(unknown, String(init.body).slice(0, 20)).toEqual({ status: 404, body: NOT_FOUND });
      expect(hidden).toEqual(unknown);
      expect(hiddenAction).toEqual(unknown);
    }
  });

  it('POST /api/dev/roles needs a session', async () => {
    const email = uniqueEmail('dev-role-anon');
    await signedInPlayer(server.url, email);
    const anonymous = new TestClient(server.url);
    const res = await anonymous.post('/api/dev/roles', { email, role: 'admin' });
    expect(res.status).toBe(401);
  });
});

describe('issue 46, point 9: what a client does wrong on its socket', () => {
  it('a frame too large or a malformed one is logged at info without a stack, never at error level', async () => {
    const lines: Array<{ level: number; msg?: string; err?: { stack?: string }; code?: string }> = [];
    const logged = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    try {
      const player = await signedInPlayer(logged.url);
      for (const send of [
        (ws: WebSocket) => ws.send('x'.repeat(MAX_WATCH_BYTES + 10)),
        (ws: WebSocket) => ws.send(Buffer.from([0xff, 0xfe, 0xfd]), { binary: false }),
      ]) {
        const tab = connectSocket(logged.url, player);
        await tab.waitFor('hello');
        send(tab.ws);
        expect((await tab.closed).code).not.toBe(1000);
      }
      await expect
        .poll(() => lines.filter((l) => l.msg === 'websocket closed: client error').map((l) => l.code))
        .toEqual(['WS_ERR_UNSUPPORTED_MESSAGE_LENGTH', 'WS_ERR_INVALID_UTF8']);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.filter((l) => l.err?.stack !== undefined)).toEqual([]);
      expect(isClientSocketError(Object.assign(new Error('boom'), { code: 'ERR_SOMETHING' }))).toBe(false);
    } finally {
      await logged.stop();
    }
  });
});

describe('issue 46, point 6: a sign-in racing a suspension', () => {
  it('a session made while the suspension was written is refused at its first use, on every way in, and ended', async () => {
    const email = uniqueEmail('racer');
    const first = await signedInPlayer(server.url, email);
    const { id: userId } = (await first.get<{ id: string }>('/api/me')).body;
    // The race's outcome: the sign-in checked the account before the suspension was written, and
    // made its session after the suspension had ended every session (and evicted every cache).
    const raced = new TestClient(server.url);
    expect((await raced.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(200);
    await server.database.db.update(users).set({ suspendedAt: new Date(), suspendedUntil: null, suspensionReason: 'Botting' }).where(eq(users.id, userId));

    const tab = connectSocket(server.url, raced);
    expect((await tab.closed).code).toBe(4401);
    expect((await raced.get('/api/me')).status).toBe(401);
    expect((await raced.get('/api/auth/get-session')).body).toBeNull();
    const left = await server.database.db.select({ id: authSession.id }).from(authSession).where(eq(authSession.userId, userId));
    expect(left).toEqual([]);
  });
});
