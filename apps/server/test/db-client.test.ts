import { sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, openDatabase, type Database, type Tx } from '../src/db/client.ts';
import { prepared } from '../src/db/prepared.ts';
import { transaction } from '../src/db/transaction.ts';
import { freshPostgres } from './support/server.ts';

/**
 * The database layer (db/client.ts, docs/performance.md, "The database driver"): node-postgres and
 * drizzle as published. Opening a database changes nothing in either library, transactions keep
 * their meaning, a failed statement says why, and a lost connection is replaced.
 */

/** What the driver layer once replaced in the libraries: each must still be the library's own. */
const libraryParts = () => ({
  addFields: (pg.Result.prototype as unknown as Record<string, unknown>).addFields,
  clientQuery: pg.Client.prototype.query,
  poolQuery: pg.Pool.prototype.query,
  transaction: NodePgSession.prototype.transaction,
});

describe.runIf(Boolean(process.env.DATABASE_URL))('the PostgreSQL client', () => {
  const before = libraryParts();
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

  it('leaves node-postgres and drizzle as published, and its connections as pg made them', async () => {
    expect(libraryParts()).toEqual(before);
    const client = await database.connections.connect();
    try {
      expect(Object.prototype.hasOwnProperty.call(client, 'query')).toBe(false);
    } finally {
      client.release();
    }
  });

  /** The backend a read outside a transaction ran on: a pipelined line's (drizzle's builder or a prepared query). */
  const linePid = async () => (await database.db.select({ pid: sql<number>`pg_backend_pid()` }).from(sql`(select 1) as one`))[0]!.pid;
  const preparedPid = prepared('db_client_probe_pid', (db) => db.select({ pid: sql<number>`pg_backend_pid()` }).from(sql`(select 1) as one`));
  const preparedSleep = prepared('db_client_probe_sleep', (db) => db.select({ slept: sql`pg_sleep(0.5)::text` }).from(sql`(select 1) as one`));
  const poolPid = async (db: Database['db'] = database.db) => (await db.execute(sql`select pg_backend_pid() as pid`)).rows[0]!.pid as number;
  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
  };

  it('replaces a connection ended from outside, pipelined or pooled: later statements are answered', async () => {
    const line = await linePid();
    const pooled = await poolPid();
    await terminate(line);
    await terminate(pooled);
    const reads = await Promise.all(Array.from({ length: 4 }, () => linePid()));
    const prepares = await Promise.all(Array.from({ length: 4 }, async () => (await preparedPid(database.db, {}))[0]!.pid));
    const pooledAfter = await Promise.all(Array.from({ length: 4 }, () => poolPid()));
    expect([...reads, ...prepares]).not.toContain(line);
    expect(pooledAfter).not.toContain(pooled);
  });

  it('sends the reads outside a transaction on at most four pipelined connections, the slow one not holding up the rest', async () => {
    const reads = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? linePid() : preparedPid(database.db, {}).then((rows) => rows[0]!.pid))));
    const pids = new Set(reads);
    expect(pids.size).toBeGreaterThanOrEqual(1);
    expect(pids.size).toBeLessThanOrEqual(4);
    // A transaction, the game's or drizzle's, takes a pooled connection of its own, never a pipelined one.
    expect(pids.has(await transaction(database.db, async (tx) => poolPid(tx as unknown as Database['db'])))).toBe(false);
    expect(pids.has(await database.db.transaction(async (tx) => poolPid(tx as unknown as Database['db'])))).toBe(false);
    // The slow statement's line is busy: the ones sent after it go to another and are answered first.
    const answered: string[] = [];
    const slow = preparedSleep(database.db, {}).then(() => answered.push('slow'));
    const quick = Promise.all(Array.from({ length: 3 }, () => preparedPid(database.db, {}))).then(() => answered.push('quick'));
    await Promise.all([slow, quick]);
    expect(answered).toEqual(['quick', 'slow']);
  });

  it('reports a failed pipelined statement alone: the statements around it on the line are answered', async () => {
    const one = sql`(select 1) as one`;
    const results = await Promise.allSettled([
      database.db.select({ n: sql`1` }).from(one),
      database.db.select({ n: sql`1/0` }).from(one),
      database.db.select({ n: sql`2` }).from(one),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ cause: expect.objectContaining({ code: '22012' }) });
  });

  transactionMeaning(() => database);
});

