import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';
import { onLine } from './pipelined-pool.ts';
import { connectionHandle } from './transaction.ts';

/**
 * A hot query built once, with drizzle's own prepared statements. Drizzle assembles a statement's
 * SQL text from its query builder on every call; on the request path that assembly was the largest
 * single cost in the CPU profile of GET /api/characters (docs/performance.md, "The database
 * driver"). A prepared query takes its changing values through `sql.placeholder(...)`; drizzle's
 * `.prepare(name)` builds its text once and sends it as a named statement, which node-postgres
 * parses once per connection.
 *
 * Drizzle ties a prepared query to the database handle it was built on, and runs it on that
 * handle's connection. Outside a transaction it is built once per pipelined line on PostgreSQL
 * (db/pipelined-pool.ts: the least busy line runs it; a line's queries go with the line when its
 * connection is lost) and once per database on the embedded one. Inside a transaction opened by
 * db/transaction.ts it is built once on the handle of the transaction's connection, so it runs in
 * the transaction. In any other transaction (drizzle's
 * `db.transaction`: better-auth's, the tests') it is built on the transaction's handle for that
 * call (the text is the same, so the connection's named statement is reused; only the builder's
 * assembly is paid). Names are checked to be unique, so one name never stands for two texts.
 */

/** What drizzle's select, insert, update and delete builders give: `.prepare(name)`. */
interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

/** A prepared query's `now` value (an ISO text, as the callers pass it) as a timestamp. */
export const nowParam = sql`${sql.placeholder('now')}::timestamptz`;

const names = new Set<string>();

export function prepared<V extends Record<string, unknown>, R>(name: string, build: (db: DbOrTx) => Preparable<R>): (db: DbOrTx, values: V) => Promise<R> {
  if (names.has(name)) throw new Error(`prepared query name used twice: ${name}`);
  names.add(name);
  const built = new WeakMap<Db, ReturnType<Preparable<R>['prepare']>>();
  const run = (handle: Db, values: V) => {
    let query = built.get(handle);
    if (!query) {
      query = build(handle).prepare(name);
      built.set(handle, query);
    }
    return query.execute(values);
  };
  return (db, values) => {
    if (!(db instanceof PgTransaction)) return onLine(db, (handle) => run(handle, values));
    const own = connectionHandle(db);
    return own ? run(own, values) : build(db).prepare(name).execute(values);
  };
}

/**
 * A one-statement write (issue 45, point 3), prepared as `prepared` prepares a builder's: the CTEs
 * `ctes` in order (their bodies in SQL, whose changing values are `sql.placeholder(...)`: the
 * data-modifying parts drizzle's builders cannot nest) and one result row of `columns`, built with
 * drizzle's published `$with(alias, selection).as(sql)` and `with(...)`. PostgreSQL runs each
 * data-modifying CTE once, and a SELECT CTE referenced more than once is materialized (drizzle
 * writes no MATERIALIZED): the locks of a guard CTE are taken before the parts that name it. On the
 * embedded database such a statement unprepared took 2-3 times as long (parsed and planned each time).
 */
export function preparedWrite<V extends Record<string, unknown>, R>(
  name: string,
  ctes: ReadonlyArray<readonly [string, SQL]>,
  columns: { [K in keyof R]: SQL<R[K]> },
): (db: DbOrTx, values: V) => Promise<R[]> {
  const write = prepared<V, unknown[]>(name, (db) =>
    db
      .with(...ctes.map(([alias, body]) => db.$with(alias, {}).as(body)))
      .select(columns as SelectedFields)
      .from(sql`(select 1) as one`),
  );
  return (db, values) => write(db, values) as Promise<R[]>;
}
