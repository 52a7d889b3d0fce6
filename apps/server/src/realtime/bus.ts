import type { PushMessage } from '@rpg/contract';
import type pg from 'pg';

/** What one process tells every process (itself included). Payloads stay small: ids and kinds, not documents. */
export type BusMessage =
  | { kind: 'user'; userId: string; payload: PushMessage }
  | { kind: 'broadcast'; payload: PushMessage }
  | { kind: 'session-ended'; sessionId: string }
  | { kind: 'revalidate-user'; userId: string };

/** A message pushed to a browser tab: the contract's union (packages/contract/src/push.ts). */
export type { PushMessage };

export interface Bus {
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'rpg_events';
/** PostgreSQL's NOTIFY payload limit is 8000 bytes. */
const MAX_PAYLOAD = 7900;

/** One process (the embedded database): deliver in-process. */
export function createLocalBus(): Bus {
  const handlers: Array<(m: BusMessage) => void> = [];
  return {
    async publish(message) {
      const copy = JSON.parse(JSON.stringify(message)) as BusMessage;
      queueMicrotask(() => handlers.forEach((h) => h(copy)));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
    },
  };
}

/** Several processes on one PostgreSQL: LISTEN/NOTIFY on a dedicated connection. */
export async function createPgBus(pool: pg.Pool, log: { error(o: object, m?: string): void }): Promise<Bus> {
  const handlers: Array<(m: BusMessage) => void> = [];
  const listener = await pool.connect();
  let closed = false;
  listener.on('notification', (n) => {
    if (n.channel !== CHANNEL || !n.payload) return;
    try {
      const message = JSON.parse(n.payload) as BusMessage;
      handlers.forEach((h) => h(message));
    } catch (error) {
      log.error({ err: error }, 'bad bus payload');
    }
  });
  listener.on('error', (error) => {
    if (!closed) log.error({ err: error }, 'bus listener failed');
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    async publish(message) {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`bus payload too large (${payload.length} bytes)`);
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      handlers.length = 0;
      try {
        await listener.query(`UNLISTEN ${CHANNEL}`);
      } finally {
        listener.release();
      }
    },
  };
}