describe('the embedded database client', () => {
  const before = libraryParts();
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(sql`create table if not exists pipeline_probe (n int primary key)`);
  });
  afterAll(async () => {
    await database?.close();
  });
  transactionMeaning(() => database);

  it('leaves node-postgres and drizzle as published', () => {
    expect(libraryParts()).toEqual(before);
  });

  it("runs with PGlite's own start parameters and the smaller shared_buffers (each of its megabytes is resident)", async () => {
    const setting = async (name: string) =>
      ((await database.db.execute(sql`select current_setting(${name}) as value`)) as unknown as { rows: Array<{ value: string }> }).rows[0]!.value;
    expect(await setting('shared_buffers')).toBe(EMBEDDED_SHARED_BUFFERS);
    expect(await setting('search_path')).toBe('public');
    expect(await setting('max_worker_processes')).toBe('0');
  });

  it('starts a replaced connection on a clean session: named statements parse again, no transaction is left open', async () => {
    const named = { name: 'probe_count', text: 'select count(*)::int as c from pipeline_probe' };
    const count = async () => ((await database.connections.query(named)) as { rows: Array<{ c: number }> }).rows[0]!.c;
    const before = await count();
    // A failed statement outside a transaction: node-postgres' pool closes that connection.
    await expect(database.connections.query('select 1/0')).rejects.toThrow('division by zero');
    // A connection closed inside a transaction leaves it open in the one PGlite session.
    const inside = await database.connections.connect();
    await inside.query('begin');
    await inside.query('insert into pipeline_probe (n) values (5000)');
    inside.release(new Error('dropped mid-transaction'));
    expect(await count()).toBe(before);
    await database.db.execute(sql`insert into pipeline_probe (n) values (5001)`);
    expect(await count()).toBe(before + 1);
  });
});

/** What a transaction means, whatever the driver layer does with its statements' writes. */
function transactionMeaning(current: () => Database) {
  for (const [opener, begin] of transactionOpeners) describe(`a transaction by ${opener}`, () => meaning(current, begin));
}

type Begin = <T>(db: Database['db'], body: (tx: Tx) => Promise<T>) => Promise<T>;
/** Drizzle's own `db.transaction` (better-auth's and the tests'), and the game's (db/transaction.ts, on a handle per connection). */
const transactionOpeners: Array<[string, Begin]> = [
  ['drizzle', (db, body) => db.transaction(body)],
  ['db/transaction.ts', transaction],
];

function meaning(current: () => Database, begin: Begin) {
  // Each opener's rows apart.
  const k = begin === transaction ? 1000 : 0;
  it("reports a failed statement with its text and the database's error, and goes on", async () => {
    const { db } = current();
    await db.execute(sql`insert into pipeline_probe (n) values (${40 + k})`);
    await expect(db.execute(sql`insert into pipeline_probe (n) values (${40 + k})`)).rejects.toMatchObject({
      message: expect.stringContaining('insert into pipeline_probe'),
      cause: expect.objectContaining({ code: '23505' }),
    });
    const { rows } = (await db.execute(sql`select count(*)::int as c from pipeline_probe where n = ${40 + k}`)) as unknown as { rows: Array<{ c: number }> };
    expect(rows).toEqual([{ c: 1 }]);
  });

  it('keeps a transaction whole: a thrown body rolls its writes back, a committed one keeps them', async () => {
    await expect(
      begin(current().db, async (tx) => {
        await tx.execute(sql`insert into pipeline_probe (n) values (${10 + k})`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await begin(current().db, async (tx) => tx.execute(sql`insert into pipeline_probe (n) values (${11 + k})`));
    const { rows } = (await current().db.execute(sql`select n from pipeline_probe where n in (${10 + k}, ${11 + k}) order by n`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(rows.map((r) => r.n)).toEqual([11 + k]);
  });

  it('rolls back when the first statement fails, and the connection serves the next transaction', async () => {
    await expect(begin(current().db, async (tx) => tx.execute(sql`select no_such_column from pipeline_probe where n = ${1}`))).rejects.toThrow();
    const inside = await begin(current().db, async (tx) => tx.execute(sql`select count(*)::int as c from pipeline_probe where n > ${0}`));
    expect((inside as unknown as { rows: Array<{ c: number }> }).rows[0]!.c).toBeGreaterThanOrEqual(1);
  });

  it('runs a body that awaits something else before its first statement, and an empty one', async () => {
    const result = await begin(current().db, async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`insert into pipeline_probe (n) values (${20 + k})`);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await begin(current().db, async () => 'nothing')).toBe('nothing');
    // Row locks are held across the body: a second transaction waits for the first.
    const order: string[] = [];
    await Promise.all([
      begin(current().db, async (tx) => {
        await tx.execute(sql`select n from pipeline_probe where n = ${20 + k} for update`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        order.push('first');
      }),
      new Promise((resolve) => setTimeout(resolve, 30)).then(() =>
        begin(current().db, async (tx) => {
          await tx.execute(sql`select n from pipeline_probe where n = ${20 + k} for update`);
          order.push('second');
        }),
      ),
    ]);
    expect(order).toEqual(['first', 'second']);
  });
}
