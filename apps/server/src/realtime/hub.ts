import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { watchMessageSchema } from '@rpg/contract';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import { deleteConnection, deleteInstanceConnections, insertConnection } from '../db/queries/realtime.ts';
import { BlockPeers } from './blocks.ts';
import type { Bus, PushMessage, ReadChange } from './bus.ts';
import { Delivery } from './delivery.ts';
import { heartbeat, HEARTBEAT_SLICES, playerSlice, Presence, SWEEP_EVERY_MS } from './presence.ts';
import { Tabs, type Tab } from './tabs.ts';

export { SESSION_CHANGED } from './tabs.ts';
export { COALESCE_MS, MAX_BUFFERED_BYTES } from './delivery.ts';

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

/**
 * The per-process registry of open tabs. Pushes go through the bus, so a change made by any process
 * reaches every tab of the player; each process delivers them to its own tabs (delivery.ts), minus
 * the tabs of players in a block with the push's actors (blocks.ts). Presence, the heartbeat and
 * the sweep: presence.ts.
 */
export class RealtimeHub {
  readonly instanceId = randomUUID();
  private readonly tabs = new Tabs();
  private readonly blocks: BlockPeers;
  private readonly delivery: Delivery;
  private readonly presence: Presence;
  private sweeper: NodeJS.Timeout | undefined;
  /** The slice the next tick goes over, and the slice the next tab joins. */
  private tickSlice = 0;
  private joinSlice = 0;
  private closing = false;
  /** The disconnects of closed tabs still writing their presence (close waits for them). */
  private readonly leaving = new Set<Promise<void>>();
  /** Called after each sweep with the players this process holds open tabs of (play time for achievements). */
  onPlayersSeen: ((userIds: readonly string[]) => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: { error(o: object, m?: string): void; warn(o: object, m?: string): void },
  ) {
    this.blocks = new BlockPeers(db, (userId) => this.tabs.hasPlayer(userId), log);
    this.delivery = new Delivery(this.tabs, this.blocks, db, log);
    this.presence = new Presence(db, (payload) => this.broadcast(payload));
    bus.subscribe((message) => {
      if (message.kind === 'blocks-changed') this.blocks.changed(message);
      // The read caches' own message (services/read-caches.ts): nothing for the tabs.
      else if (message.kind !== 'reads-changed') this.delivery.deliver(message);
    });
  }

  /** Metrics (/metrics): each flush's pushes and how long the first of them waited, in seconds. */
  get onFlushed(): ((pushes: number, lagSeconds: number) => void) | undefined {
    return this.delivery.onFlushed;
  }

