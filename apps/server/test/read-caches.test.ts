import type { ChatView, LeaderboardResponse } from '@rpg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus, BusMessage } from '../src/realtime/bus.ts';
import { READ_TTL_MS, ReadCaches } from '../src/services/read-caches.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, signIn, uniqueEmail, type TestClient } from './support/client.ts';
import { startServerBeside, startTestServer, type TestServer } from './support/server.ts';
import { statementsOf } from './support/statements.ts';

/** A bus of the tests' own: what it delivers is said by the test, and whether it listens. */
function fakeBus() {
  const handlers: Array<(m: BusMessage) => void> = [];
  const state = { listening: true };
  const bus: Bus = {
    publish: async (message) => handlers.forEach((h) => h(message)),
    subscribe: (handler) => void handlers.push(handler),
    listening: () => state.listening,
    close: async () => {},
  };
  return { bus, state, deliver: (message: BusMessage) => handlers.forEach((h) => h(message)) };
}

/** A read that answers a new value each time it runs (its runs counted). */
function counter() {
  let runs = 0;
  return { read: async () => ++runs, runs: () => runs };
}

describe('the read caches (services/read-caches.ts)', () => {
  it('keeps a read until its TTL, and drops it at a reads-changed message', async () => {
    let now = 0;
    const { bus, deliver } = fakeBus();
    const reads = new ReadCaches(bus, () => now);
    const lines = counter();
    expect(await reads.chatLines(lines.read)).toBe(1);
    expect(await reads.chatLines(lines.read)).toBe(1);
    now += READ_TTL_MS.chat + 1;
    expect(await reads.chatLines(lines.read)).toBe(2);
    deliver({ kind: 'reads-changed', change: { chat: true } });
    expect(await reads.chatLines(lines.read)).toBe(3);
    // Another family's change leaves it.
    deliver({ kind: 'reads-changed', change: { tops: true, filtersOf: ['someone'] } });
    expect(await reads.chatLines(lines.read)).toBe(3);
  });

  it("drops one reader's filter at their change or a block either way, every filter at `filters`", async () => {
    const { bus, deliver } = fakeBus();
    const reads = new ReadCaches(bus);
    const filter = (userId: string) => reads.chatFilter(userId, async () => ({ muted: [], hidden: new Set([`${userId}-${Math.random()}`]) }));
    const [a1, b1] = [await filter('a'), await filter('b')];
    expect(await filter('a')).toBe(a1);
    deliver({ kind: 'reads-changed', change: { filtersOf: ['a'] } });
    const a2 = await filter('a');
    expect(a2).not.toBe(a1);
    expect(await filter('b')).toBe(b1);
    deliver({ kind: 'blocks-changed', blockerId: 'c', blockedId: 'b', blocked: true });
    const b2 = await filter('b');
    expect(b2).not.toBe(b1);
    expect(await filter('a')).toBe(a2);
    deliver({ kind: 'reads-changed', change: { filters: true } });
    expect(await filter('a')).not.toBe(a2);
    expect(await filter('b')).not.toBe(b2);
  });

  it('does not keep a read begun before a change, and shares one read between concurrent misses', async () => {
    const { bus, deliver } = fakeBus();
    const reads = new ReadCaches(bus);
    let release!: () => void;
    let runs = 0;
    const slow = () =>
      new Promise<number>((resolve) => {
        runs += 1;
        release = () => resolve(runs);
      });
    const first = reads.chatLines(slow);
    const second = reads.chatLines(slow);
    expect(runs).toBe(1);
    deliver({ kind: 'reads-changed', change: { chat: true } });
    release();
    expect([await first, await second]).toEqual([1, 1]);
    // Not kept: the next read runs again.
    const third = reads.chatLines(slow);
    release();
    expect(await third).toBe(2);
    expect(await reads.chatLines(slow)).toBe(2);
  });

  it('serves and keeps nothing while the bus is not listening, and drops everything when it listens again (resync)', async () => {
    const { bus, state, deliver } = fakeBus();
    const reads = new ReadCaches(bus);
    const lines = counter();
    expect(await reads.chatLines(lines.read)).toBe(1);
    reads.keepBoard('xp', undefined, ['top'], reads.topsEpoch);
    expect(reads.board('xp')).toEqual(['top']);
    state.listening = false;
    expect(await reads.chatLines(lines.read)).toBe(2);
    expect(await reads.chatLines(lines.read)).toBe(3);
    expect(reads.board('xp')).toBeUndefined();
    // A read that began while it listened, ended after it listens again: the resync drops it.
    state.listening = true;
    let release!: () => void;
    const pending = reads.chatLines(() => new Promise<number>((resolve) => (release = () => resolve(99))));
    deliver({ kind: 'broadcast', payload: { type: 'resync' } });
    release();
    expect(await pending).toBe(99);
    expect(await reads.chatLines(lines.read)).toBe(4);
    expect(await reads.chatLines(lines.read)).toBe(4);
  });
});

