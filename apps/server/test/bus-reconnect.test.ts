import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgBus, reconnectDelay, type BusMessage } from '../src/realtime/bus.ts';
import { endPool, freshPostgres } from './support/server.ts';

describe('the bus listener reconnects (back-off with jitter)', () => {
  it('waits 250 ms doubled per failed attempt, capped at 30 s, each wait jittered to 50-100%', () => {
    expect(reconnectDelay(0, () => 1)).toBe(250);
    expect(reconnectDelay(0, () => 0)).toBe(125);
    expect(reconnectDelay(3, () => 1)).toBe(2_000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});

/**
 * A process whose listening connection is cut (pg_terminate_backend, as a PostgreSQL restart or a
 * network cut would) listens again, tells its own tabs to refetch (resync), and gets another
 * process's pushes again.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('the PostgreSQL bus after its connection is cut', () => {
  let drop: () => Promise<void>;
  let url: string;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    const fresh = await freshPostgres(process.env.DATABASE_URL!);
    drop = fresh.drop;
    url = fresh.url;
  });
  afterAll(async () => {
    await Promise.all(pools.map(endPool));
    await drop?.();
  });

  it('reconnects, re-LISTENs, resyncs its tabs and receives the other process’s pushes again', async () => {
    const name = `bus-cut-${process.pid}`;
    const poolA = new pg.Pool({ connectionString: url, max: 4, application_name: name });
    const poolB = new pg.Pool({ connectionString: url, max: 4 });
    poolA.on('error', () => undefined);
    pools.push(poolA, poolB);
    const logged: string[] = [];
    const log = { error: (_o: object, m?: string) => void logged.push(m ?? ''), info: (_o: object, m?: string) => void logged.push(m ?? '') };
    const a = await createPgBus(poolA, log, { startWaitMs: 100 });
    const b = await createPgBus(poolB, console, { startWaitMs: 100 });
    const atA: BusMessage[] = [];
    const atB: BusMessage[] = [];
    a.subscribe((m) => atA.push(m));
    b.subscribe((m) => atB.push(m));
    const ended = (list: BusMessage[]) => list.flatMap((m) => (m.kind === 'session-ended' ? [m.sessionId] : []));

    await b.publish({ kind: 'session-ended', sessionId: 'before' });
    await expect.poll(() => ended(atA), { timeout: 5_000 }).toEqual(['before']);

    const { rows } = await poolB.query<{ n: number }>('SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1', [
      name,
    ]);
    expect(rows[0]?.n).toBeGreaterThan(0);
    await expect.poll(() => logged.length, { timeout: 5_000 }).toBeGreaterThan(0);
    // Its own push still reaches its own tabs and the other process while it reconnects.
    await a.publish({ kind: 'session-ended', sessionId: 'during' });
    await expect.poll(() => ended(atA), { timeout: 5_000 }).toContain('during');
    await expect.poll(() => ended(atB), { timeout: 5_000 }).toContain('during');

    // Listening again: the other process's pushes arrive (published until one does, for 10 s).
    let n = 0;
    await expect
      .poll(
        async () => {
          await b.publish({ kind: 'session-ended', sessionId: `after-${n++}` });
          return ended(atA).some((id) => id.startsWith('after-'));
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    expect(logged).toEqual(expect.arrayContaining(['bus listener lost; reconnecting', 'bus listener reconnected']));
    // And its tabs were told to refetch what they may have missed.
    await expect.poll(() => atA.some((m) => m.kind === 'broadcast' && m.payload.type === 'resync'), { timeout: 5_000 }).toBe(true);
    await a.close();
    await b.close();
  }, 60_000);
});
