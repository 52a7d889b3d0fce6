import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPlayer } from './support/social.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Issue 29, "cost as the world grows": a read must not cost more because the game has many players.
 * The player simulation (`npm run simulate`, docs/simulate.md) found GET /api/friends/suggestions
 * ranking every player before taking six: ~1 s a read at 100,000 players on PostgreSQL. It now reads
 * the friends of friends and the most recently seen players along users_seen_idx.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const PLAYERS = 20_000;

/** The median of `runs` timings of `read`, in ms. */
async function median(runs: number, read: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await read();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[runs >> 1]!;
}

describe('friend suggestions in a world of many players (issue 29)', () => {
  it(`cost about what the friend list costs with ${PLAYERS.toLocaleString('en')} other players, not a scan of them all`, async () => {
    const me = await socialPlayer(server.url, 'world');
    const db = server.database.db;
    // PLAYERS accounts, seen over the last days, written in bulk (as the simulation's world is).
    await db.execute(sql`insert into auth_user (id, name, email, email_verified, created_at, updated_at)
      select 'world' || i, 'world' || i, 'world' || i || '@example.com', true, now(), now() from generate_series(1, ${PLAYERS}::int) i`);
    await db.execute(sql`insert into users (id, email, username, last_seen, last_login)
      select 'world' || i, 'world' || i || '@example.com', 'world' || i, now() - make_interval(secs => i * 7), now() - make_interval(secs => i * 11) from generate_series(1, ${PLAYERS}::int) i`);
    await db.execute(sql`analyze`);

    const suggestions = () => me.client.get<{ suggestions: unknown[] }>('/api/friends/suggestions');
    const friends = () => me.client.get('/api/friends');
    // Warm: the statements prepared on their connections.
    expect((await suggestions()).body.suggestions).toHaveLength(6);
    await friends();
    const suggestionsMs = await median(7, suggestions);
    const friendsMs = await median(7, friends);
    // Before: 169 ms against the friend list's 6.9 ms on PGlite at this size (a scan and a mutual count of every player).
    expect(suggestionsMs, `suggestions ${suggestionsMs.toFixed(1)} ms, friends ${friendsMs.toFixed(1)} ms`).toBeLessThan(Math.max(10 * friendsMs, 15));
  }, 120_000);
});
