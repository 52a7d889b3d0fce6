import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import { authSession, blocks, realtimeConnections, users } from '../db/schema/index.ts';
import type { Bus, BusMessage, PushMessage } from './bus.ts';
import { Coalescer } from './coalesce.ts';

/** A connection counts as live while it pinged within this window. */
const STALE_AFTER_MS = 90_000;
const SWEEP_EVERY_MS = 30_000;
/**
 * The heartbeat and the sweep go over the tabs a slice at a time, one slice a second, so each tab is
 * pinged, and its connection and session checked, once per SWEEP_EVERY_MS, and each player seen once:
 * done for 5,000 tabs at once, they held the event loop (~150 ms of pings) and the database (5,000
 * rows and ~420 play-time transactions) every 30 s, and chat lines and requests waited behind them
 * (docs/performance.md, "Realtime and the global chat").
 */
const HEARTBEAT_SLICES = 30;

/** The slice a player is seen in (a string hash): once per round, however many tabs. */
function playerSlice(userId: string): number {
  let h = 0;
  for (let i = 0; i < userId.length; i++) h = (Math.imul(h, 31) + userId.charCodeAt(i)) | 0;
  return (h >>> 0) % HEARTBEAT_SLICES;
}
/** Close code: the socket's session is gone; reconnect to find out whether the tab is still signed in. */
export const SESSION_CHANGED = 4000;
/** Close code (a refusal: the tab does not reconnect): the player already has MAX_SOCKETS_PER_PLAYER open. */
export const TOO_MANY_SOCKETS = 4429;
/** Close code (policy violation; the tab reconnects after its back-off): more messages than MESSAGE_RATE allows. */
export const TOO_MANY_MESSAGES = 1008;
/**
 * Bytes a tab may leave unread (ws's `bufferedAmount`: what waits in the socket's buffer) before its
 * socket is dropped (docs/security.md, "Slow readers"). A tab that stopped reading (a suspended
 * laptop, a stalled network) would otherwise make its backlog grow in server memory with every push.
 * The socket is terminated (not closed with a frame the reader would never read): the tab sees the
 * connection drop, reconnects after its back-off and refetches everything, so nothing is missed.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * Pushes to every tab that make tabs refetch (an `invalidate` of the same keys, a player's presence)
 * are delivered at most once per this window and key, the last one kept (realtime/coalesce.ts):
 * a burst of changes costs each tab at most one refetch a second after the first.
 */
export const COALESCE_MS = 1000;
/** Close code (1012 Service Restart): the server is restarting; the tab reconnects soon, with jitter, and refetches. */
export const SERVER_RESTARTING = 1012;
/** Open sockets one player may hold across every process (tabs and devices together). */
export const MAX_SOCKETS_PER_PLAYER = 12;
/** What a tab may send: it only pings (every 30 s), so 20 messages in 10 seconds is generous. */
export const MESSAGE_RATE = { max: 20, windowMs: 10_000 };

/** A bus message waiting for the next flush. A push goes to every tab, or to one player's (`userId`), minus `except`'s. */
type Queued =
  | { kind: 'push'; out: Buffer; userId?: string; except?: ReadonlySet<string> }
  | { kind: 'session-ended'; sessionId: string }
  | { kind: 'revalidate-user'; userId: string };

/** A push's JSON bytes: made once, however many tabs get it. */
function encode(payload: PushMessage): Buffer {
  return Buffer.from(JSON.stringify(payload));
}

const SIGNED_OUT = encode({ type: 'signed-out' });

interface Client {
  id: string;
  socket: WebSocket;
  userId: string;
  sessionId: string;
  alive: boolean;
  /** Which slice of the heartbeat pings this tab. */
  slice: number;
  /** Messages received in the current rate window, and when it began. */
  received: number;
  windowStart: number;
}

/**
 * The per-process registry of open tabs. Pushes go through the bus, so a
 * change made by any process reaches every tab of the player.
 */