const chatOf = async (client: TestClient) => {
  const res = await client.get<ChatView>('/api/chat');
  expect(res.status).toBe(200);
  return res.body;
};
const texts = (view: ChatView) => view.messages.map((m) => m.text);
const myId = async (client: TestClient) => (await client.get<{ id: string }>('/api/me')).body.id;
async function chatter(url: string, name: string) {
  const client = await signedInPlayer(url);
  await createCharacter(client, { name });
  return { client, id: await myId(client) };
}

describe('GET /api/chat and the boards from the caches, in one process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it("shows a player's line to another's next read at once, and a hit reads nothing from the database", async () => {
    const [ann, bob] = [await chatter(server.url, 'Annwen'), await chatter(server.url, 'Bors')];
    await chatOf(bob.client);
    await chatOf(bob.client);
    expect(await statementsOf(server, 'GET', '/api/chat', () => chatOf(bob.client))).toBe(0);
    expect((await ann.client.post('/api/chat', { text: 'first from Annwen' })).status).toBe(200);
    expect(texts(await chatOf(bob.client))).toContain('first from Annwen');
  });

  it("filters each reader's muted and blocked players from the one shared copy", async () => {
    const [cai, dee, eli] = [await chatter(server.url, 'Cai'), await chatter(server.url, 'Dee'), await chatter(server.url, 'Eli')];
    await Promise.all([chatOf(dee.client), chatOf(eli.client)]);
    expect((await dee.client.json('PUT', `/api/chat/mutes/${cai.id}`)).status).toBe(200);
    expect((await cai.client.post('/api/chat', { text: 'Cai speaks' })).status).toBe(200);
    expect(texts(await chatOf(dee.client))).not.toContain('Cai speaks');
    expect(texts(await chatOf(eli.client))).toContain('Cai speaks');
    // A block either way hides the lines both ways.
    expect((await eli.client.post('/api/blocks', { userId: cai.id })).status).toBe(200);
    expect(texts(await chatOf(eli.client))).not.toContain('Cai speaks');
    expect((await eli.client.post('/api/chat', { text: 'Eli speaks' })).status).toBe(200);
    expect(texts(await chatOf(cai.client))).not.toContain('Eli speaks');
    expect(texts(await chatOf(dee.client))).toContain('Eli speaks');
    // Lifted: back at the next read.
    expect((await dee.client.json('DELETE', `/api/chat/mutes/${cai.id}`)).status).toBe(200);
    expect(texts(await chatOf(dee.client))).toContain('Cai speaks');
    expect((await eli.client.json('DELETE', `/api/blocks/${cai.id}`)).status).toBe(200);
    expect(texts(await chatOf(eli.client))).toContain('Cai speaks');
  });

  it('shows a new character on a board at the next read, the own ranks read per request', async () => {
    const reader = await chatter(server.url, 'Reader');
    const board = async () => (await reader.client.get<LeaderboardResponse>('/api/leaderboards/xp')).body;
    const before = await board();
    expect(before.own).toHaveLength(1);
    expect((await board()).entries).toEqual(before.entries);
    const newcomer = await chatter(server.url, 'Newcomer');
    const after = await board();
    expect(after.entries.map((e) => e.name)).toContain('Newcomer');
    expect(after.entries.find((e) => e.name === 'Newcomer')?.own).toBe(false);
    expect(after.own.map((e) => e.name)).toEqual(['Reader']);
    expect((await newcomer.client.get<LeaderboardResponse>('/api/leaderboards/xp')).body.own.map((e) => e.name)).toEqual(['Newcomer']);
  });
});

