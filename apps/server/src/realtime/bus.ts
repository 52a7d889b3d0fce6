import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PushMessage } from '@rpg/contract';
import { aloneOnBus, BUS_CHANNEL, listenForBus, notifyBus, unlistenForBus, type BusConnection, type BusNotification, type BusPool } from '../db/queries/bus.ts';

/**
 * What a write changed of the shared reads kept by every process (services/read-caches.ts): the
 * chat's newest lines, the filters (mutes and block peers) of some players or of every player, the
 * leaderboards' tops.
 */
export interface ReadChange {
  chat?: boolean;
  tops?: boolean;
  /** The players whose filter changed (a mute, a block either way). */
  filtersOf?: string[];
  /** Every player's filter (a rename: a mute list names its players; an account deleted). */
  filters?: boolean;
}

/** What one process tells every process (itself included). Payloads stay small: ids and kinds, not documents. */
export type BusMessage =
  | { kind: 'user'; userId: string; payload: PushMessage }
  /** To every tab; `actors`: the players whose activity it carries (not for the tabs of players in a block with them). */
  | { kind: 'broadcast'; payload: PushMessage; actors?: string[] }
  | { kind: 'session-ended'; sessionId: string }
  | { kind: 'revalidate-user'; userId: string }
  /** A block was made (`blocked`) or lifted between the two players. */
  | { kind: 'blocks-changed'; blockerId: string; blockedId: string; blocked: boolean }
  /** A write changed shared reads (services/read-caches.ts): every process drops its copies. Not a push to tabs. */
  | { kind: 'reads-changed'; change: ReadChange };

/** A message pushed to a browser tab: the contract's union (packages/contract/src/push.ts). */
export type { PushMessage };

export interface Bus {
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
  /**
   * Delivering (readiness, /api/ready): false once closed, and while PostgreSQL's listening
   * connection is lost (until it reconnects and the other processes know it listens again).
   */
  listening(): boolean;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload limit is 8000 bytes (less the envelope naming the sender). */
const MAX_PAYLOAD = 7900;
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

/** Reconnecting a lost listener: the first wait, doubled each failed attempt up to the cap, and jittered (x0.5-1). */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0: the first): exponential back-off with jitter, so processes do not retry in step. */
export function reconnectDelay(attempt: number, random = () => randomInt(0, 65_536) / 65_536): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** What a bus that lost its listener tells this process's tabs once it listens again: refetch everything. */
const RESYNC: BusMessage = { kind: 'broadcast', payload: { type: 'resync' } };

/**
 * Several processes on one PostgreSQL: LISTEN/NOTIFY on a dedicated connection. A process delivers
 * what it publishes to its own handlers at once, and sends a NOTIFY only while another process may
 * listen: every bus holds a shared advisory lock, and PostgreSQL grants the same lock exclusively
 * to a session only when no other session holds it. A "no one else" answer is trusted for
 * ALONE_TRUST_MS from when it was asked, and a new bus waits START_WAIT_MS after taking its lock,
 * so a process that starts never misses a push sent once it serves (docs/performance.md, "Realtime
 * and the global chat").
 *
 * When the listening connection is lost (a restart of PostgreSQL, a killed backend, the network),
 * the bus logs it and reconnects with back-off and jitter (reconnectDelay), LISTENs and takes its
 * lock again. Meanwhile its own pushes still reach this process's tabs at once (delivered here)
 * and go out to the others on a pooled connection, in order; what other processes sent meanwhile
 * is lost for this process, so once it listens again (and has waited START_WAIT_MS, as a new bus
 * does) it tells its own tabs to refetch everything (a `resync` push).
 */
