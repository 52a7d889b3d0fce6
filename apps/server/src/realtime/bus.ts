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

/** Messages in order, grouped into as few NOTIFY payloads (a JSON array each) as fit the limit. */
function inPayloads<T extends { bytes: number }>(items: T[]): T[][] {
  const payloads: T[][] = [];
  let size = 0;
  for (const item of items) {
    const last = payloads.at(-1);
    if (last && size + item.bytes + 1 <= MAX_PAYLOAD) {
      last.push(item);
      size += item.bytes + 1;
    } else {
      payloads.push([item]);
      size = 2 + item.bytes;
    }
  }
  return payloads;
}

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
      const parsed = JSON.parse(n.payload) as BusMessage | BusMessage[];
      for (const message of Array.isArray(parsed) ? parsed : [parsed]) handlers.forEach((h) => h(message));
    } catch (error) {
      log.error({ err: error }, 'bad bus payload');
    }
  });
  listener.on('error', (error) => {
    if (!closed) log.error({ err: error }, 'bus listener failed');
  });
  await listener.query(`LISTEN ${CHANNEL}`);

  // Published messages go out together: one NOTIFY carries a JSON array of as many as fit in its
  // payload, and one NOTIFY at a time is on the wire: what is published in the same turn of the
  // event loop, or while one is on the wire, goes out with the next. Under load that is one
  // statement for several pushes where each push was a statement of its own (docs/performance.md).
  // They go on the listening connection, which has nothing else to do: no wait behind requests for
  // a pooled connection.
  let queue: Array<{ json: string; bytes: number; sent: { resolve(): void; reject(e: unknown): void } }> = [];
  let sending: Promise<void> | undefined;
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      // In order, so the messages arrive in the order they were published.
      for (const chunk of inPayloads(batch)) {
        try {
          await listener.query('SELECT pg_notify($1, $2)', [CHANNEL, `[${chunk.map((i) => i.json).join(',')}]`]);
          chunk.forEach((i) => i.sent.resolve());
        } catch (error) {
          chunk.forEach((i) => i.sent.reject(error));
        }
      }
    }
    sending = undefined;
  };
  return {
    publish(message) {
      const json = JSON.stringify(message);
      const bytes = Buffer.byteLength(json);
      if (bytes > MAX_PAYLOAD - 2) return Promise.reject(new Error(`bus payload too large (${bytes} bytes)`));
      if (closed) return Promise.reject(new Error('bus closed'));
      return new Promise<void>((resolve, reject) => {
        if (queue.length === 0 && !sending) sending = new Promise((resolve) => setImmediate(() => void flush().then(resolve)));
        queue.push({ json, bytes, sent: { resolve, reject } });
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      // Nothing new is taken; what was published already still goes out, then the connection is let go.
      closed = true;
      handlers.length = 0;
      await sending;
      try {
        await listener.query(`UNLISTEN ${CHANNEL}`);
      } finally {
        listener.release();
      }
    },
  };
}
