import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';
import { claimKey, unclaimedWrite } from './idempotency.ts';
import { relationalSchema } from './schema/relational.ts';
import { statementCounter } from './statements.ts';

/** The pool each database handle runs on (set by db/client.ts when it opens one). */
const pools = new WeakMap<Db, pg.Pool>();
/** A drizzle handle over each pooled connection, made on the connection's first transaction. */
const connectionHandles = new WeakMap<pg.PoolClient, Db>();
/** The connection handle a transaction runs on (db/prepared.ts builds its statements on it once). */
const handleOfTransaction = new WeakMap<Tx, Db>();
/** How many transactions each pool has run through `transaction` (/metrics, and the reads' tests). */
const opened = new WeakMap<pg.Pool, number>();

export function transactionsOpened(pool: pg.Pool): number {
  return opened.get(pool) ?? 0;
}

export function registerPool(db: Db, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The drizzle handle over the connection `tx` runs on, when the transaction was opened here. */
export function connectionHandle(tx: Tx): Db | undefined {
  return handleOfTransaction.get(tx);
}

/**
 * Runs `body` in a transaction on a pooled connection: drizzle's own `transaction` (`begin`, the
 * body, `commit`, or `rollback` on a throw), called on a drizzle handle made once for that
 * connection. A transaction from `db.transaction` gets a new handle each time, so a prepared query
 * (db/prepared.ts) had to be built again in every one: drizzle's query builder was ~12% of a
 * console line's CPU. On this connection's handle each is built once per connection.
 *
 * In a request sent with an `Idempotency-Key`, the first transaction claims the key as its first
 * statement (db/idempotency.ts): a key claimed already rolls it back with a RepeatedRequest.
 */
export async function transaction<T>(db: Db, body: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = pools.get(db);
  if (!pool) return db.transaction(body);
  opened.set(pool, transactionsOpened(pool) + 1);
  const client = await pool.connect();
  // A connection lost while checked out (a database restart, a killed backend) emits 'error' on
  // the client, which the pool listens to only while it is idle: unheard, it would end the process.
  // The work on it fails (its statement rejects) and the connection is dropped, not pooled again.
  let lost: Error | undefined;
  const onError = (error: Error) => (lost ??= error);
  client.on('error', onError);
  try {
    let handle = connectionHandles.get(client);
    if (!handle) {
      handle = drizzle(client, { schema: relationalSchema, logger: statementCounter }) as unknown as Db;
      connectionHandles.set(client, handle);
    }
    const own = handle;
    // The request's idempotency key, claimed by its first transaction (db/idempotency.ts).
    const write = unclaimedWrite();
    if (write) write.state = 'claiming';
    try {
      const result = await own.transaction(async (tx) => {
        handleOfTransaction.set(tx, own);
        if (write) await claimKey(tx, write);
        return body(tx);
      });
      if (write) write.state = 'claimed';
      return result;
    } catch (error) {
      // Rolled back: the claim with it, so the next transaction of the request claims the key.
      if (write) write.state = 'open';
      throw error;
    }
  } finally {
    client.off('error', onError);
    client.release(lost);
  }
}
