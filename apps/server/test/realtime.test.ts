import { MAX_WATCH_BYTES } from '@rpg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { connectSocket } from './support/socket.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const connect = (client: TestClient | undefined, origin = server.url) => connectSocket(server.url, client, { origin });

const me = async (client: TestClient) => (await client.get<{ id: string; isOnline: boolean; lastSeen: string }>('/api/me')).body;

describe('realtime socket and presence', () => {
  it('refuses a socket without a session', async () => {
    const socket = connect(undefined);
    expect((await socket.closed).code).toBe(4401);
  });

  it('refuses a socket opened from a foreign page', async () => {
    const player = await signedInPlayer(server.url);
    const socket = connect(player, 'https://evil.example');
    expect((await socket.closed).code).toBe(4403);
  });

  it('marks a player online while a tab is open and offline when the last one closes, telling others', async () => {
    const watcher = await signedInPlayer(server.url);
    const watcherSocket = connect(watcher);
    await watcherSocket.waitFor('hello');

    const player = await signedInPlayer(server.url);
    const { id } = await me(player);
    const tabA = connect(player);
    const tabB = connect(player);
    await tabA.waitFor('hello');
    await tabB.waitFor('hello');
    expect((await me(player)).isOnline).toBe(true);

    tabA.ws.close();
    await tabA.closed;
    await new Promise((r) => setTimeout(r, 200));
    expect((await me(player)).isOnline).toBe(true);

    tabB.ws.close();
    await watcherSocket.waitFor('presence', (m) => m.userId === id && m.isOnline === false);
    expect((await me(player)).isOnline).toBe(false);
    watcherSocket.ws.close();
  });

  it('answers a ping with a pong; the 30-second sweep refreshes last_seen of every open tab in one write', async () => {
    const player = await signedInPlayer(server.url);
    const socket = connect(player);
    await socket.waitFor('hello');
    const before = Date.parse((await me(player)).lastSeen);
    await new Promise((r) => setTimeout(r, 30));
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.waitFor('pong');
    await server.app.ctx.hub.sweep();
    expect(Date.parse((await me(player)).lastSeen)).toBeGreaterThan(before);
    socket.ws.close();
  });

  it("the sweeper's one-second ticks refresh each tab's connection and see each player once a round", async () => {
    const player = await signedInPlayer(server.url);
    const id = (await me(player)).id;
    const tabs = [connect(player), connect(player), connect(player)];
    for (const tab of tabs) await tab.waitFor('hello');
    const hub = server.app.ctx.hub as unknown as { sweepSlice(slice: number): Promise<void>; onPlayersSeen: ((ids: readonly string[]) => void) | undefined };
    const counting = hub.onPlayersSeen;
    const seen: string[] = [];
    hub.onPlayersSeen = (ids) => seen.push(...ids);
    const pings = async (): Promise<string[]> => {
      const { rows } = (await server.database.db.execute(
        sql`select last_ping::text as ping from realtime_connections where user_id = ${id} order by id`,
      )) as unknown as { rows: Array<{ ping: string }> };
      return rows.map((r) => r.ping);
    };
    try {
      const before = await pings();
      await new Promise((r) => setTimeout(r, 20));
      for (let slice = 0; slice < 30; slice++) await hub.sweepSlice(slice);
      expect(seen.filter((userId) => userId === id)).toHaveLength(1);
      const after = await pings();
      expect(after).toHaveLength(3);
      after.forEach((ping, i) => expect(ping).not.toBe(before[i]));
    } finally {
      hub.onPlayersSeen = counting;
      for (const tab of tabs) tab.ws.close();
    }
  });

  it('closes a socket that sends an oversized frame (1009) and keeps serving everyone else', async () => {
    const player = await signedInPlayer(server.url);
    const other = connect(player);
    await other.waitFor('hello');
    const socket = connect(player);
    await socket.waitFor('hello');
    socket.ws.send('x'.repeat(MAX_WATCH_BYTES + 1));
    expect((await socket.closed).code).toBe(1009);
    other.ws.send(JSON.stringify({ type: 'ping' }));
    await other.waitFor('pong');
    expect((await player.get('/api/me')).status).toBe(200);
    other.ws.close();
  });

  it('closes the tabs of a session when it signs out', async () => {
    const player = await signedInPlayer(server.url);
    const socket = connect(player);
    await socket.waitFor('hello');
    await player.post('/api/auth/sign-out');
    await socket.waitFor('signed-out');
    expect((await socket.closed).code).toBe(4401);
  });

  it('closes the tabs of other sessions when the password changes, keeping this one', async () => {
    const email = uniqueEmail();
    const here = await signedInPlayer(server.url, email);
    const elsewhere = new TestClient(server.url);
    expect((await elsewhere.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(200);
    const hereSocket = connect(here);
    const elsewhereSocket = connect(elsewhere);
    await hereSocket.waitFor('hello');
    await elsewhereSocket.waitFor('hello');
    const res = await here.post('/api/auth/change-password', { currentPassword: 'dragon-fire', newPassword: 'new-dragon-fire', revokeOtherSessions: true });
    expect(res.status).toBe(200);
    // Both sockets' sessions are gone (better-auth renews this device's session): they close reconnectably.
    expect((await elsewhereSocket.closed).code).toBe(4000);
    expect((await hereSocket.closed).code).toBe(4000);
    // Reconnecting: the revoked device is refused, this device (its cookie renewed) is back.
    expect((await connect(elsewhere).closed).code).toBe(4401);
    const back = connect(here);
    await back.waitFor('hello');
    back.ws.close();
  });

  it('pushes to every tab of one player and only to that player', async () => {
    const a = await signedInPlayer(server.url);
    const b = await signedInPlayer(server.url);
    const aSocket = connect(a);
    const bSocket = connect(b);
    await aSocket.waitFor('hello');
    await bSocket.waitFor('hello');
    await server.app.ctx.hub.toUser((await me(a)).id, { type: 'invalidate', queryKeys: [['characters']] });
    await aSocket.waitFor('invalidate');
    await new Promise((r) => setTimeout(r, 100));
    expect(bSocket.messages.some((m) => m.type === 'invalidate')).toBe(false);
    aSocket.ws.close();
    bSocket.ws.close();
  });
});
