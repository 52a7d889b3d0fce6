import { sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
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

  it('replaces a connection ended from outside: later statements are answered', async () => {
    const pid = (result: unknown) => (result as { rows: Array<{ pid: number }> }).rows[0]!.pid;
    const victim = pid(await database.db.execute(sql`select pg_backend_pid() as pid`));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [victim]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pids = new Set((await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_backend_pid() as pid`)))).map(pid));
    expect(pids.has(victim)).toBe(false);
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
});

/** What a transaction means, whatever the driver layer does with its statements' writes. */
function transactionMeaning(current: () => Database) {
  it('reports a failed statement with its text and the database\'s error, and goes on', async () => {
    const { db } = current();
    await db.execute(sql`insert into pipeline_probe (n) values (${40})`);
    await expect(db.execute(sql`insert into pipeline_probe (n) values (${40})`)).rejects.toMatchObject({
      message: expect.stringContaining('insert into pipeline_probe'),
      cause: expect.objectContaining({ code: '23505' }),
    });
    const { rows } = (await db.execute(sql`select count(*)::int as c from pipeline_probe where n = ${40}`)) as unknown as { rows: Array<{ c: number }> };
    expect(rows).toEqual([{ c: 1 }]);
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
