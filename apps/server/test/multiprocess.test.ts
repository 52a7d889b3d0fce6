import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPlayer } from './support/client.ts';
import { connectSocket } from './support/socket.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Scaling out: two server processes' worth of apps on one PostgreSQL. A change made
 * through one reaches the tabs connected to the other through LISTEN/NOTIFY, and
 * presence counts both. PGlite is one process by design, so this runs on PostgreSQL.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('two servers on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let bDir: string;
  beforeAll(async () => {
    a = await startTestServer();
    bDir = mkdtempSync(path.join(tmpdir(), 'rpg-test-b-'));
    b = await startTestServer({ reuse: { dataDir: bDir, databaseUrl: a.databaseUrl! } });
  });
  afterAll(async () => {
    await b?.stop({ keepData: true });
    rmSync(bDir, { recursive: true, force: true });
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
