import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import { authSession, blocks, realtimeConnections, users } from '../db/schema/index.ts';
import type { Bus, BusMessage, PushMessage } from './bus.ts';
import { directSocket, outgoing, writeFrames, type Outgoing } from './frames.ts';

type PresencePush = Extract<PushMessage, { type: 'presence' }>;

/** A connection counts as live while it pinged within this window. */
const STALE_AFTER_MS = 90_000;
const SWEEP_EVERY_MS = 30_000;
/**
 * The heartbeat and the sweep go over the tabs a slice at a time, one slice a second, so each tab is
 * pinged, and its connection and session checked, once per SWEEP_EVERY_MS, and each player seen once:
 * done for 5,000 tabs at once, they held the event loop (~150 ms of pings) and the database (5,000
 * rows and ~420 play-time transactions) every 30 s, and chat lines and requests waited behind them
 * (docs/performance.md, the global chat).
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
/** Close code (1012 Service Restart): the server is restarting; the tab reconnects soon, with jitter, and refetches. */
export const SERVER_RESTARTING = 1012;
/** Open sockets one player may hold across every process (tabs and devices together). */
export const MAX_SOCKETS_PER_PLAYER = 12;
/** What a tab may send: it only pings (every 30 s), so 20 messages in 10 seconds is generous. */
export const MESSAGE_RATE = { max: 20, windowMs: 10_000 };

/** A bus message waiting for the next flush. A push goes to every tab, or to one player's (`userId`), minus `except`'s. */
type Queued =
  | { kind: 'push'; out: Outgoing; userId?: string; except?: ReadonlySet<string> }
  | { kind: 'session-ended'; sessionId: string }
  | { kind: 'revalidate-user'; userId: string };

const SIGNED_OUT = outgoing({ type: 'signed-out' });

interface Client {
  id: string;
  socket: WebSocket;
  /** The socket under it, for writing whole frames (see directSocket). */
  raw: Duplex | undefined;
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

  /** Push to every open tab of every player. */
  broadcast(payload: PushMessage): Promise<void> {
    return this.bus.publish({ kind: 'broadcast', payload });
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
    const slice = this.joinSlice;
    this.joinSlice = (slice + 1) % HEARTBEAT_SLICES;
    const client: Client = { id: randomUUID(), socket, raw: directSocket(socket), userId, sessionId, alive: true, slice, received: 0, windowStart: Date.now() };
    const now = new Date();
    await this.db.insert(realtimeConnections).values({ id: client.id, userId, instanceId: this.instanceId, lastPing: now });
    if ((await this.liveConnections(userId)) > MAX_SOCKETS_PER_PLAYER) {
      await this.db.delete(realtimeConnections).where(eq(realtimeConnections.id, client.id));
      socket.close(TOO_MANY_SOCKETS, 'too many open tabs');
      return;
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
      if (this.closing) return;
      this.disconnect(client).catch((error) => this.log.error({ err: error }, 'presence update failed'));
    });
    await this.setPresence(userId, true, now);
    this.send(client, { type: 'hello', userId });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
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
    if (message.kind === 'broadcast' && message.payload.type === 'presence') {
      this.deliverPresence(message.payload).catch((error) => this.log.error({ err: error }, 'presence delivery failed'));
      return;
    }
    if (message.kind === 'broadcast') this.enqueue({ kind: 'push', out: outgoing(message.payload) });
    else if (message.kind === 'user') {
      if (this.byUser.has(message.userId)) this.enqueue({ kind: 'push', out: outgoing(message.payload), userId: message.userId });
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
    // Only broadcasts to all: the same bytes for every tab, joined once.
    const joined =
      toEveryone && batch.every((q) => q.kind === 'push' && q.userId === undefined && !q.except)
        ? Buffer.concat(batch.map((q) => (q as Extract<Queued, { kind: 'push' }>).out.frame))
        : undefined;
    const outs = joined ? batch.map((q) => (q as Extract<Queued, { kind: 'push' }>).out) : [];
    for (const client of toEveryone ? this.clients.values() : this.addressees(batch)) {
      if (joined) this.write(client, outs, joined);
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
    const due: Outgoing[] = [];
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

  /** A player's presence reaches every tab but those of the players they blocked (one look-up per change). */
  private async deliverPresence(payload: PresencePush): Promise<void> {
    if (this.byUser.size === 0) return;
    const hidden = await this.db
      .select({ blockedId: blocks.blockedId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, payload.userId), sql`${blocks.blockedId} = any(${sql.param([...this.byUser.keys()])}::text[])`));
    this.enqueue({ kind: 'push', out: outgoing(payload), except: hidden.length > 0 ? new Set(hidden.map((h) => h.blockedId)) : undefined });
  }

  /** Frames to one tab in one write (`joined`: the same frames already concatenated). */
  private write(client: Client, outs: readonly Outgoing[], joined?: Buffer): void {
    writeFrames(client.socket, client.raw, outs, joined);
  }

  /** A message to one tab at once (hello, pong), through ws. */
  private send(client: Client, payload: PushMessage): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(Buffer.from(JSON.stringify(payload)), { binary: false });
  }
}
