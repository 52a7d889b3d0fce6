import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { MAX_WATCH_BYTES, watchMessageSchema } from '@rpg/contract';
import { WebSocketServer, type WebSocket } from 'ws';
import { BlockPeers } from './blocks.ts';
import type { BusMessage } from './bus.ts';
import { Delivery } from './delivery.ts';
import { heartbeat, HEARTBEAT_SLICES, playerSlice, Presence, SWEEP_EVERY_MS } from './presence.ts';
import { logSocketError, type SocketLog } from './socket-errors.ts';
import type { RealtimeStore } from './store.ts';
import { Tabs, type Tab } from './tabs.ts';

/** Close code (a refusal: the tab does not reconnect): the player already has MAX_SOCKETS_PER_PLAYER open. */
export const TOO_MANY_SOCKETS = 4429;
/** Close code (policy violation; the tab reconnects after its back-off): more messages than MESSAGE_RATE allows. */
export const TOO_MANY_MESSAGES = 1008;
/** Close code (1012 Service Restart): the server is restarting; the tab reconnects soon, with jitter, and refetches. */
export const SERVER_RESTARTING = 1012;
/** Open sockets one player may hold across every process (tabs and devices together). */
export const MAX_SOCKETS_PER_PLAYER = 12;
/** What a tab may send: a ping every 30 s and what it holds at most once a second (`watch`), so 20 messages in 10 seconds is enough. */
export const MESSAGE_RATE = { max: 20, windowMs: 10_000 };

/** The upgrade request, as the API process read it: what ws needs to answer the handshake. */
export interface Upgrade {
  url: string;
  headers: IncomingMessage['headers'];
  /** The bytes the client sent after the request's headers (usually none). */
  head: Uint8Array;
}

/** What the API process decided about a socket: a signed-in tab of the player, or a refusal. */
export type Admission = { userId: string; sessionId: string } | { refuse: 'foreign-origin' | 'signed-out' };

/**
 * The tabs' side of realtime: the open sockets, the fan-out of what the bus brings to them
 * (delivery.ts, minus the tabs of players in a block with the push's actors: blocks.ts), presence,
 * the heartbeat and the sweep (presence.ts). It runs in the API process (RPG_GATEWAY=inline) or in
 * a process of its own (gateway-process.ts, RPG_GATEWAY=process), with the same code: everything it
 * reads or writes goes through `store`, everything it publishes through `publish` (the bus of the
 * API process), and each bus message reaches it once (`receive`). The API process accepted the
 * upgrade (rate limit, origin, session: realtime/upgrade.ts) and hands it the socket (`adopt`).
 */