export async function createPgBus(
  pool: BusPool,
  log: { error(o: object, m?: string): void; info(o: object, m?: string): void },
  { startWaitMs = START_WAIT_MS } = {},
): Promise<Bus> {
  const handlers: Array<(m: BusMessage) => void> = [];
  const self = randomUUID().slice(0, 12);
  /** A NOTIFY's payload: the sender, so that it skips its own echo, and the messages (JSON texts). */
  const envelope = (messages: string[]) => `{"from":"${self}","messages":[${messages.join(',')}]}`;
  const envelopeBytes = Buffer.byteLength(envelope([]));
  let closed = false;
  const onNotification = (n: BusNotification) => {
    if (n.channel !== BUS_CHANNEL || !n.payload) return;
    try {
      const parsed = JSON.parse(n.payload) as { from: string; messages: BusMessage[] };
      // Its own messages reached this process's handlers when they were published.
      if (parsed.from === self) return;
      for (const message of parsed.messages) handlers.forEach((h) => h(message));
    } catch (error) {
      log.error({ err: error }, 'bad bus payload');
    }
  };

  /**
   * Opens the listening connection (LISTEN and the listeners' shared lock) and makes it `listener`;
   * its loss, from then on, goes to `lost`. A connection lost before it was ready fails the call.
   */
  const listen = async (): Promise<void> => {
    const client = await pool.connect();
    let ready = false;
    let lostEarly: unknown;
    const onLoss = (error: unknown) => {
      if (ready) lost(client, error);
      else lostEarly ??= error;
    };
    const onError = (error: Error) => onLoss(error);
    const onEnd = () => onLoss(new Error('connection ended'));
    client.on('notification', onNotification);
    client.on('error', onError);
    client.on('end', onEnd);
    try {
      await listenForBus(client);
      if (lostEarly !== undefined) throw lostEarly;
    } catch (error) {
      client.release(true);
      throw error;
    }
    ready = true;
    listener = client;
    detach = () => {
      client.off('notification', onNotification);
      client.off('error', onError);
      client.off('end', onEnd);
    };
  };

  // Until when (performance.now()) no other process listens, as last asked.
  let aloneUntil = 0;
  let asking = false;
  /** The listening connection; undefined while it is being replaced. */
  let listener: BusConnection | undefined;
  /** Takes the bus's own listeners off a connection given back to the pool. */
  let detach = () => {};
  let attempt = 0;
  /** Listening again, and waiting until the other processes know it (START_WAIT_MS). */
  let settling = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const lost = (client: BusConnection, error: unknown) => {
    if (client !== listener || closed) return;
    listener = undefined;
    aloneUntil = 0;
    log.error({ err: error }, 'bus listener lost; reconnecting');
    client.release(true);
    scheduleReconnect();
  };
  const scheduleReconnect = () => {
    if (closed) return;
    const delay = reconnectDelay(attempt++);
    reconnectTimer = setTimeout(() => void reconnect(), delay);
    reconnectTimer.unref();
  };
  const reconnect = async () => {
    reconnectTimer = undefined;
    if (closed) return;
    try {
      await listen();
    } catch (error) {
      log.error({ err: error, attempt }, 'bus listener reconnect failed');
      scheduleReconnect();
      return;
    }
    const client = listener;
    if (closed) {
      // close() ran meanwhile and found no listener: this one is let go here.
      listener = undefined;
      client?.release(true);
      return;
    }
    const attempts = attempt;
    attempt = 0;
    log.info({ attempts }, 'bus listener reconnected');
    // As a new bus: other processes stop trusting "no one else listens" (not ready until then:
    // a push sent meanwhile may not reach it), then this process's tabs refetch.
    settling = true;
    await sleep(startWaitMs);
    settling = false;
    if (!closed && listener === client) deliverHere(handlers, JSON.stringify(RESYNC));
  };

  await listen();
  await sleep(startWaitMs);

  const askWhetherAlone = () => {
    if (asking || closed || !listener) return;
    asking = true;
    const askedAt = performance.now();
    aloneOnBus(listener)
      .then(
        (alone) => (aloneUntil = alone ? askedAt + ALONE_TRUST_MS : 0),
        () => (aloneUntil = 0),
      )
      .finally(() => (asking = false));
  };

  // Published messages go out together: one NOTIFY carries a JSON array of as many as fit in its
  // payload, and one NOTIFY at a time is on the wire: what is published in the same turn of the
  // event loop, or while one is on the wire, goes out with the next. Under load that is one
  // statement for several pushes where each push was a statement of its own (docs/performance.md,
  // "Realtime and the global chat"). They go on the listening connection, which has nothing else to
  // do: no wait behind requests for a pooled connection.
  let queue: Array<{ json: string; bytes: number; sent: { resolve(): void; reject(e: unknown): void } }> = [];
  let sending: Promise<void> | undefined;
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      // In order, so the messages arrive in the order they were published.
      for (const chunk of inPayloads(batch)) {
        const payload = envelope(chunk.map((i) => i.json));
        try {
          // On the listening connection; while it is lost (or if it fails now), on a pooled one.
          if (listener) await notifyBus(listener, payload).catch(() => notifyBus(pool, payload));
          else await notifyBus(pool, payload);
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
    listening: () => !closed && listener !== undefined && !settling,
    async close() {
      // Nothing new is taken; what was published already still goes out, then the connection is let go.
      closed = true;
      handlers.length = 0;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await sending;
      const client = listener;
      listener = undefined;
      if (!client) return;
      try {
        await unlistenForBus(client);
        detach();
        client.release();
      } catch (error) {
        client.release(true);
        throw error;
      }
    },
  };
}
