import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { BusMessage } from './bus.ts';
import { settleGone, type Admission, type Upgrade } from './gateway.ts';
import type { GatewayHandle } from './hub.ts';
import { Channel } from './ipc.ts';
import { Presence } from './presence.ts';
import type { SocketLog } from './socket-errors.ts';
import { serveStore, type RealtimeStore } from './store.ts';

/** How long a close waits for the gateway process to close its tabs before it is killed. */
const CLOSE_WAIT_MS = 3_000;
/** Restarts after a crash: the first wait, doubled each crash up to the cap; reset once a process lived RESTART_RESET_MS. */
const RESTART_FIRST_MS = 100;
const RESTART_MAX_MS = 5_000;
const RESTART_RESET_MS = 30_000;

/**
 * The gateway's process (gateway-process.ts): the bundle's own small entry (dist/gateway.js, built
 * by scripts/build-server.mjs, which defines RPG_SERVER_BUNDLE), or the source through tsx.
 */
export function gatewayEntry(): { file: string; execArgv: string[] } {
  if (process.env.RPG_SERVER_BUNDLE) return { file: path.join(import.meta.dirname, '../../dist/gateway.js'), execArgv: ['--enable-source-maps'] };
  return { file: path.join(import.meta.dirname, 'gateway-process.ts'), execArgv: ['--import', 'tsx'] };
}

/** What the gateway process tells the API process besides requests and replies. */
type GatewayEvent =
  | { t: 'ready' }
  | { t: 'count'; n: number }
  | { t: 'flushed'; pushes: number; lag: number }
  | { t: 'seen'; userIds: string[] }
  | { t: 'log'; level: 'error' | 'warn' | 'info'; obj: object; msg?: string };

/**
 * RPG_GATEWAY=process: the gateway in a child process. The API process accepts each upgrade on its
 * own port (rate limit, origin, session: upgrade.ts) and passes the socket's handle to the child
 * with the request's URL, headers and head (`child.send(message, socket)`); the child completes the
 * handshake and owns the socket from then on. Each bus message is sent to the child once; the
 * child's reads and writes (store.ts) and its publishes come back as requests, run here.
 *
 * A crash of the child: its tabs' connections drop (they reconnect, after their back-off, to the
 * next child), its rows are removed here and their players' presence settled, and a new child is
 * started (RESTART_FIRST_MS, doubling). Meanwhile an upgrade is answered 503 (the tab retries).
 */
export class ForkedGateway implements GatewayHandle {
  private child: ChildProcess | undefined;
  private channel: Channel | undefined;
  private instanceId = '';
  private ready = false;
  private count = 0;
  private closing = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private startedAt = 0;
  /** A crashed child's rows being removed (a close waits for it). */
  private settling: Promise<void> = Promise.resolve();
  private readonly presence: Presence;
  /** Waiting for the next child to be ready (`started`). */
  private onReady: Array<() => void> = [];
  onFlushed: ((pushes: number, lagSeconds: number) => void) | undefined;
  onPlayersSeen: ((userIds: readonly string[]) => void) | undefined;

  constructor(
    private readonly store: RealtimeStore,
    private readonly publish: (message: BusMessage) => Promise<void>,
    private readonly log: SocketLog,
    private readonly entry = gatewayEntry(),
  ) {
    this.presence = new Presence(store, (payload) => publish({ kind: 'broadcast', payload }));
  }

  get accepting(): boolean {
    return this.ready && !this.closing;
  }

  get connectionCount(): number {
    return this.count;
  }

  /** The child's pid (tests, logs); undefined while none runs. */
  get pid(): number | undefined {
    return this.ready ? this.child?.pid : undefined;
  }

  start(): void {
    this.spawn();
  }

  /** Resolves once a child is ready, or after `timeoutMs` (a child that cannot start is logged and restarted). */
  started(timeoutMs: number): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.onReady.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  receive(message: BusMessage): void {
    if (this.ready) this.sendToChild({ t: 'bus', m: message });
  }