/** Two server processes' worth of apps on one PostgreSQL: a write through one is seen by the other's reads once the bus delivers it. */
describe.runIf(Boolean(process.env.DATABASE_URL))('the caches of two servers on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startServerBeside(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it("drops the other process's copies at the bus message: a line, a mute, a board", async () => {
    const speaker = await chatter(a.url, 'Speaker');
    const email = uniqueEmail('listener');
    const listener = await signedInPlayer(b.url, email);
    await createCharacter(listener, { name: 'Listener' });
    // The same account through a (a session of its own).
    const listenerOnA = await signIn(a.url, email);
    // Warm on b: the chat, the listener's filter, the board's top.
    await chatOf(listener);
    await chatOf(listener);
    await listener.get('/api/leaderboards/adventures');
    expect((await speaker.client.post('/api/chat', { text: 'across processes' })).status).toBe(200);
    await expect.poll(async () => texts(await chatOf(listener)), { timeout: 5_000 }).toContain('across processes');
    // A mute made through a: b's copy of the listener's filter goes.
    expect((await listenerOnA.json('PUT', `/api/chat/mutes/${speaker.id}`)).status).toBe(200);
    await expect.poll(async () => texts(await chatOf(listener)), { timeout: 5_000 }).not.toContain('across processes');
    // A new character through a is on b's board.
    await chatter(a.url, 'Fresh');
    await expect
      .poll(async () => (await listener.get<LeaderboardResponse>('/api/leaderboards/adventures')).body.entries.map((e) => e.name), { timeout: 3_000 })
      .toContain('Fresh');
  });

  it("serves nothing kept while its bus listener is lost (other processes' changes are missed), and nothing stale once it listens again", async () => {
    const speaker = await chatter(a.url, 'Herald');
    const reader = await signedInPlayer(b.url);
    await chatOf(reader);
    await chatOf(reader);
    // Cut every bus's listening connection on this database (they hold the listeners' advisory lock), as a PostgreSQL restart would.
    const { rows } = await b.database.pool!.query<{ n: number }>(
      `select count(pg_terminate_backend(l.pid))::int as n from pg_locks l
        where l.locktype = 'advisory' and l.database = (select oid from pg_database where datname = current_database()) and l.pid <> pg_backend_pid()`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    await expect.poll(() => b.app.ctx.bus.listening(), { timeout: 5_000 }).toBe(false);
    // Said through a while b's listener is lost: b never gets the message, and reads the database.
    expect((await speaker.client.post('/api/chat', { text: 'while b was deaf' })).status).toBe(200);
    expect(texts(await chatOf(reader))).toContain('while b was deaf');
    await expect.poll(() => b.app.ctx.bus.listening() && a.app.ctx.bus.listening(), { timeout: 10_000 }).toBe(true);
    expect(texts(await chatOf(reader))).toContain('while b was deaf');
    expect((await speaker.client.post('/api/chat', { text: 'after b listens again' })).status).toBe(200);
    await expect.poll(async () => texts(await chatOf(reader)), { timeout: 5_000 }).toContain('after b listens again');
  });
});