export class RealtimeHub {
  readonly instanceId = randomUUID();
  private readonly clients = new Map<string, Client>();
  /** The same tabs by player: a push to one player touches only that player's tabs. */
  private readonly byUser = new Map<string, Set<Client>>();
  /** Bus messages since the last flush, in order. */
  private queue: Queued[] = [];
  private flushScheduled = false;
  /** When the oldest queued push reached this process (performance.now()). */
  private queuedAt = 0;
  /** Metrics (/metrics): each flush's pushes and how long the first of them waited, in seconds. */
  onFlushed: ((pushes: number, lagSeconds: number) => void) | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  /** The slice the next tick goes over, and the slice the next tab joins. */
  private tickSlice = 0;
  private joinSlice = 0;
  private closing = false;
  /**
   * Blocks in the fan-out (issue 25): for each player with tabs here (or a tab attaching), the
   * players in a block with them, either way, loaded when their first tab attaches and kept by the
   * `blocks-changed` bus message. `hiddenFrom` is the same pairs the other way round: for a
   * player, the players here whose tabs their activity must not reach. A broadcast looks up its
   * actors there (a Map look-up); only when one is found does the flush check tabs one by one.
   */
  private readonly peers = new Map<string, ReadonlySet<string>>();
  private readonly hiddenFrom = new Map<string, Set<string>>();
  /** The latest load of a player's peers, while it runs. */
  private readonly peerLoads = new Map<string, Promise<void>>();
  /** Players with a tab between the start of attach and its registration (their peers are kept). */
  private readonly attaching = new Map<string, number>();
  /** Broadcast invalidations and presence, by key, as this process delivers them to its tabs (from any process). */
  private readonly coalesced = new Coalescer(COALESCE_MS);
  /** Called after each sweep with the players this process holds open tabs of (play time for achievements). */
  onPlayersSeen: ((userIds: readonly string[]) => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: { error(o: object, m?: string): void; warn(o: object, m?: string): void },
  ) {
    bus.subscribe((message) => this.deliver(message));
  }

  start(): void {
    this.sweeper = setInterval(() => {
      const slice = this.tickSlice;
      this.tickSlice = (slice + 1) % HEARTBEAT_SLICES;
      this.heartbeat(slice);
      this.sweepSlice(slice).catch((error) => this.log.error({ err: error }, 'presence sweep failed'));
    }, SWEEP_EVERY_MS / HEARTBEAT_SLICES);
    this.sweeper.unref();
  }

  /** Push to every open tab of one player. */
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

  /** A block was made or lifted: every process's fan-out follows it. */
  blocksChanged(blockerId: string, blockedId: string, blocked: boolean): Promise<void> {
    return this.bus.publish({ kind: 'blocks-changed', blockerId, blockedId, blocked });
  }

  endSession(sessionId: string): Promise<void> {
    return this.bus.publish({ kind: 'session-ended', sessionId });
  }

