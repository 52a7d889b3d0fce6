import type pg from 'pg';

/**
 * The statements of the push bus across processes (realtime/bus.ts keeps the listening connection
 * and its reconnects): LISTEN/NOTIFY on one channel, and the advisory lock every listening bus holds
 * shared, which PostgreSQL grants exclusively only to a session when no other session holds it.
 */

/** The pool the bus takes its listening connection from (and sends on while that one is lost). */
export type BusPool = pg.Pool;
/** The bus's listening connection. */
export type BusConnection = pg.PoolClient;
/** What the listening connection hears. */
export type BusNotification = pg.Notification;

/** The channel of every bus. */
export const BUS_CHANNEL = 'rpg_events';
/** The advisory lock every process's bus holds shared while it listens: taken exclusively only by a process alone. */
const LISTENERS_LOCK = 7_215_031_442;

/** The connection listens, and holds the listeners' lock shared. */
export async function listenForBus(connection: BusConnection): Promise<void> {
  await connection.query(`LISTEN ${BUS_CHANNEL}`);
  await connection.query('SELECT pg_advisory_lock_shared($1)', [LISTENERS_LOCK]);
}

/** The connection stops listening and lets the listeners' lock go. */
export async function unlistenForBus(connection: BusConnection): Promise<void> {
  await connection.query(`UNLISTEN ${BUS_CHANNEL}`);
  await connection.query('SELECT pg_advisory_unlock_shared($1)', [LISTENERS_LOCK]);
}

/** One NOTIFY on the channel, on the listening connection or a pooled one. */
export async function notifyBus(on: BusConnection | BusPool, payload: string): Promise<void> {
  await on.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, payload]);
}

/** Whether no other session listens now: the listeners' lock granted exclusively (for the statement's transaction only). */
export async function aloneOnBus(connection: BusConnection): Promise<boolean> {
  const { rows } = await connection.query<{ alone: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS alone', [LISTENERS_LOCK]);
  return rows[0]?.alone === true;
}