export class Gateway {
  private readonly tabs = new Tabs();
  private readonly blocks: BlockPeers;
  private readonly delivery: Delivery;
  private readonly presence: Presence;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WATCH_BYTES });
  private sweeper: NodeJS.Timeout | undefined;
  /** The slice the next tick goes over, and the slice the next tab joins. */
  private tickSlice = 0;
  private joinSlice = 0;
  private closing = false;
  /** The disconnects of closed tabs still writing their presence (close waits for them). */
  private readonly leaving = new Set<Promise<void>>();
  /** Called after each sweep with the players this gateway holds open tabs of (play time for achievements). */
  onPlayersSeen: ((userIds: readonly string[]) => void) | undefined;
  /** Called when the count of open tabs changes. */
  onCount: ((count: number) => void) | undefined;

  constructor(
    private readonly store: RealtimeStore,
    private readonly publish: (message: BusMessage) => Promise<void>,
    private readonly log: SocketLog,
    readonly instanceId: string = randomUUID(),
  ) {
    this.blocks = new BlockPeers(store, (userId) => this.tabs.hasPlayer(userId), log);
    this.delivery = new Delivery(this.tabs, this.blocks, store, log);
    this.presence = new Presence(store, (payload) => this.publish({ kind: 'broadcast', payload }));
  }

  /** Metrics (/metrics): each flush's pushes and how long the first of them waited, in seconds. */
  set onFlushed(observe: ((pushes: number, lagSeconds: number) => void) | undefined) {
    this.delivery.onFlushed = observe;
  }

  get onFlushed(): ((pushes: number, lagSeconds: number) => void) | undefined {
    return this.delivery.onFlushed;
  }

  get connectionCount(): number {
    return this.tabs.size;
  }

  get accepting(): boolean {
    return !this.closing;
  }

  /** A bus message (from any process), or a push for this gateway's tabs only (the world turning). */
  receive(message: BusMessage): void {
    if (this.closing) return;
    if (message.kind === 'blocks-changed') this.blocks.changed(message);
    // The read caches' own message (services/read-caches.ts): nothing for the tabs (the hub keeps it from here).
    else if (message.kind !== 'reads-changed') this.delivery.deliver(message);
  }

  start(): void {
    this.sweeper = setInterval(() => {
      const slice = this.tickSlice;
      this.tickSlice = (slice + 1) % HEARTBEAT_SLICES;
      heartbeat(this.tabs.all(), slice);
      this.sweepSlice(slice).catch((error) => this.log.error({ err: error }, 'presence sweep failed'));
    }, SWEEP_EVERY_MS / HEARTBEAT_SLICES);
    this.sweeper.unref();
  }

  /** In this process: at once. */
  async started(): Promise<void> {}

  /** Completes the WebSocket handshake on the socket the API process accepted, then registers the tab (or closes it with the refusal's code). */
  adopt(upgrade: Upgrade, socket: Duplex, admission: Admission): void {
    socket.on('error', () => socket.destroy());
    if (this.closing) {
      socket.destroy();
      return;
    }
    // ws reads the method, the URL and the headers of the request (a plain object is enough).
    const request = { method: 'GET', url: upgrade.url, headers: upgrade.headers } as IncomingMessage;
    this.wss.handleUpgrade(request, socket, Buffer.from(upgrade.head), (ws) => {
      ws.on('error', (error) => logSocketError(this.log, error, ws));
      // A tab from a foreign page, or not signed in: closed with a code it does not reconnect after.
      if ('refuse' in admission) {
        if (admission.refuse === 'foreign-origin') ws.close(4403, 'forbidden origin');
        else ws.close(4401, 'not signed in');
        return;
      }
      this.attach(ws, socket, admission.userId, admission.sessionId).catch((error: unknown) => {
        this.log.error({ err: error }, 'attaching a socket failed');
        ws.close(1011, 'try again');
      });
    });
  }

  /**
   * Registers a signed-in tab. The row is written first and the player's live rows counted
   * after, so two processes accepting at once cannot both stay under the cap unseen.
   */
  async attach(socket: WebSocket, connection: Duplex, userId: string, sessionId: string): Promise<void> {
    this.blocks.attachStarted(userId);
    try {
      await this.register(socket, connection, userId, sessionId);
    } finally {
      this.blocks.attachEnded(userId);
    }
  }

  private async register(socket: WebSocket, connection: Duplex, userId: string, sessionId: string): Promise<void> {
    const slice = this.joinSlice;
    this.joinSlice = (slice + 1) % HEARTBEAT_SLICES;
    const tab: Tab = { id: randomUUID(), socket, connection, userId, sessionId, alive: true, slice, seen: 0, received: 0, windowStart: Date.now() };
    const now = new Date();
    await this.store.insertConnection({ id: tab.id, userId, instanceId: this.instanceId, lastPing: now });
    if ((await this.presence.liveConnections(userId)) > MAX_SOCKETS_PER_PLAYER) {
      await this.store.deleteConnection(tab.id);
      socket.close(TOO_MANY_SOCKETS, 'too many open tabs');
      return;
    }
    // The player's block peers before the tab gets its first broadcast.
    try {
      await this.blocks.ready(userId);
    } catch (error) {
      await this.store.deleteConnection(tab.id);
      throw error;
    }
    if (socket.readyState !== socket.OPEN) {
      // Closed while we were writing: no 'close' event will come for it any more.
      await this.disconnect(tab);
      return;
    }
    this.delivery.add(tab);
    this.onCount?.(this.tabs.size);
    socket.on('pong', () => {
      tab.alive = true;
    });
    socket.on('message', (raw) => this.onMessage(tab, raw.toString()));
    socket.on('close', () => {
      this.tabs.remove(tab);
      this.onCount?.(this.tabs.size);
      this.blocks.release(userId);
      if (this.closing) return;
      const leaving = this.disconnect(tab).catch((error) => this.log.error({ err: error }, 'presence update failed'));
      this.leaving.add(leaving);
      void leaving.finally(() => this.leaving.delete(leaving));
    });
    await this.presence.set(userId, true, now);
    this.delivery.send(tab, { type: 'hello', userId });
  }

  /** Every tab is told the server restarts (1012), this gateway's connections removed and their players' presence settled. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.delivery.close();
    for (const tab of this.tabs.all()) tab.socket.close(SERVER_RESTARTING, 'server restarting');
    await settleGone(this.store, this.presence, this.instanceId);
    // A tab that closed just before: its presence push goes out before the bus closes.
    await Promise.all(this.leaving);
  }

  /**
   * A tab pings and says what it holds (`watch`). A ping costs no database write: the sweep records every live
   * connection of this gateway in one statement. Past MESSAGE_RATE the socket is closed.
   */
  private onMessage(tab: Tab, raw: string): void {
    const now = Date.now();
    if (now - tab.windowStart >= MESSAGE_RATE.windowMs) {
      tab.windowStart = now;
      tab.received = 0;
    }
    tab.received += 1;
    if (tab.received > MESSAGE_RATE.max) {
      tab.socket.close(TOO_MANY_MESSAGES, 'too many messages');
      return;
    }
    let message: { type?: unknown };
    try {
      message = JSON.parse(raw) as { type?: unknown };
    } catch {
      return;
    }
    if (message.type === 'ping') {
      tab.alive = true;
      this.delivery.send(tab, { type: 'pong' });
    } else if (message.type === 'watch') {
      // What the tab holds (issue 29): the broadcasts about anything else skip it. A malformed one is ignored.
      const watch = watchMessageSchema.safeParse(message);
      if (watch.success) this.delivery.watch(tab, watch.data.keys);
    }
  }

  private async disconnect(tab: Tab): Promise<void> {
    await this.store.deleteConnection(tab.id);
    await this.presence.refresh(tab.userId);
  }

  /**
   * Every 30 s, over every slice (the sweeper's ticks do it a slice a second): this gateway's
   * connections are marked live and their players seen; sockets whose session expired or was
   * revoked by any path are closed; connections of a crashed process go stale and their players
   * offline.
   */
  async sweep(): Promise<void> {
    await this.markSeen([...this.tabs.all()], [...this.tabs.players()]);
    await this.presence.dropStale();
  }

  /** One tick of the sweeper: the tabs of one slice and the players of one slice; the stale rows once a round. */
  async sweepSlice(slice: number): Promise<void> {
    const tabs = [...this.tabs.all()].filter((t) => t.slice === slice);
    const players = [...this.tabs.players()].filter((userId) => playerSlice(userId) === slice);
    await this.markSeen(tabs, players);
    if (slice === 0) await this.presence.dropStale();
  }

  private async markSeen(tabs: readonly Tab[], players: readonly string[]): Promise<void> {
    await this.presence.markSeen(tabs, players, new Date());
    if (players.length > 0) this.onPlayersSeen?.(players);
  }
}

/** A gateway's connections removed (it closed, or its process crashed) and their players' presence settled. */
export async function settleGone(store: RealtimeStore, presence: Presence, instanceId: string): Promise<void> {
  const gone = await store.deleteInstanceConnections(instanceId);
  for (const userId of new Set(gone)) await presence.refresh(userId);
}
