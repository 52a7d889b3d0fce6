import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import { authSession, blocks, realtimeConnections, users } from '../db/schema/index.ts';
import type { Bus, BusMessage, PushMessage } from './bus.ts';

type PresencePush = Extract<PushMessage, { type: 'presence' }>;

/** A connection counts as live while it pinged within this window. */
const STALE_AFTER_MS = 90_000;
const SWEEP_EVERY_MS = 30_000;
/** Close code: the socket's session is gone; reconnect to find out whether the tab is still signed in. */
export const SESSION_CHANGED = 4000;
/** Close code (a refusal: the tab does not reconnect): the player already has MAX_SOCKETS_PER_PLAYER open. */
export const TOO_MANY_SOCKETS = 4429;
/** Close code (policy violation; the tab reconnects after its back-off): more messages than MESSAGE_RATE allows. */
export const TOO_MANY_MESSAGES = 1008;
/** Open sockets one player may hold across every process (tabs and devices together). */
export const MAX_SOCKETS_PER_PLAYER = 12;
/** What a tab may send: it only pings (every 30 s), so 20 messages in 10 seconds is generous. */
export const MESSAGE_RATE = { max: 20, windowMs: 10_000 };

interface Client {
  id: string;
  socket: WebSocket;
  userId: string;
  sessionId: string;
  alive: boolean;
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
  private sweeper: NodeJS.Timeout | undefined;
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
      this.heartbeat();
      this.sweep().catch((error) => this.log.error({ err: error }, 'presence sweep failed'));
    }, SWEEP_EVERY_MS);
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
    const client: Client = { id: randomUUID(), socket, userId, sessionId, alive: true, received: 0, windowStart: Date.now() };
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
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (raw) => this.onMessage(client, raw.toString()));
    socket.on('close', () => {
      this.clients.delete(client.id);
      if (this.closing) return;
      this.disconnect(client).catch((error) => this.log.error({ err: error }, 'presence update failed'));
    });
    await this.setPresence(userId, true, now);
    this.send(client, { type: 'hello', userId });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const client of this.clients.values()) client.socket.close(1001, 'server shutting down');
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

  private heartbeat(): void {
    for (const client of this.clients.values()) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  /**
   * Every 30 s: this process's connections are marked live and their players seen (one
   * statement each, however many tabs); sockets whose session expired or was revoked by
   * any path are closed; connections of a crashed process go stale and their players offline.
   */
  async sweep(): Promise<void> {
    const now = new Date();
    const cutoff = new Date(now.getTime() - STALE_AFTER_MS);
    const mine = [...this.clients.values()];
    if (mine.length > 0) {
      await this.db
        .update(realtimeConnections)
        .set({ lastPing: now })
        .where(inArray(realtimeConnections.id, mine.map((c) => c.id)));
      await this.db
        .update(users)
        .set({ lastSeen: now })
        .where(inArray(users.id, [...new Set(mine.map((c) => c.userId))]));
      await this.closeEndedSessions(mine, now);
      this.onPlayersSeen?.([...new Set(mine.map((c) => c.userId))]);
    }
    const stale = await this.db.delete(realtimeConnections).where(lt(realtimeConnections.lastPing, cutoff)).returning({ userId: realtimeConnections.userId });
    for (const userId of new Set(stale.map((s) => s.userId))) await this.refreshPresence(userId);
  }

  /** Closes the sockets whose session no longer exists or has expired (they reconnect and are refused). */
  private async closeEndedSessions(clients: readonly Client[], now: Date): Promise<void> {
    const sessionIds = [...new Set(clients.map((c) => c.sessionId))];
    const valid = await this.db
      .select({ id: authSession.id })
      .from(authSession)
      .where(and(inArray(authSession.id, sessionIds), gt(authSession.expiresAt, now)));
    const alive = new Set(valid.map((v) => v.id));
    for (const client of clients) if (!alive.has(client.sessionId)) client.socket.close(SESSION_CHANGED, 'session ended');
  }

  private deliver(message: BusMessage): void {
    if (message.kind === 'broadcast' && message.payload.type === 'presence') {
      this.deliverPresence(message.payload).catch((error) => this.log.error({ err: error }, 'presence delivery failed'));
      return;
    }
    // Serialized and encoded once per message, not once per socket: a broadcast (a chat line) reaches every tab.
    let serialized: Buffer | undefined;
    const data = (payload: PushMessage) => (serialized ??= Buffer.from(JSON.stringify(payload)));
    for (const client of this.clients.values()) {
      if (message.kind === 'broadcast') this.sendSerialized(client, data(message.payload));
      else if (message.kind === 'user' && client.userId === message.userId) this.sendSerialized(client, data(message.payload));
      else if (message.kind === 'session-ended' && client.sessionId === message.sessionId) this.signOut(client);
      else if (message.kind === 'revalidate-user' && client.userId === message.userId) {
        this.db
          .select({ id: authSession.id })
          .from(authSession)
          .where(eq(authSession.id, client.sessionId))
          .then((rows) => {
            // Reconnectable: a tab whose session was renewed comes back; a revoked one then gets 4401.
            if (rows.length === 0) client.socket.close(SESSION_CHANGED, 'session changed');
          })
          .catch((error) => this.log.error({ err: error }, 'session revalidation failed'));
      }
    }
  }

  /** A player's presence reaches every tab but those of the players they blocked (one look-up per change). */
  private async deliverPresence(payload: PresencePush): Promise<void> {
    const userIds = [...new Set([...this.clients.values()].map((c) => c.userId))];
    if (userIds.length === 0) return;
    const hidden = await this.db
      .select({ blockedId: blocks.blockedId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, payload.userId), inArray(blocks.blockedId, userIds)));
    const blocked = new Set(hidden.map((h) => h.blockedId));
    for (const client of this.clients.values()) if (!blocked.has(client.userId)) this.send(client, payload);
  }

  private signOut(client: Client): void {
    this.send(client, { type: 'signed-out' });
    client.socket.close(4401, 'signed out');
  }

  private send(client: Client, payload: PushMessage): void {
    this.sendSerialized(client, Buffer.from(JSON.stringify(payload)));
  }

  /** A text frame of UTF-8 bytes (the same bytes for every socket of a broadcast: ws does not copy them). */
  private sendSerialized(client: Client, data: Buffer): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(data, { binary: false });
  }
}