  /** Close the player's sockets whose session no longer exists (after other sessions were revoked). */
  revalidateUser(userId: string): Promise<void> {
    return this.bus.publish({ kind: 'revalidate-user', userId });
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  /**
   * Registers a signed-in tab. The row is written first and the player's live rows counted
   * after, so two processes accepting at once cannot both stay under the cap unseen.
   */
  async attach(socket: WebSocket, userId: string, sessionId: string): Promise<void> {
    // A socket error with no listener would end the process (an oversized or malformed frame, a
    // reset connection): log it; ws closes the socket, and 'close' cleans up.
    socket.on('error', (error) => this.log.warn({ err: error }, 'websocket error'));
    this.attaching.set(userId, (this.attaching.get(userId) ?? 0) + 1);
    try {
      await this.register(socket, userId, sessionId);
    } finally {
      const left = this.attaching.get(userId)! - 1;
      if (left > 0) this.attaching.set(userId, left);
      else this.attaching.delete(userId);
      if (left === 0 && !this.byUser.has(userId)) this.setPeers(userId, undefined);
    }
  }

  private async register(socket: WebSocket, userId: string, sessionId: string): Promise<void> {
    const slice = this.joinSlice;
    this.joinSlice = (slice + 1) % HEARTBEAT_SLICES;
    const client: Client = { id: randomUUID(), socket, userId, sessionId, alive: true, slice, received: 0, windowStart: Date.now() };
    const now = new Date();
    await this.db.insert(realtimeConnections).values({ id: client.id, userId, instanceId: this.instanceId, lastPing: now });
    if ((await this.liveConnections(userId)) > MAX_SOCKETS_PER_PLAYER) {
      await this.db.delete(realtimeConnections).where(eq(realtimeConnections.id, client.id));
      socket.close(TOO_MANY_SOCKETS, 'too many open tabs');
      return;
    }
    // The player's block peers before the tab gets its first broadcast.
    if (!this.peers.has(userId) || this.peerLoads.has(userId)) {
      try {
        await this.loadPeers(userId);
      } catch (error) {
        await this.db.delete(realtimeConnections).where(eq(realtimeConnections.id, client.id));
        throw error;
      }
    }
    if (socket.readyState !== socket.OPEN) {
      // Closed while we were writing: no 'close' event will come for it any more.
      await this.disconnect(client);
      return;
    }
    this.clients.set(client.id, client);
    let tabs = this.byUser.get(userId);
    if (!tabs) this.byUser.set(userId, (tabs = new Set()));
    tabs.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (raw) => this.onMessage(client, raw.toString()));
    socket.on('close', () => {
      this.clients.delete(client.id);
      const tabs = this.byUser.get(userId);
      tabs?.delete(client);
      if (tabs?.size === 0) this.byUser.delete(userId);
      if (!this.byUser.has(userId) && !this.attaching.has(userId)) this.setPeers(userId, undefined);
      if (this.closing) return;
      this.disconnect(client).catch((error) => this.log.error({ err: error }, 'presence update failed'));
    });
    await this.setPresence(userId, true, now);
    this.send(client, { type: 'hello', userId });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.coalesced.close();
    for (const client of this.clients.values()) client.socket.close(SERVER_RESTARTING, 'server restarting');
    const gone = await this.db
      .delete(realtimeConnections)
      .where(eq(realtimeConnections.instanceId, this.instanceId))
      .returning({ userId: realtimeConnections.userId });
    for (const userId of new Set(gone.map((g) => g.userId))) await this.refreshPresence(userId);
  }

  /**
   * A tab only pings. A ping costs no database write: the sweep records every live
   * connection of this process in one statement. Past MESSAGE_RATE the socket is closed.
   */
  private onMessage(client: Client, raw: string): void {
    const now = Date.now();
    if (now - client.windowStart >= MESSAGE_RATE.windowMs) {
      client.windowStart = now;
      client.received = 0;
    }
    client.received += 1;
    if (client.received > MESSAGE_RATE.max) {
      client.socket.close(TOO_MANY_MESSAGES, 'too many messages');
      return;
    }
    let message: { type?: unknown };
    try {
      message = JSON.parse(raw) as { type?: unknown };
    } catch {
      return;
    }
    if (message.type === 'ping') {
      client.alive = true;
      this.send(client, { type: 'pong' });
    }
  }

  private async disconnect(client: Client): Promise<void> {
    await this.db.delete(realtimeConnections).where(eq(realtimeConnections.id, client.id));
    await this.refreshPresence(client.userId);
  }

  /** The player's connections that pinged recently, on every process. */
  private async liveConnections(userId: string): Promise<number> {
    const cutoff = new Date(Date.now() - STALE_AFTER_MS);
    const [live] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(realtimeConnections)
      .where(and(eq(realtimeConnections.userId, userId), gt(realtimeConnections.lastPing, cutoff)));
    return live?.n ?? 0;
  }

