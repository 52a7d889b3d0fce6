import { afterAll, describe, expect, it } from 'vitest';
import { migrationState, openDatabase, type Database } from '../src/db/client.ts';
import { freshPostgres } from './support/server.ts';

/**
 * Issue 28 (deployment): processes started together on a new PostgreSQL database (two game
 * processes of one deployment) each run the migrations at start; they must not collide.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('migrations on PostgreSQL', () => {
  const opened: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await drop?.();
  });

  it('are applied once when three processes start together on a new database', async () => {
    const fresh = await freshPostgres(process.env.DATABASE_URL!);
    drop = fresh.drop;
    const results = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url, dataDir: 'memory://' })));
    for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const state = await migrationState(opened[0]!.db);
    expect(state.applied).toBe(state.known);
  });
});
