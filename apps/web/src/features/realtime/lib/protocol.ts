/** Messages on /api/realtime are JSON objects with a string `type`. */
export interface RealtimeMessage {
  type: string;
  [field: string]: unknown;
}

export type MessageHandler = (message: RealtimeMessage) => void;

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Back-off between reconnect attempts: 1, 2, 5, then every 10 seconds. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** A socket that has not opened after this long is dropped and retried. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Close codes 4400-4499 are the server's refusals (4401 not signed in or signed out, 4403 foreign
 * origin): retrying would not help, so the client stops until it is started again.
 */
export function isRefusal(code: number): boolean {
  return code >= 4400 && code < 4500;
}

/** Close code for a session that ended (signed out here or elsewhere). */
export const SESSION_ENDED_CODE = 4401;

/** Close code 1012 (Service Restart): the server is restarting; the tab reconnects and refetches. */
export const SERVER_RESTARTING_CODE = 1012;

/**
 * Each delay is stretched by up to this fraction at random, so the tabs a restart closed at once
 * do not all come back in the same instant.
 */
export const RECONNECT_JITTER = 0.25;

/** The back-off (1, 2, 5, 10 s), stretched by `random()` (0 to 1) times the jitter. */
export function reconnectDelay(attempt: number, random: () => number = () => 0): number {
  const index = Math.min(Math.max(attempt, 0), RECONNECT_DELAYS_MS.length - 1);
  const base = RECONNECT_DELAYS_MS[index] ?? 10_000;
  return Math.round(base * (1 + RECONNECT_JITTER * random()));
}

/** ws:// or wss:// by the page's protocol, same host. */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/realtime`;
}

export function parseMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string') {
      return value as RealtimeMessage;
    }
  } catch {
    // Not JSON: ignored.
  }
  return null;
}

/** `{ type: 'invalidate', queryKeys: string[][] }`: the query keys to refetch. */
export function invalidatedKeys(message: RealtimeMessage): string[][] {
  const { queryKeys } = message;
  if (!Array.isArray(queryKeys)) return [];
  return queryKeys.filter((key): key is string[] => Array.isArray(key) && key.length > 0 && key.every((part) => typeof part === 'string'));
}
