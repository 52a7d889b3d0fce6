import WebSocket from 'ws';
import type { TestClient } from './client.ts';

export type Push = Record<string, unknown> & { type: string };

export interface Socket {
  ws: WebSocket;
  /** Every message received so far, oldest first. */
  messages: Push[];
  /** The close code: 4401 without a session, 4403 from a foreign page, ... */
  closed: Promise<{ code: number }>;
  /** The first message of the type that `match` accepts, received already or later. */
  waitFor(type: string, match?: (m: Push) => boolean, timeoutMs?: number): Promise<Push>;
  /** The first message of the type received after this call. */
  next(type: string, timeoutMs?: number): Promise<Push>;
  close(): void;
}

interface ConnectOptions {
  /** The page the socket is opened from (the game's own by default). */
  origin?: string;
  /** How long waitFor and next wait by default, in ms. */
  timeoutMs?: number;
}

/** A realtime tab as a browser opens it: the player's cookie (none: anonymous) and the page's origin. */
export function connectSocket(baseUrl: string, client?: TestClient, { origin = baseUrl, timeoutMs = 5000 }: ConnectOptions = {}): Socket {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/realtime`, {
    headers: { origin, ...(client ? { cookie: client.cookieHeader() } : {}) },
  });
  const messages: Push[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()) as Push);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  const waitFor: Socket['waitFor'] = (type, match = () => true, ms = timeoutMs) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} message; got ${JSON.stringify(messages)}`)), ms);
      const check = () => {
        const found = messages.find((m) => m.type === type && match(m));
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  return {
    ws,
    messages,
    closed,
    waitFor,
    next(type, ms) {
      const seen = messages.length;
      return waitFor(type, (m) => messages.indexOf(m) >= seen, ms);
    },
    close: () => ws.close(),
  };
}

/** A tab of the player, once the server has greeted it ('hello'). */
export async function openSocket(baseUrl: string, client: TestClient, options?: ConnectOptions): Promise<Socket> {
  const socket = connectSocket(baseUrl, client, options);
  await socket.waitFor('hello');
  return socket;
}
