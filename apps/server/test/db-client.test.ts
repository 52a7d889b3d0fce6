import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error: pg's internal helpers ship without types.
import pgUtils from 'pg/lib/utils.js';
import { openDatabase, withCommit, type Database } from '../src/db/client.ts';
import { freshPostgres } from './support/server.ts';

/**
 * The PostgreSQL driver layer (db/client.ts, docs/performance.md, "The database driver"): a
 * transaction's `begin` leaves in one write with its first statement, and transactions keep their
 * meaning.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('the PostgreSQL client', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let adminUrl: string;
  beforeAll(async () => {
    const fresh = await freshPostgres(process.env.DATABASE_URL!);
    drop = fresh.drop;
    adminUrl = fresh.url;
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: 'memory://' });
    await database.db.execute(sql`create table if not exists pipeline_probe (n int primary key)`);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  type Stream = Record<string, (...args: unknown[]) => unknown>;
  /** Counts the writes of a stream (both of a socket's write paths) until the returned undo runs. */
  function countWrites(stream: Stream, counter: { count: number }): () => void {
    const originals = (['_write', '_writev'] as const).map((method) => [method, stream[method]!] as const);
    for (const [method, original] of originals) {
      stream[method] = (...args: unknown[]) => {
        counter.count++;
        return original.apply(stream, args);
      };
    }
    return () => originals.forEach(([method, original]) => (stream[method] = original));
  }

  /** Socket writes made by the pool's connections while `run` runs. */
  async function writes(run: () => Promise<unknown>): Promise<number> {
    const pool = database.pool!;
    const counter = { count: 0 };
    const restore: Array<() => void> = [];
    const spy = (client: pg.PoolClient) => restore.push(countWrites((client as unknown as { connection: { stream: Stream } }).connection.stream, counter));
    pool.on('acquire', spy);
    try {
      await run();
    } finally {
      pool.off('acquire', spy);
      restore.forEach((undo) => undo());
    }
    return counter.count;
  }

  it('sends begin and the first statement in one write: a transaction of one statement is two writes', async () => {
    await database.db.execute(sql`select 1`); // a connection exists and is idle
    const count = await writes(() => database.db.transaction(async (tx) => tx.execute(sql`select n from pipeline_probe where n = ${1}`)));
    // begin + select, then commit (three before: begin alone, the select, the commit).
    expect(count).toBe(2);
  });

  it('sends a statement given to withCommit with the commit: a read then a write is two writes', async () => {
    await database.db.execute(sql`select 1`);
    let pending: { result: Promise<unknown> } | undefined;
    const count = await writes(async () => {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select n from pipeline_probe where n = ${1} for update`);
        pending = withCommit(tx, () => tx.execute(sql`insert into pipeline_probe (n) values (${30}) returning n`));
      });
    });
    // begin + select, then insert + commit (three before: the insert and the commit apart).
    expect(count).toBe(2);
    expect(((await pending!.result) as unknown as { rows: Array<{ n: number }> }).rows).toEqual([{ n: 30 }]);
  });

  describe('statements outside a transaction, on the shared lanes', () => {
    const pid = (row: unknown) => (row as { rows: Array<{ pid: number }> }).rows[0]!.pid;
    /** Socket writes made by the lanes' connections while `run` runs. */
    async function laneWrites(run: () => Promise<unknown>): Promise<number> {
      const counter = { count: 0 };
      const restore = laneStreams().map(({ stream }) => countWrites(stream, counter));
      try {
        await run();
      } finally {
        restore.forEach((undo) => undo());
      }
      return counter.count;
    }
    const laneStreams = () =>
      (database.pool as unknown as { lanes: Array<{ client?: { connection: { stream: Stream } } }> }).lanes.flatMap((lane) =>
        lane.client ? [{ stream: lane.client.connection.stream }] : [],
      );

    it('sends what one turn asks in one write, on one backend, each statement failing alone', async () => {
      expect(laneStreams()).toHaveLength(2);
      let results: PromiseSettledResult<unknown>[] = [];
      const count = await laneWrites(async () => {
        results = await Promise.allSettled([
          ...Array.from({ length: 20 }, (_, i) => database.db.execute(sql`select pg_backend_pid() as pid, ${i}::int as i`)),
          database.db.execute(sql`select no_such_column from pipeline_probe where n = ${1}`),
          database.db.execute(sql`select pg_backend_pid() as pid, ${99}::int as i`),
        ]);
      });
      expect(count).toBe(1);
      const answered = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<unknown>).value);
      expect(answered).toHaveLength(21);
      expect(new Set(answered.map(pid)).size).toBe(1);
      expect(results[20]!.status).toBe('rejected');
      expect((answered[20] as { rows: Array<{ i: number }> }).rows[0]!.i).toBe(99);
    });

    it('never runs a transaction on a lane: its statements share one backend and one snapshot', async () => {
      const lanePids = new Set((await Promise.all([0, 1, 2, 3].map(() => database.db.execute(sql`select pg_backend_pid() as pid`)))).map(pid));
      await database.db.transaction(async (tx) => {
        const first = await tx.execute(sql`select pg_backend_pid() as pid, txid_current() as t`);
        const second = await tx.execute(sql`select pg_backend_pid() as pid, txid_current() as t`);
        expect(lanePids.has(pid(first))).toBe(false);
        expect(second.rows[0]).toEqual(first.rows[0]);
      });
    });

    it('takes nothing new on a lane whose oldest statement is slow, and replaces a lane whose connection is lost', async () => {
      const pool = database.pool as unknown as { laneLoads(): number[] };
      // A slow statement heads each lane (asked in two turns: the second goes to the idler lane).
      // (Promise.resolve starts each: a drizzle query runs when awaited.)
      const slow = [Promise.resolve(database.db.execute(sql`select pg_sleep(${1.5}) as slept`))];
      await new Promise((resolve) => setTimeout(resolve, 10));
      slow.push(Promise.resolve(database.db.execute(sql`select pg_sleep(${1.5}) as slept`)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pool.laneLoads()).toEqual([1, 1]);
      // Every statement meanwhile answers at once, on pooled connections.
      const started = performance.now();
      const quick = await Promise.all(Array.from({ length: 10 }, (_, i) => database.db.execute(sql`select ${i}::int as i`)));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(quick).toHaveLength(10);
      expect(pool.laneLoads()).toEqual([1, 1]);
      await Promise.all(slow);
      // A lane's backend ended from outside: its next statement fails, later ones are answered again.
      const victim = pid(await database.db.execute(sql`select pg_backend_pid() as pid`));
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [victim]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await Promise.allSettled(Array.from({ length: 4 }, () => database.db.execute(sql`select 1`)));
      const deadline = Date.now() + 5000;
      while (pool.laneLoads().some((load) => load < 0) && Date.now() < deadline) {
        await database.db.execute(sql`select 1`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pool.laneLoads()).toEqual([0, 0]);
      const pids = new Set((await Promise.all(Array.from({ length: 6 }, () => database.db.execute(sql`select pg_backend_pid() as pid`)))).map(pid));
      expect(pids.has(victim)).toBe(false);
    });
  });

  transactionMeaning(() => database);
});

describe('the embedded database client', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(sql`create table if not exists pipeline_probe (n int primary key)`);
  });
  afterAll(async () => {
    await database?.close();
  });
  transactionMeaning(() => database);

  it("copies a plain query config into a literal of the fields pg's Query reads, and leaves other configs to pg", async () => {
    const { normalizeQueryConfig } = pgUtils as { normalizeQueryConfig: (config: unknown, values?: unknown, callback?: unknown) => Record<string, unknown> };
    const types = { getTypeParser: () => String };
    const config = { name: 'probe', text: 'select $1', rowMode: 'array', types };
    // pg's descriptor-by-descriptor copy is what costs; a plain config does not take it.
    const descriptors = vi.spyOn(Object, 'getOwnPropertyDescriptors');
    const copy = normalizeQueryConfig(config, [1]);
    const copiedByDescriptors = (value: unknown) => descriptors.mock.calls.some(([argument]) => argument === value);
    expect(copiedByDescriptors(config)).toBe(false);
    expect(copy).toEqual({ name: 'probe', text: 'select $1', rowMode: 'array', types, values: [1] });
    expect(copy).not.toBe(config);
    expect(config).not.toHaveProperty('values');
    const callback = () => undefined;
    expect(normalizeQueryConfig(config, callback)).toMatchObject({ callback });
    expect(normalizeQueryConfig('select 1')).toEqual({ text: 'select 1' });
    expect(normalizeQueryConfig({ text: 'select 3', values: [3] }, undefined, callback)).toEqual({ text: 'select 3', values: [3], callback });
    // A config with a field pg may read elsewhere, or with a prototype of its own, is copied whole (pg's descriptor copy).
    const timed = { text: 'select 4', query_timeout: 1000 };
    expect(normalizeQueryConfig(timed, [4])).toEqual({ text: 'select 4', query_timeout: 1000, values: [4] });
    expect(copiedByDescriptors(timed)).toBe(true);
    class Submitted {
      text = 'select 2';
    }
    const submitted = new Submitted();
    expect(normalizeQueryConfig(submitted, [2])).toBeInstanceOf(Submitted);
    expect(copiedByDescriptors(submitted)).toBe(true);
    descriptors.mockRestore();
    // And queries run through it.
    expect((await database.db.execute(sql`select ${41}::int + 1 as n`)).rows).toEqual([{ n: 42 }]);
  });
});

/** What a transaction means, whatever the driver layer does with its statements' writes. */
function transactionMeaning(current: () => Database) {
  it('keeps a withCommit statement only with its commit: a failing one rejects its result and nothing stays', async () => {
    const { db } = current();
    let pending: { result: Promise<unknown> } | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into pipeline_probe (n) values (${40})`);
      // n = 40 again: a duplicate key, answered after the transaction's callback returned.
      pending = withCommit(tx, () => tx.execute(sql`insert into pipeline_probe (n) values (${40})`));
    });
    await expect(pending!.result).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    const { rows } = (await db.execute(sql`select n from pipeline_probe where n = ${40}`)) as unknown as { rows: unknown[] };
    expect(rows).toEqual([]);
    // A body that throws after withCommit rolls back, and the connection serves the next transaction.
    await expect(
      db.transaction(async (tx) => {
        withCommit(tx, () => tx.execute(sql`insert into pipeline_probe (n) values (${41})`));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const after = await db.transaction(async (tx) => withCommit(tx, () => tx.execute(sql`insert into pipeline_probe (n) values (${42}) returning n`)));
    expect(((await after.result) as unknown as { rows: Array<{ n: number }> }).rows).toEqual([{ n: 42 }]);
    const kept = (await db.execute(sql`select n from pipeline_probe where n in (40, 41, 42) order by n`)) as unknown as { rows: Array<{ n: number }> };
    expect(kept.rows.map((r) => r.n)).toEqual([42]);
  });

  it('keeps a transaction whole: a thrown body rolls its writes back, a committed one keeps them', async () => {
    await expect(
      current().db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipeline_probe (n) values (${10})`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await current().db.transaction(async (tx) => tx.execute(sql`insert into pipeline_probe (n) values (${11})`));
    const { rows } = (await current().db.execute(sql`select n from pipeline_probe where n in (10, 11) order by n`)) as unknown as { rows: Array<{ n: number }> };
    expect(rows.map((r) => r.n)).toEqual([11]);
  });

  it('rolls back when the first statement fails, and the connection serves the next transaction', async () => {
    await expect(current().db.transaction(async (tx) => tx.execute(sql`select no_such_column from pipeline_probe where n = ${1}`))).rejects.toThrow();
    const inside = await current().db.transaction(async (tx) => tx.execute(sql`select count(*)::int as c from pipeline_probe where n > ${0}`));
    expect((inside as unknown as { rows: Array<{ c: number }> }).rows[0]!.c).toBeGreaterThanOrEqual(1);
  });

  it('runs a body that awaits something else before its first statement, and an empty one', async () => {
    const result = await current().db.transaction(async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`insert into pipeline_probe (n) values (${20})`);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await current().db.transaction(async () => 'nothing')).toBe('nothing');
    // Row locks are held across the body: a second transaction waits for the first.
    const order: string[] = [];
    await Promise.all([
      current().db.transaction(async (tx) => {
        await tx.execute(sql`select n from pipeline_probe where n = ${20} for update`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        order.push('first');
      }),
      new Promise((resolve) => setTimeout(resolve, 30)).then(() =>
        current().db.transaction(async (tx) => {
          await tx.execute(sql`select n from pipeline_probe where n = ${20} for update`);
          order.push('second');
        }),
      ),
    ]);
    expect(order).toEqual(['first', 'second']);
  });
}
