import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgBus } from '../src/realtime/bus.ts';
import { signedInPlayer } from './support/client.ts';
import { connectSocket } from './support/socket.ts';
import { endPool, freshPostgres, startServerBeside, startTestServer, type TestServer } from './support/server.ts';

/**
 * Scaling out: two server processes' worth of apps on one PostgreSQL. A change made
 * through one reaches the tabs connected to the other through LISTEN/NOTIFY, and
 * presence counts both. PGlite is one process by design, so this runs on PostgreSQL. (Real
 * processes behind a real proxy: proxy.test.ts and e2e/tests/proxy.spec.ts.)
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('two servers on one PostgreSQL', () => {
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

  it('pushes a change made through one server to a tab connected to the other', async () => {
    const player = await signedInPlayer(a.url);
    const tab = connectSocket(b.url, player);
    await tab.waitFor('hello');
    const created = await player.post<{ character: { id: string } }>('/api/characters', { name: 'Bridget', race: 'human', class: 'cleric', gender: 'female' });
    expect(created.status).toBe(201);
    const push = await tab.waitFor('invalidate', (m) => JSON.stringify(m.queryKeys).includes('characters'));
    expect(push.queryKeys).toEqual(expect.arrayContaining([['characters']]));
    tab.close();
  });

  it('counts a tab on the other server for presence, and tells tabs on both when it closes', async () => {
    const watcher = await signedInPlayer(a.url);
    const watcherTab = connectSocket(a.url, watcher);
    await watcherTab.waitFor('hello');
    const player = await signedInPlayer(a.url);
    const me = async () => (await player.get<{ id: string; isOnline: boolean }>('/api/me')).body;
    const { id } = await me();
    const tab = connectSocket(b.url, player);
    await tab.waitFor('hello');
    expect((await me()).isOnline).toBe(true);
    tab.close();
    await watcherTab.waitFor('presence', (m) => m.userId === id && m.isOnline === false);
    expect((await me()).isOnline).toBe(false);
    watcherTab.close();
  });
});

/**
 * The bus sends the messages published in one turn of the event loop as one NOTIFY (a JSON array),
 * split where PostgreSQL's 8000-byte payload limit would be passed.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('the PostgreSQL bus', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('delivers a burst in order, in few statements, with payloads of any size up to the limit', async () => {
    const pool = server.database.pool!;
    const sender = await createPgBus(pool, console);
    const receiver = await createPgBus(pool, console);
    const received: string[] = [];
    receiver.subscribe((m) => {
      if (m.kind === 'session-ended' && m.sessionId.startsWith('burst-')) received.push(m.sessionId);
    });
    // Counted as PostgreSQL delivers them: one notification per NOTIFY statement.
    const watcher = await pool.connect();
    let notifies = 0;
    watcher.on('notification', (n) => {
      if (n.payload?.includes('burst-')) notifies += 1;
    });
    await watcher.query('LISTEN rpg_events');
    // 300 messages, some with multi-byte text near a chunk's size: ids count in bytes, not characters.
    const ids = Array.from({ length: 300 }, (_, i) => `burst-${i}-${i % 7 === 0 ? 'é'.repeat(1500) : ''}`);
    await Promise.all(ids.map((sessionId) => sender.publish({ kind: 'session-ended', sessionId })));
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(ids.length);
    expect(received).toEqual(ids);
    expect(notifies).toBeGreaterThan(1);
    expect(notifies).toBeLessThan(ids.length / 4);
    // Published one turn of the event loop apart, as requests answered one by one: still in order
    // (one NOTIFY at a time on one connection; they went out on any pooled connection and could
    // overtake each other).
    const trickle: Array<Promise<void>> = [];
    for (let i = 0; i < 30; i++) {
      trickle.push(sender.publish({ kind: 'session-ended', sessionId: `burst-t${i}` }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(trickle);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(ids.length + 30);
    expect(received.slice(ids.length)).toEqual(Array.from({ length: 30 }, (_, i) => `burst-t${i}`));
    await watcher.query('UNLISTEN rpg_events');
    watcher.release();
    await expect(sender.publish({ kind: 'session-ended', sessionId: 'x'.repeat(8000) })).rejects.toThrow(/too large/);
    // Closing lets what was published go out first, and takes nothing after.
    const last = sender.publish({ kind: 'session-ended', sessionId: 'burst-last' });
    await sender.close();
    await expect(last).resolves.toBeUndefined();
    await expect(sender.publish({ kind: 'session-ended', sessionId: 'burst-late' })).rejects.toThrow(/closed/);
    await expect.poll(() => received.at(-1), { timeout: 10_000 }).toBe('burst-last');
    await receiver.close();
  });
});

/**
 * A process alone on its database sends no NOTIFY: it delivers its own pushes at once, and sends
 * them to PostgreSQL only while another process's bus holds the listeners' lock. A bus that starts
 * gets every push published once it has started.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('the PostgreSQL bus, alone and not', () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshPostgres(process.env.DATABASE_URL!);
    drop = fresh.drop;
    pool = new pg.Pool({ connectionString: fresh.url, max: 4 });
  });
  afterAll(async () => {
    if (pool) await endPool(pool);
    await drop?.();
  });

  it('sends nothing while alone, reaches a bus that has just started, and delivers to itself once', async () => {
    const watcher = await pool.connect();
    const notified: string[] = [];
    watcher.on('notification', (n) => notified.push(n.payload ?? ''));
    await watcher.query('LISTEN rpg_events');

    const first = await createPgBus(pool, console);
    const atFirst: string[] = [];
    first.subscribe((m) => m.kind === 'session-ended' && atFirst.push(m.sessionId));
    // The first publish asks whether anyone else listens (and goes out while it does not know).
    await first.publish({ kind: 'session-ended', sessionId: 'a-0' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = notified.length;
    for (let i = 1; i <= 20; i++) {
      await first.publish({ kind: 'session-ended', sessionId: `a-${i}` });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect.poll(() => atFirst.length).toBe(21);
    expect(atFirst).toEqual(Array.from({ length: 21 }, (_, i) => `a-${i}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notified.length - before).toBe(0);

    // A second process's bus: once it has started, everything the first publishes reaches it.
    const second = await createPgBus(pool, console);
    const atSecond: string[] = [];
    second.subscribe((m) => m.kind === 'session-ended' && atSecond.push(m.sessionId));
    await first.publish({ kind: 'session-ended', sessionId: 'b-0' });
    await second.publish({ kind: 'session-ended', sessionId: 'b-1' });
    // Each process has its own pushes at once, the other's a NOTIFY later.
    await expect.poll(() => [...atSecond].sort(), { timeout: 5_000 }).toEqual(['b-0', 'b-1']);
    await expect.poll(() => [...atFirst.slice(21)].sort(), { timeout: 5_000 }).toEqual(['b-0', 'b-1']);
    // Its own NOTIFY's echo is not delivered to the publisher again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(atFirst.filter((id) => id === 'b-0')).toHaveLength(1);
    expect(atSecond.filter((id) => id === 'b-1')).toHaveLength(1);

    // The second closes: the first is alone again after its next question.
    await second.close();
    await first.publish({ kind: 'session-ended', sessionId: 'c-0' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const afterClose = notified.length;
    await first.publish({ kind: 'session-ended', sessionId: 'c-1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notified.length - afterClose).toBe(0);
    await first.close();
    await watcher.query('UNLISTEN rpg_events');
    watcher.release();
  });
});
