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

export function reconnectDelay(attempt: number): number {
  const index = Math.min(Math.max(attempt, 0), RECONNECT_DELAYS_MS.length - 1);
  return RECONNECT_DELAYS_MS[index] ?? 10_000;
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
  return queryKeys.filter(
    (key): key is string[] => Array.isArray(key) && key.length > 0 && key.every((part) => typeof part === 'string'),
  );
}