  /** Online while any process holds a live connection of the player. */
  private async refreshPresence(userId: string): Promise<void> {
    await this.setPresence(userId, (await this.liveConnections(userId)) > 0, new Date());
  }

  private async setPresence(userId: string, isOnline: boolean, now: Date): Promise<void> {
    const [row] = await this.db
      .update(users)
      .set({ isOnline, lastSeen: now })
      .where(and(eq(users.id, userId), sql`${users.isOnline} is distinct from ${isOnline}`))
      .returning({ id: users.id });
    if (!row && isOnline) {
      await this.db.update(users).set({ lastSeen: now }).where(eq(users.id, userId));
      return;
    }
    if (row) await this.broadcast({ type: 'presence', userId, isOnline, lastSeen: now.toISOString() });
  }

  /** One slice of the tabs: a tab that did not answer its last ping (SWEEP_EVERY_MS ago) is dropped, the others pinged. */
  private heartbeat(slice: number): void {
    for (const client of this.clients.values()) {
      if (client.slice !== slice) continue;
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  /**
   * Every 30 s, over every slice (the sweeper's ticks do it a slice a second): this process's
   * connections are marked live and their players seen; sockets whose session expired or was
   * revoked by any path are closed; connections of a crashed process go stale and their players
   * offline.
   */
  async sweep(): Promise<void> {
    await this.markSeen([...this.clients.values()], [...this.byUser.keys()], new Date());
    await this.dropStale();
  }

  /** One tick of the sweeper: the tabs of one slice and the players of one slice; the stale rows once a round. */
  private async sweepSlice(slice: number): Promise<void> {
    const tabs = [...this.clients.values()].filter((c) => c.slice === slice);
    const players = [...this.byUser.keys()].filter((userId) => playerSlice(userId) === slice);
    await this.markSeen(tabs, players, new Date());
    if (slice === 0) await this.dropStale();
  }

  /** The tabs' connections live, their ended sessions closed; the players seen (last_seen, play time). */
  private async markSeen(tabs: readonly Client[], players: readonly string[], now: Date): Promise<void> {
    // One array parameter each, not a parameter per tab: one statement text whatever the count.
    if (tabs.length > 0) {
      await this.db
        .update(realtimeConnections)
        .set({ lastPing: now })
        .where(sql`${realtimeConnections.id} = any(${sql.param(tabs.map((c) => c.id))}::uuid[])`);
      await this.closeEndedSessions(tabs, now);
    }
    if (players.length > 0) {
      await this.db
        .update(users)
        .set({ lastSeen: now })
        .where(sql`${users.id} = any(${sql.param(players)}::text[])`);
      this.onPlayersSeen?.(players);
    }
  }

  /** Connections of any process that stopped pinging (a crashed one) are removed, and their players' presence settled. */
  private async dropStale(): Promise<void> {
    const cutoff = new Date(Date.now() - STALE_AFTER_MS);
    const stale = await this.db.delete(realtimeConnections).where(lt(realtimeConnections.lastPing, cutoff)).returning({ userId: realtimeConnections.userId });
    for (const userId of new Set(stale.map((s) => s.userId))) await this.refreshPresence(userId);
  }

  /** Closes the sockets whose session no longer exists or has expired (they reconnect and are refused). */
  private async closeEndedSessions(clients: readonly Client[], now: Date): Promise<void> {
    const sessionIds = [...new Set(clients.map((c) => c.sessionId))];
    const valid = await this.db
      .select({ id: authSession.id })
      .from(authSession)
      .where(and(sql`${authSession.id} = any(${sql.param(sessionIds)}::text[])`, gt(authSession.expiresAt, now)));
    const alive = new Set(valid.map((v) => v.id));
    for (const client of clients) if (!alive.has(client.sessionId)) client.socket.close(SESSION_CHANGED, 'session ended');
  }

  /**
   * Bus messages are queued and written out together after the current I/O callbacks (setImmediate).
   * Each push is serialized and framed once, and every tab gets everything due to it in one socket
   * write: a write per tab per push was the fan-out's cost (at 5,000 tabs, 77% of the server's time
   * was that system call), and lines that arrive while a flush runs share the next one.
   */
  private deliver(message: BusMessage): void {
    if (message.kind === 'blocks-changed') {
      this.blockChanged(message);
      return;
    }
    if (message.kind === 'broadcast') {
      const payload = message.payload;
      // Blocks (issue 25): the tabs of the players in a block with an actor skip the push.
      const actors = payload.type === 'presence' ? [payload.userId] : (message.actors ?? []);
      const push = () => this.enqueue({ kind: 'push', out: encode(payload), except: this.hiddenFromAny(actors) });
      // A player's presence and an invalidation of the same keys by the same actors are coalesced
      // (COALESCE_MS): the last of a burst is delivered, with the blocks as they are then.
      if (payload.type === 'presence') this.coalesced.run(`presence:${payload.userId}`, push);
      else if (payload.type === 'invalidate') this.coalesced.run(`invalidate:${JSON.stringify(payload.queryKeys)}:${actors.join(',')}`, push);
      else push();
      return;
    }
    if (message.kind === 'user') {
      if (this.byUser.has(message.userId)) this.enqueue({ kind: 'push', out: encode(message.payload), userId: message.userId });
    } else this.enqueue(message);
  }

  private enqueue(entry: Queued): void {
    this.queue.push(entry);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.queuedAt = performance.now();
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    const toEveryone = batch.some((q) => q.kind === 'push' && q.userId === undefined);
    // Only broadcasts that no tab skips (no block with an actor): the same pushes for every tab.
    const same =
      toEveryone && batch.every((q) => q.kind === 'push' && q.userId === undefined && q.except === undefined)
        ? batch.map((q) => (q as Extract<Queued, { kind: 'push' }>).out)
        : undefined;
    for (const client of toEveryone ? this.clients.values() : this.addressees(batch)) {
      if (same) this.write(client, same);
      else this.deliverBatch(client, batch);
    }
    this.onFlushed?.(batch.length, (performance.now() - this.queuedAt) / 1000);
  }

  /** The tabs a batch without a broadcast concerns. */
  private addressees(batch: readonly Queued[]): Set<Client> {
    const found = new Set<Client>();
    for (const q of batch) {
      if (q.kind === 'session-ended') {
        for (const client of this.clients.values()) if (client.sessionId === q.sessionId) found.add(client);
      } else if (q.userId !== undefined) for (const client of this.byUser.get(q.userId) ?? []) found.add(client);
    }
    return found;
  }

  /** What of a mixed batch is due to one tab, in order, in one write. */
  private deliverBatch(client: Client, batch: readonly Queued[]): void {
    const due: Buffer[] = [];
    for (const q of batch) {
      if (q.kind === 'push') {
        if ((q.userId === undefined || q.userId === client.userId) && !q.except?.has(client.userId)) due.push(q.out);
      } else if (q.kind === 'session-ended') {
        if (client.sessionId === q.sessionId) {
          this.write(client, [...due, SIGNED_OUT]);
          client.socket.close(4401, 'signed out');
          return;
        }
      } else if (q.userId === client.userId) this.revalidate(client);
    }
    this.write(client, due);
  }

  /** Closes the tab if its session is gone. Reconnectable: a tab whose session was renewed comes back; a revoked one then gets 4401. */
  private revalidate(client: Client): void {
    this.db
      .select({ id: authSession.id })
      .from(authSession)
      .where(eq(authSession.id, client.sessionId))
      .then((rows) => {
        if (rows.length === 0) client.socket.close(SESSION_CHANGED, 'session changed');
      })
      .catch((error) => this.log.error({ err: error }, 'session revalidation failed'));
  }

  /** The players here whose tabs the activity of `actors` must not reach; undefined for none (the common case). */
  private hiddenFromAny(actors: readonly string[]): ReadonlySet<string> | undefined {
    let found: Set<string> | undefined;
    for (const actor of actors) {
      const hidden = this.hiddenFrom.get(actor);
      if (hidden) for (const userId of hidden) (found ??= new Set()).add(userId);
    }
    return found;
  }

  /**
   * A block made is applied at once (a line the blocker says right after it is already filtered);
   * a block lifted reloads both players' peers (the other may still block the one).
   */
  private blockChanged({ blockerId, blockedId, blocked }: Extract<BusMessage, { kind: 'blocks-changed' }>): void {
    for (const [userId, other] of [
      [blockerId, blockedId],
      [blockedId, blockerId],
    ] as const) {
      const current = this.peers.get(userId);
      if (!current && !this.attaching.has(userId)) continue;
      if (blocked && current) this.setPeers(userId, new Set([...current, other]));
      if (!blocked || !current || this.peerLoads.has(userId)) this.loadPeers(userId).catch((error) => this.log.error({ err: error }, 'loading blocks failed'));
    }
  }

  /** Loads the player's peers from the database; resolves once the latest load (a block may change meanwhile) is applied. */
  private loadPeers(userId: string): Promise<void> {
    const load: Promise<void> = this.db
      .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
      .from(blocks)
      .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)))
      .then(
        (rows) => {
          if (this.peerLoads.get(userId) !== load) return;
          this.peerLoads.delete(userId);
          if (this.byUser.has(userId) || this.attaching.has(userId)) this.setPeers(userId, new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId))));
        },
        (error: unknown) => {
          if (this.peerLoads.get(userId) === load) this.peerLoads.delete(userId);
          throw error;
        },
      );
    this.peerLoads.set(userId, load);
    // A later load (a block changed while this one ran) is the one that counts.
    return load.then(() => this.peerLoads.get(userId));
  }

  /** The player's peers (undefined: the player has no tab here any more), and hiddenFrom with them. */
  private setPeers(userId: string, next: ReadonlySet<string> | undefined): void {
    const before = this.peers.get(userId);
    for (const peer of before ?? []) {
      if (next?.has(peer)) continue;
      const hidden = this.hiddenFrom.get(peer);
      hidden?.delete(userId);
      if (hidden?.size === 0) this.hiddenFrom.delete(peer);
    }
    for (const peer of next ?? []) {
      if (before?.has(peer)) continue;
      let hidden = this.hiddenFrom.get(peer);
      if (!hidden) this.hiddenFrom.set(peer, (hidden = new Set()));
      hidden.add(userId);
    }
    if (next) this.peers.set(userId, next);
    else this.peers.delete(userId);
  }

  /** Pushes to one tab, in order, each a text message through ws. */
  private write(client: Client, outs: readonly Buffer[]): void {
    if (outs.length === 0 || client.socket.readyState !== client.socket.OPEN || this.droppedAsSlow(client)) return;
    for (const out of outs) client.socket.send(out, { binary: false });
  }

  /** Drops a tab whose unread backlog passed MAX_BUFFERED_BYTES ('close' then cleans up). */
  private droppedAsSlow(client: Client): boolean {
    const buffered = client.socket.bufferedAmount;
    if (buffered <= MAX_BUFFERED_BYTES) return false;
    if (client.socket.readyState === client.socket.OPEN) {
      this.log.warn({ userId: client.userId, buffered }, 'a tab stopped reading: its socket is dropped (it reconnects and refetches)');
      client.socket.terminate();
    }
    return true;
  }

  /** A message to one tab at once (hello, pong), through ws. */
  private send(client: Client, payload: PushMessage): void {
    if (client.socket.readyState === client.socket.OPEN && !this.droppedAsSlow(client)) client.socket.send(encode(payload), { binary: false });
  }
}
