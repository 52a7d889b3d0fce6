import { MAX_WATCH_BYTES, MAX_WATCHED_KEY_PARTS, MAX_WATCHED_KEYS, MAX_WATCHED_PART_LENGTH, type WatchMessage } from '@rpg/contract';
import type { QueryCache } from '@tanstack/react-query';
import type { RealtimeClient } from './realtime-client';

/** At most one `watch` message a second (the server closes a socket past 20 messages in 10 s). */
export const WATCH_INTERVAL_MS = 1000;

/** A cached query key as `watch` takes it: its leading string parts, each short enough (a shorter key matches more). */
export function watchedKey(key: readonly unknown[]): string[] {
  const parts: string[] = [];
  for (const part of key) {
    if (typeof part !== 'string' || part.length > MAX_WATCHED_PART_LENGTH || parts.length === MAX_WATCHED_KEY_PARTS) break;
    parts.push(part);
  }
  return parts;
}

/**
 * Issue 29: the `watch` message for the keys this tab's cache holds (packages/contract/src/push.ts):
 * each once; past MAX_WATCHED_KEYS or MAX_WATCH_BYTES, only their first parts (every broadcast
 * about a kind of screen the tab holds still comes).
 */
export function watchMessage(keys: readonly (readonly unknown[])[]): WatchMessage {
  const unique = new Map<string, string[]>();
  for (const key of keys) {
    const watched = watchedKey(key);
    if (watched.length > 0) unique.set(JSON.stringify(watched), watched);
  }
  const all = [...unique.values()];
  const fits = all.length <= MAX_WATCHED_KEYS && new TextEncoder().encode(JSON.stringify({ type: 'watch', keys: all })).length <= MAX_WATCH_BYTES;
  return { type: 'watch', keys: fits ? all : [...new Set(all.map((key) => key[0]!))].map((first) => [first]) };
}

/**
 * Sends the tab's held keys: the first change at once (after the current render's other changes),
 * the next at most once per WATCH_INTERVAL_MS; `now()` sends at once.
 */
export class WatchSender {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSent = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly send: (message: WatchMessage) => boolean,
    private readonly keys: () => readonly (readonly unknown[])[],
  ) {}

  changed(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastSent + WATCH_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => this.now(), wait);
  }

  now(): void {
    this.stop();
    if (this.send(watchMessage(this.keys()))) this.lastSent = Date.now();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Keeps the server told what `cache` holds: when the server greets the socket (`hello`: it listens
 * from then on, after every reconnect too) and whenever a query enters or leaves the cache.
 */
export function sendWatchedKeys(client: RealtimeClient, cache: QueryCache): () => void {
  const sender = new WatchSender(
    (message) => client.send(message),
    () => cache.getAll().map((query) => query.queryKey),
  );
  const offCache = cache.subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed') sender.changed();
  });
  const offHello = client.subscribe('hello', () => sender.now());
  sender.changed();
  return () => {
    offCache();
    offHello();
    sender.stop();
  };
}