  adopt(upgrade: Upgrade, socket: Duplex, admission: Admission): void {
    const child = this.child;
    if (!this.ready || !child?.connected) {
      socket.destroy();
      return;
    }
    // Sent as a socket of no server: Node otherwise counts it as the HTTP server's connection held
    // by the child, and the server's close then waits for the child to say its sockets closed; once
    // that child has exited (a crash, or a closed gateway), it waits forever (the stop hung to its
    // deadline). That wait is a Node bug (net.Server's close with no child left to ask; the same
    // code in Node 22 to 26): clearing `server` is the one write to a field Node does not publish,
    // made only with RPG_GATEWAY=process (docs/decisions/gateway.md). The handle goes to the child; this process's Socket object, without it, is destroyed
    // once sent (the server stops counting it).
    const sent = socket as Socket & { server?: unknown };
    sent.server = null;
    child.send({ t: 'socket', upgrade, admission }, sent, () => socket.destroy());
  }

  sweep(): Promise<void> {
    return this.ready && this.channel ? this.channel.call('sweep') : Promise.resolve();
  }

  sweepSlice(slice: number): Promise<void> {
    return this.ready && this.channel ? this.channel.call('sweepSlice', slice) : Promise.resolve();
  }

  /**
   * The child closes its tabs (1012) and settles its rows, then exits. A child that does not answer
   * within CLOSE_WAIT_MS is killed and its rows settled here; after a crash there is no child to
   * wait for (nor a restart).
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    const channel = this.channel;
    if (child && channel && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([
        channel.call('close').then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CLOSE_WAIT_MS))),
      ]);
      clearTimeout(timer);
      if (child.connected) child.disconnect();
      if (!closed) child.kill('SIGKILL');
      await exited;
      if (!closed)
        await settleGone(this.store, this.presence, this.instanceId).catch((error: unknown) => this.log.error({ err: error }, 'presence update failed'));
    }
    await this.settling;
  }

  private spawn(): void {
    this.instanceId = randomUUID();
    this.startedAt = Date.now();
    const child = fork(this.entry.file, [], {
      execArgv: this.entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, RPG_GATEWAY_INSTANCE: this.instanceId },
    });
    const send = (message: object) => {
      if (!child.connected) return false;
      child.send(message);
      return true;
    };
    const channel = new Channel(send, (op, args) => this.serve(op, args));
    this.child = child;
    this.channel = channel;
    child.on('message', (message) => {
      if (!channel.receive(message)) this.onEvent(message as GatewayEvent);
    });
    child.on('error', (error) => this.log.error({ err: error }, 'realtime gateway process error'));
    child.once('exit', (code, signal) => this.exited(child, channel, code, signal));
  }

  private serve(op: string, args: unknown): Promise<unknown> {
    if (op === 'publish') return this.publish(args as BusMessage);
    return serveStore(this.store, op, args) ?? Promise.reject(new Error(`unknown gateway request ${op}`));
  }

  private onEvent(event: GatewayEvent): void {
    if (event.t === 'ready') {
      this.ready = true;
      this.onReady.splice(0).forEach((wake) => wake());
      this.log.info({ gatewayPid: this.child?.pid }, 'realtime gateway process ready');
    } else if (event.t === 'count') this.count = event.n;
    else if (event.t === 'flushed') this.onFlushed?.(event.pushes, event.lag);
    else if (event.t === 'seen') this.onPlayersSeen?.(event.userIds);
    else if (event.t === 'log') this.log[event.level](event.obj, event.msg);
  }

  private exited(child: ChildProcess, channel: Channel, code: number | null, signal: NodeJS.Signals | null): void {
    channel.disconnected();
    if (child !== this.child) return;
    this.ready = false;
    this.count = 0;
    if (this.closing) return;
    this.log.error({ code, signal }, 'the realtime gateway process exited: restarting it (its tabs reconnect)');
    const instanceId = this.instanceId;
    this.settling = settleGone(this.store, this.presence, instanceId).catch((error: unknown) => this.log.error({ err: error }, 'presence update failed'));
    if (Date.now() - this.startedAt > RESTART_RESET_MS) this.attempt = 0;
    const delay = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** this.attempt++);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (!this.closing) this.spawn();
    }, delay);
    this.restartTimer.unref();
  }

  private sendToChild(message: object): void {
    const child = this.child;
    if (!child?.connected) return;
    try {
      child.send(message);
    } catch (error) {
      this.log.warn({ err: error }, 'sending to the realtime gateway process failed');
    }
  }
}
