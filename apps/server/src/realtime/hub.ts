import type { Duplex } from 'node:stream';
import type { Bus, BusMessage, PushMessage, ReadChange } from './bus.ts';
import { Gateway, type Admission, type Upgrade } from './gateway.ts';
import { Presence } from './presence.ts';
import type { SocketLog } from './socket-errors.ts';
import type { RealtimeStore } from './store.ts';

export { SESSION_CHANGED } from './tabs.ts';
export { COALESCE_MS, MAX_BUFFERED_BYTES } from './delivery.ts';
export { MAX_SOCKETS_PER_PLAYER, MESSAGE_RATE, SERVER_RESTARTING, TOO_MANY_MESSAGES, TOO_MANY_SOCKETS } from './gateway.ts';

/**
 * Where the tabs are served (RPG_GATEWAY): `inline`, the gateway (gateway.ts) in the API process;
 * `process`, in a child process of its own (gateway-fork.ts), so the fan-out to the tabs never
 * takes the event loop that answers requests (docs/decisions/gateway.md).
 */
export type GatewayMode = 'inline' | 'process';

/** The API process's handle on its gateway: the Gateway itself (inline) or its child process (gateway-fork.ts). */
export interface GatewayHandle {
  /** Each bus message, once. */
  receive(message: BusMessage): void;
  /** The socket of an upgrade the API process accepted, and what it decided about it. */
  adopt(upgrade: Upgrade, socket: Duplex, admission: Admission): void;
  /** Whether a socket can be handed over now (false while a gateway process restarts). */
  readonly accepting: boolean;
  readonly connectionCount: number;
  onFlushed: ((pushes: number, lagSeconds: number) => void) | undefined;
  onPlayersSeen: ((userIds: readonly string[]) => void) | undefined;
  start(): void;
  /** Resolves once sockets can be handed over (a gateway process has started), or after `timeoutMs`. */
  started(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
  sweep(): Promise<void>;
  sweepSlice(slice: number): Promise<void>;
}

/** The gateway in this process (RPG_GATEWAY=inline), as a handle. */
export function inlineGateway(store: RealtimeStore, bus: Bus, log: SocketLog): GatewayHandle {
  return new Gateway(store, (message) => bus.publish(message), log);
}

/**
 * Realtime as the routes and jobs see it: pushes go through the bus, so a change made by any
 * process reaches every tab of the player; each bus message reaches this process's gateway once,
 * which delivers it to its own tabs (gateway.ts), inline or in its own process.
 */
export class RealtimeHub {
  private readonly presence: Presence;
  private closing = false;

  constructor(
    private readonly bus: Bus,
    store: RealtimeStore,
    readonly gateway: GatewayHandle,
  ) {
    this.presence = new Presence(store, (payload) => this.broadcast(payload));
    bus.subscribe((message) => {
      // The read caches' own message (services/read-caches.ts): nothing for the tabs.
      if (message.kind !== 'reads-changed') gateway.receive(message);
    });
  }

  get onFlushed(): ((pushes: number, lagSeconds: number) => void) | undefined {
    return this.gateway.onFlushed;
  }

  /** Metrics (/metrics): each flush's pushes and how long the first of them waited, in seconds. */
  set onFlushed(observe: ((pushes: number, lagSeconds: number) => void) | undefined) {
    this.gateway.onFlushed = observe;
  }

  get onPlayersSeen(): ((userIds: readonly string[]) => void) | undefined {
    return this.gateway.onPlayersSeen;
  }

  /** Called after each sweep with the players the gateway holds open tabs of (play time for achievements). */
  set onPlayersSeen(observe: ((userIds: readonly string[]) => void) | undefined) {
    this.gateway.onPlayersSeen = observe;
  }

  get accepting(): boolean {
    return !this.closing && this.gateway.accepting;
  }

  get connectionCount(): number {
    return this.gateway.connectionCount;
  }

  /** Starts the gateway; resolves once it accepts sockets (at most `timeoutMs`: meanwhile an upgrade is answered 503). */
  async start(timeoutMs = 15_000): Promise<void> {
    this.gateway.start();
    await this.gateway.started(timeoutMs);
  }

  /** The player's open tabs on every process (their connections that pinged recently). */
  openTabs(userId: string): Promise<number> {
    return this.presence.liveConnections(userId);
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

  /**
   * Push to every open tab of this process only, not through the bus: for what every process
   * knows by itself at the same moment (the world turning, issue 42), so each tab gets it once.
   */
  broadcastHere(payload: PushMessage): void {
    if (!this.closing) this.gateway.receive({ kind: 'broadcast', payload });
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

  /** Hands an accepted upgrade to the gateway (realtime/upgrade.ts). */
  adopt(upgrade: Upgrade, socket: Duplex, admission: Admission): void {
    this.gateway.adopt(upgrade, socket, admission);
  }

  /** Every tab is told the server restarts (1012) and the gateway's connections settled, while the database is open. */
  async close(): Promise<void> {
    this.closing = true;
    await this.gateway.close();
  }

  /** The sweep over every slice at once (tests). */
  sweep(): Promise<void> {
    return this.gateway.sweep();
  }

  sweepSlice(slice: number): Promise<void> {
    return this.gateway.sweepSlice(slice);
  }
}
