import {
  CONNECT_TIMEOUT_MS,
  HEARTBEAT_INTERVAL_MS,
  isRefusal,
  parseMessage,
  reconnectDelay,
  type ConnectionState,
  type MessageHandler,
  type RealtimeMessage,
} from './protocol';

/** The part of WebSocket the client uses; tests pass a fake. */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;
type Timer = ReturnType<typeof setTimeout>;

/**
 * One WebSocket with reconnect back-off, a heartbeat, and handlers by message type.
 * Handlers stay registered across reconnects. `*` receives every message.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private running = false;
  private attempt = 0;
  private hasOpened = false;
  private state: ConnectionState = 'closed';
  private reconnectTimer: Timer | null = null;
  private connectTimer: Timer | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private readonly handlers = new Map<string, Set<MessageHandler>>();
  private readonly stateListeners = new Set<() => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly refusalListeners = new Set<(code: number) => void>();

  constructor(
    private readonly url: string,
    private readonly createSocket: (url: string) => SocketLike = (target) => new WebSocket(target),
    /** The jitter's source (0 to 1); tests pass a fixed one. */
    private readonly random: () => number = Math.random,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.attempt = 0;
    this.hasOpened = false;
    this.clearTimers();
    this.dropSocket();
    this.setState('closed');
  }

  /** Skips the remaining back-off (e.g. when the browser comes back online). */
  reconnectNow(): void {
    if (!this.running || this.state === 'open' || this.state === 'connecting') return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  send(message: RealtimeMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  subscribe = (type: string, handler: MessageHandler): (() => void) => {
    const set = this.handlers.get(type) ?? new Set<MessageHandler>();
    set.add(handler);
    this.handlers.set(type, set);
    return () => void set.delete(handler);
  };

  onStateChange = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  };

  /** Called when the socket opens again after a drop: pushes may have been missed. */
  onReconnect = (listener: () => void): (() => void) => {
    this.reconnectListeners.add(listener);
    return () => void this.reconnectListeners.delete(listener);
  };

  /** Called when the server refuses the socket (close code 4400-4499); the client then stops. */
  onRefused = (listener: (code: number) => void): (() => void) => {
    this.refusalListeners.add(listener);
    return () => void this.refusalListeners.delete(listener);
  };

  getState = (): ConnectionState => this.state;

  private connect(): void {
    this.setState(this.attempt === 0 && !this.hasOpened ? 'connecting' : 'reconnecting');
    const socket = this.createSocket(this.url);
    this.socket = socket;
    this.connectTimer = setTimeout(() => this.handleClose(socket), CONNECT_TIMEOUT_MS);
    socket.onopen = () => this.handleOpen(socket);
    socket.onmessage = (event) => this.dispatch(parseMessage(event.data));
    socket.onclose = (event) => this.handleClose(socket, event.code);
    socket.onerror = () => undefined; // a close event follows
  }

  private handleOpen(socket: SocketLike): void {
    if (socket !== this.socket) return;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    const reopened = this.hasOpened;
    this.attempt = 0;
    this.hasOpened = true;
    this.setState('open');
    this.heartbeatTimer = setInterval(() => this.send({ type: 'ping' }), HEARTBEAT_INTERVAL_MS);
    if (reopened) for (const listener of this.reconnectListeners) listener();
  }

  private handleClose(socket: SocketLike, code = 1006): void {
    if (socket !== this.socket) return;
    this.clearTimers();
    this.dropSocket();
    if (!this.running) return;
    if (isRefusal(code)) {
      this.stop();
      for (const listener of this.refusalListeners) listener(code);
      return;
    }
    // A restart (1012) or a drop: back off with jitter, then refetch on open (onReconnect).
    const delay = reconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    this.setState('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private dispatch(message: RealtimeMessage | null): void {
    if (!message) return;
    const targets = [...(this.handlers.get(message.type) ?? []), ...(this.handlers.get('*') ?? [])];
    for (const handler of targets) {
      try {
        handler(message);
      } catch (error) {
        console.error(`Realtime handler for "${message.type}" failed`, error);
      }
    }
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
    try {
      socket.close(1000, 'client closing');
    } catch {
      // Already closed.
    }
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.reconnectTimer = this.connectTimer = this.heartbeatTimer = null;
  }

  private setState(next: ConnectionState): void {
    if (this.state === next) return;
    this.state = next;
    for (const listener of this.stateListeners) listener();
  }
}