  set onFlushed(observe: ((pushes: number, lagSeconds: number) => void) | undefined) {
    this.delivery.onFlushed = observe;
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

  /** Push to every open tab of one player. */
  /** The player's open tabs on every process (their connections that pinged recently). */
  openTabs(userId: string): Promise<number> {
    return this.presence.liveConnections(userId);
  }

  toUser(userId: string, payload: PushMessage): Promise<void> {
    return this.bus.publish({ kind: 'user', userId, payload });
  }

  /**
   * Push to every open tab of every player; with `actors` (the players whose activity the push
   * carries), not to the tabs of players in a block with any of them. A presence push's actor is
   * its player.
   */
  broadcast(payload: PushMessage, actors?: readonly string[]): Promise<void> {
    return this.bus.publish(actors && actors.length > 0 ? { kind: 'broadcast', payload, actors: [...actors] } : { kind: 'broadcast', payload });
  }

  /**
   * Push to every open tab of this process only, not through the bus: for what every process
   * knows by itself at the same moment (the world turning, issue 42), so each tab gets it once.
   */
  broadcastHere(payload: PushMessage): void {
    if (!this.closing) this.delivery.deliver({ kind: 'broadcast', payload });
  }

  /** A block was made or lifted: every process's fan-out follows it. */
  blocksChanged(blockerId: string, blockedId: string, blocked: boolean): Promise<void> {
    return this.bus.publish({ kind: 'blocks-changed', blockerId, blockedId, blocked });
  }

  /** A write changed shared reads: every process's read caches drop them (this one's too, through the bus's delivery here). */
  readsChanged(change: ReadChange): Promise<void> {
    return this.bus.publish({ kind: 'reads-changed', change });
  }

  endSession(sessionId: string): Promise<void> {
    return this.bus.publish({ kind: 'session-ended', sessionId });
  }

  /** Close the player's sockets whose session no longer exists (after other sessions were revoked). */
  revalidateUser(userId: string): Promise<void> {
    return this.bus.publish({ kind: 'revalidate-user', userId });
  }

  get connectionCount(): number {
    return this.tabs.size;
  }

  /**
   * Registers a signed-in tab. The row is written first and the player's live rows counted
   * after, so two processes accepting at once cannot both stay under the cap unseen.
   */
  async attach(socket: WebSocket, connection: Duplex, userId: string, sessionId: string): Promise<void> {
    // A socket error with no listener would end the process (an oversized or malformed frame, a
    // reset connection). The websocket plugin's errorHandler logs it (realtime/socket-errors.ts:
    // below error level when the client caused it); ws closes the socket, and 'close' cleans up.
    socket.on('error', () => {});
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
    await insertConnection(this.db, { id: tab.id, userId, instanceId: this.instanceId, lastPing: now });
    if ((await this.presence.liveConnections(userId)) > MAX_SOCKETS_PER_PLAYER) {
      await deleteConnection(this.db, tab.id);
      socket.close(TOO_MANY_SOCKETS, 'too many open tabs');
      return;
    }
    // The player's block peers before the tab gets its first broadcast.
    try {
      await this.blocks.ready(userId);
    } catch (error) {
      await deleteConnection(this.db, tab.id);
      throw error;
    }
    if (socket.readyState !== socket.OPEN) {
      // Closed while we were writing: no 'close' event will come for it any more.
      await this.disconnect(tab);
      return;
    }
    this.delivery.add(tab);
    socket.on('pong', () => {
      tab.alive = true;
    });
    socket.on('message', (raw) => this.onMessage(tab, raw.toString()));
    socket.on('close', () => {
      this.tabs.remove(tab);
      this.blocks.release(userId);
      if (this.closing) return;
      const leaving = this.disconnect(tab).catch((error) => this.log.error({ err: error }, 'presence update failed'));
      this.leaving.add(leaving);
      void leaving.finally(() => this.leaving.delete(leaving));
    });
    await this.presence.set(userId, true, now);
    this.delivery.send(tab, { type: 'hello', userId });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.delivery.close();
    for (const tab of this.tabs.all()) tab.socket.close(SERVER_RESTARTING, 'server restarting');
    const gone = await deleteInstanceConnections(this.db, this.instanceId);
    for (const userId of new Set(gone)) await this.presence.refresh(userId);
    // A tab that closed just before: its presence push goes out before the bus closes.
    await Promise.all(this.leaving);
  }

  /**
   * A tab pings and says what it holds (`watch`). A ping costs no database write: the sweep records every live
   * connection of this process in one statement. Past MESSAGE_RATE the socket is closed.
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
    await deleteConnection(this.db, tab.id);
    await this.presence.refresh(tab.userId);
  }

  /**
   * Every 30 s, over every slice (the sweeper's ticks do it a slice a second): this process's
   * connections are marked live and their players seen; sockets whose session expired or was
   * revoked by any path are closed; connections of a crashed process go stale and their players
   * offline.
   */
  async sweep(): Promise<void> {
    await this.markSeen([...this.tabs.all()], [...this.tabs.players()]);
    await this.presence.dropStale();
  }

  /** One tick of the sweeper: the tabs of one slice and the players of one slice; the stale rows once a round. */
  private async sweepSlice(slice: number): Promise<void> {
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
