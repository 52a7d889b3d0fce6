import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../src/db/client.ts';
import { EmbeddedSocket } from '../src/db/embedded-socket.ts';
import { registerPool, transaction } from '../src/db/transaction.ts';
import { isDatabaseUnavailable } from '../src/http/errors.ts';

/**
 * node-postgres on the embedded PGlite (db/embedded-socket.ts, docs/performance.md, "The database
 * driver"): what the driver writes in one turn reaches PostgreSQL's protocol loop in one call, and
 * the calls go through PGlite's raw stream, which keeps nothing of the answers (its other calls
 * keep every parsed message of a direct call, which grew the heap by ~80 MB a minute under load).
 */
describe('the embedded database socket', () => {
  let pglite: PGlite;
  let calls = 0;
  const connect = async (options: Partial<pg.ClientConfig> = {}) => {
    const client = new pg.Client({ stream: () => new EmbeddedSocket(pglite), ...options } as pg.ClientConfig);
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
    await pglite.exec('create table probe (n int primary key, label text)');
    const raw = pglite.execProtocolRawStream.bind(pglite);
    pglite.execProtocolRawStream = (...args) => {
      calls++;
      return raw(...args);
    };
  });
  afterAll(async () => {
    await pglite?.close();
  });

  async function callsDuring(run: () => Promise<unknown>): Promise<number> {
    const before = calls;
    await run();
    return calls - before;
  }

  it('runs a query with parameters in one call, named or not, the first time and again', async () => {
    const client = await connect();
    const named = { name: 'probe_insert', text: 'insert into probe (n, label) values ($1, $2) returning n, label' };
    expect(await callsDuring(() => client.query({ ...named, values: [1, 'one'] }))).toBe(1);
    expect(await callsDuring(() => client.query({ ...named, values: [2, 'two'] }))).toBe(1);
    expect(await callsDuring(() => client.query('select label from probe where n = $1', [2]))).toBe(1);
    expect((await client.query('select label from probe where n = $1', [1])).rows).toEqual([{ label: 'one' }]);
    await client.end();
  });

  it('sends what a pipelined connection writes in one turn in one call, answered in order', async () => {
    const client = await connect({ pipeline: true } as Partial<pg.ClientConfig>);
    let results: pg.QueryResult[] = [];
    const count = await callsDuring(async () => {
      results = await Promise.all([client.query('begin'), client.query('select n from probe where n = $1 for update', [1]), client.query('commit')]);
    });
    expect(count).toBe(1);
    expect(results.map((result) => result.command)).toEqual(['BEGIN', 'SELECT', 'COMMIT']);
    expect(results[1]!.rows).toEqual([{ n: 1 }]);
    await client.end();
  });

  it("lets the event loop turn before each statement outside a transaction and before a transaction's begin, not inside one", async () => {
    const client = await connect();
    const order: string[] = [];
    const answeredAfterATurn = async (text: string) => {
      order.length = 0;
      setImmediate(() => order.push('turn'));
      await client.query(text).catch(() => undefined);
      order.push('answer');
      return order[0] === 'turn';
    };
    const turns = async (texts: string[]) => {
      const seen: boolean[] = [];
      for (const text of texts) seen.push(await answeredAfterATurn(text));
      return seen;
    };
    expect(await turns(['select 1', 'begin', 'select 2', 'commit', 'select 3'])).toEqual([true, true, false, false, true]);
    // A failed transaction is still one until its rollback.
    expect(await turns(['begin', 'select 1 / 0', 'select 4', 'rollback', 'select 5'])).toEqual([true, false, false, false, true]);
    await client.end();
  });

  it('answers an error with PostgreSQL’s message, and the connection goes on', async () => {
    const client = await connect();
    await expect(client.query('insert into probe (n, label) values ($1, $2)', [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('select 1 / $1::int', [0])).rejects.toThrow('division by zero');
    expect((await client.query('select count(*)::int as count from probe')).rows).toEqual([{ count: 2 }]);
    await client.end();
  });

  it('leaves PGlite open when a connection ends, for the next one', async () => {
    const first = await connect();
    await first.end();
    expect(pglite.closed).toBe(false);
    const second = await connect();
    expect((await second.query('select label from probe where n = $1', [2])).rows).toEqual([{ label: 'two' }]);
    await second.end();
  });
});

/**
 * Issue 49, point 4: an embedded database that fails under a transaction (here it is closed in the
 * middle of one) fails that work as one request's error, never the process: the connection's
 * error is heard (db/transaction.ts), the connection dropped, and the error reads as the database
 * being unavailable (a 503 with Retry-After, not a 500).
 */
describe('the embedded database failing under a transaction', () => {
  it('fails the work, not the process, and reads as the database unavailable', async () => {
    const pglite = new PGlite();
    await pglite.waitReady;
    const pool = new pg.Pool({ stream: () => new EmbeddedSocket(pglite), max: 1, idleTimeoutMillis: 0 });
    const poolErrors: Error[] = [];
    pool.on('error', (error) => poolErrors.push(error));
    const db = drizzle(pool) as unknown as Db;
    registerPool(db, pool);
    const failed = await transaction(db, async (tx) => {
      await tx.execute(sql`select 1`);
      await pglite.close();
      await tx.execute(sql`select 2`);
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // The next work on the pool fails the same way (the database is gone), and nothing was thrown past it.
    const next = await transaction(db, async (tx) => tx.execute(sql`select 3`)).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(next)).toBe(true);
    await pool.end().catch(() => undefined);
  });
});
