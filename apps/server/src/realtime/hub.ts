import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import { authSession, realtimeConnections, users } from '../db/schema/index.ts';
import type { Bus, BusMessage, PushMessage } from './bus.ts';

/** A connection counts as live while it pinged within this window. */
const STALE_AFTER_MS = 90_000;
const SWEEP_EVERY_MS = 30_000;
/** Close code: the socket's session is gone; reconnect to find out whether the tab is still signed in. */
export const SESSION_CHANGED = 4000;

interface Client {
  id: string;
  socket: WebSocket;
  userId: string;
  sessionId: string;
  alive: boolean;
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

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: { error(o: object, m?: string): void },
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

  async attach(socket: WebSocket, userId: string, sessionId: string): Promise<void> {
    const client: Client = { id: randomUUID(), socket, userId, sessionId, alive: true };
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
    const now = new Date();
    await this.db.insert(realtimeConnections).values({ id: client.id, userId, instanceId: this.instanceId, lastPing: now });
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

  private onMessage(client: Client, raw: string): void {
    let message: { type?: unknown };
    try {
      message = JSON.parse(raw) as { type?: unknown };
    } catch {
      return;
    }
    if (message.type === 'ping') {
      client.alive = true;
      this.send(client, { type: 'pong' });
      const now = new Date();
      this.db
        .update(realtimeConnections)
        .set({ lastPing: now })
        .where(eq(realtimeConnections.id, client.id))
        .then(() => this.db.update(users).set({ lastSeen: now }).where(eq(users.id, client.userId)))
        .catch((error) => this.log.error({ err: error }, 'ping update failed'));
    }
  }

  private async disconnect(client: Client): Promise<void> {
    await this.db.delete(realtimeConnections).where(eq(realtimeConnections.id, client.id));
    await this.refreshPresence(client.userId);
  }

  /** Online while any process holds a live connection of the player. */
  private async refreshPresence(userId: string): Promise<void> {
    const cutoff = new Date(Date.now() - STALE_AFTER_MS);
    const [live] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(realtimeConnections)
      .where(and(eq(realtimeConnections.userId, userId), gt(realtimeConnections.lastPing, cutoff)));
    await this.setPresence(userId, (live?.n ?? 0) > 0, new Date());
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

  /** Connections of a crashed process go stale; their players go offline. */
  private async sweep(): Promise<void> {
    const cutoff = new Date(Date.now() - STALE_AFTER_MS);
    const mine = [...this.clients.keys()];
    if (mine.length > 0) {
      await this.db
        .update(realtimeConnections)
        .set({ lastPing: new Date() })
        .where(sql`${realtimeConnections.id} in ${mine}`);
    }
    const stale = await this.db.delete(realtimeConnections).where(lt(realtimeConnections.lastPing, cutoff)).returning({ userId: realtimeConnections.userId });
    for (const userId of new Set(stale.map((s) => s.userId))) await this.refreshPresence(userId);
  }

  private deliver(message: BusMessage): void {
    for (const client of this.clients.values()) {
      if (message.kind === 'broadcast') this.send(client, message.payload);
      else if (message.kind === 'user' && client.userId === message.userId) this.send(client, message.payload);
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

  private signOut(client: Client): void {
    this.send(client, { type: 'signed-out' });
    client.socket.close(4401, 'signed out');
  }

  private send(client: Client, payload: PushMessage): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(payload));
  }
}
