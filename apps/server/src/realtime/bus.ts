import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
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
  /** Delivering (readiness, /api/ready): false once closed, or once PostgreSQL's listening connection failed or ended. */
  listening(): boolean;
  close(): Promise<void>;
}

const CHANNEL = 'rpg_events';
/** PostgreSQL's NOTIFY payload limit is 8000 bytes (less the envelope naming the sender). */
const MAX_PAYLOAD = 7900;
/** The advisory lock every process's bus holds shared while it listens: taken exclusively only by a process alone. */
const LISTENERS_LOCK = 7_215_031_442;
/** How long a bus trusts PostgreSQL's "no other process listens", from when it asked. */
const ALONE_TRUST_MS = 200;
/**
 * How long a new bus waits, once it holds the lock, before its process serves anyone: longer than
 * another bus trusts an answer it had before, so no push meant for this process's tabs is kept
 * from it.
 */
const START_WAIT_MS = 500;

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

/** Hands a published message (as JSON) to this process's handlers: a copy, after the publisher's turn. */
function deliverHere(handlers: Array<(m: BusMessage) => void>, json: string): void {
  const copy = JSON.parse(json) as BusMessage;
  queueMicrotask(() => handlers.forEach((h) => h(copy)));
}

/** One process (the embedded database): deliver in-process. */
export function createLocalBus(): Bus {
  let closed = false;
  const handlers: Array<(m: BusMessage) => void> = [];
  return {
    async publish(message) {
      deliverHere(handlers, JSON.stringify(message));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    listening: () => !closed,
    async close() {
      closed = true;
      handlers.length = 0;
    },
  };
}

/**
 * Several processes on one PostgreSQL: LISTEN/NOTIFY on a dedicated connection. A process delivers
 * what it publishes to its own handlers at once, and sends a NOTIFY only while another process may
 * listen: every bus holds a shared advisory lock, and PostgreSQL grants the same lock exclusively
 * to a session only when no other session holds it. A "no one else" answer is trusted for
 * ALONE_TRUST_MS from when it was asked, and a new bus waits START_WAIT_MS after taking its lock,
 * so a process that starts never misses a push sent once it serves (docs/performance.md).
 */
export async function createPgBus(pool: pg.Pool, log: { error(o: object, m?: string): void }, { startWaitMs = START_WAIT_MS } = {}): Promise<Bus> {
  const handlers: Array<(m: BusMessage) => void> = [];
  const self = randomUUID().slice(0, 12);
  /** A NOTIFY's payload: the sender, so that it skips its own echo, and the messages (JSON texts). */
  const envelope = (messages: string[]) => `{"from":"${self}","messages":[${messages.join(',')}]}`;
  const envelopeBytes = Buffer.byteLength(envelope([]));
  const listener = await pool.connect();
  let closed = false;
  listener.on('notification', (n) => {
    if (n.channel !== CHANNEL || !n.payload) return;
    try {
      const parsed = JSON.parse(n.payload) as { from: string; messages: BusMessage[] };
      // Its own messages reached this process's handlers when they were published.
      if (parsed.from === self) return;
      for (const message of parsed.messages) handlers.forEach((h) => h(message));
    } catch (error) {
      log.error({ err: error }, 'bad bus payload');
    }
  });
  let lost = false;
  listener.on('error', (error) => {
    lost = true;
    if (!closed) log.error({ err: error }, 'bus listener failed');
  });
  listener.on('end', () => {
    lost = true;
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  await listener.query('SELECT pg_advisory_lock_shared($1)', [LISTENERS_LOCK]);
  await sleep(startWaitMs);

  // Until when (performance.now()) no other process listens, as last asked.
  let aloneUntil = 0;
  let asking = false;
  const askWhetherAlone = () => {
    if (asking || closed) return;
    asking = true;
    const askedAt = performance.now();
    listener
      .query<{ alone: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS alone', [LISTENERS_LOCK])
      .then(
        ({ rows }) => (aloneUntil = rows[0]?.alone ? askedAt + ALONE_TRUST_MS : 0),
        () => (aloneUntil = 0),
      )
      .finally(() => (asking = false));
  };

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
          await listener.query('SELECT pg_notify($1, $2)', [CHANNEL, envelope(chunk.map((i) => i.json))]);
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
      if (bytes > MAX_PAYLOAD - envelopeBytes) return Promise.reject(new Error(`bus payload too large (${bytes} bytes)`));
      if (closed) return Promise.reject(new Error('bus closed'));
      deliverHere(handlers, json);
      if (performance.now() < aloneUntil) return Promise.resolve();
      askWhetherAlone();
      return new Promise<void>((resolve, reject) => {
        if (queue.length === 0 && !sending) sending = new Promise((resolve) => setImmediate(() => void flush().then(resolve)));
        queue.push({ json, bytes, sent: { resolve, reject } });
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    listening: () => !closed && !lost,
    async close() {
      // Nothing new is taken; what was published already still goes out, then the connection is let go.
      closed = true;
      handlers.length = 0;
      await sending;
      try {
        await listener.query(`UNLISTEN ${CHANNEL}`);
        await listener.query('SELECT pg_advisory_unlock_shared($1)', [LISTENERS_LOCK]);
      } finally {
        listener.release();
      }
    },
  };
}
