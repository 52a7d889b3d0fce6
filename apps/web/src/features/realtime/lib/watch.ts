import { MAX_WATCH_BYTES, MAX_WATCHED_KEY_PARTS, MAX_WATCHED_KEYS, MAX_WATCHED_PART_LENGTH, type WatchMessage } from '@rpg/contract';
import type { QueryClient } from '@tanstack/react-query';
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

/** A query as the sender needs it: its key, and its hash (TanStack Query's identity of a key). */
export interface ShownQuery {
  readonly queryKey: readonly unknown[];
  readonly queryHash: string;
}

/**
 * Sends the keys of the queries the tab's screens show: the first change at once (after the
 * current render's other changes), the next at most once per WATCH_INTERVAL_MS, and only when the
 * set changed; `now()` sends at once (the server's `hello`). Hands to `left` each query no screen
 * reads any more whose broadcasts no longer come: those the server was told of, once it is told
 * otherwise, and those a screen read (`read`) since the last check without the server ever being
 * told (a screen open for less than the interval).
 */
export class WatchSender {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSent = Number.NEGATIVE_INFINITY;
  /** The queries the server was last told of, by hash. */
  private told = new Map<string, ShownQuery>();
  /** The queries a screen started reading since the last check, by hash. */
  private readSince = new Map<string, ShownQuery>();

  constructor(
    private readonly send: (message: WatchMessage) => boolean,
    private readonly shown: () => readonly ShownQuery[],
    private readonly left: (query: ShownQuery) => void,
  ) {}

  /** A screen started reading `query`. */
  read(query: ShownQuery): void {
    this.readSince.set(query.queryHash, query);
    this.changed();
  }

  changed(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastSent + WATCH_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => this.check(false), wait);
  }

  now(): void {
    this.stop();
    this.check(true);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private check(always: boolean): void {
    this.timer = null;
    const shown = new Map(this.shown().map((query) => [query.queryHash, query]));
    for (const [hash, query] of this.readSince) if (!shown.has(hash) && !this.told.has(hash)) this.left(query);
    this.readSince.clear();
    const same = shown.size === this.told.size && [...shown.keys()].every((hash) => this.told.has(hash));
    if ((same && !always) || !this.send(watchMessage([...shown.values()].map((query) => query.queryKey)))) return;
    this.lastSent = Date.now();
    for (const [hash, query] of this.told) if (!shown.has(hash)) this.left(query);
    this.told = shown;
  }
}

/**
 * Keeps the server told what the tab's screens show (a query with an observer: a mounted
 * component reads it): when the server greets the socket (`hello`: it listens from then on, after
 * every reconnect too) and whenever a screen starts or stops reading a query. A query no screen
 * reads whose broadcasts stopped is marked stale, and again after any later write to it (a push
 * or an answer that came late), so the screen that shows it again refetches it
 * (docs/decisions/realtime.md, "What a tab holds").
 */
export function sendWatchedKeys(client: Pick<RealtimeClient, 'send' | 'subscribe'>, queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  const stale = (query: ShownQuery) => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
  /** The queries handed to `left` that no screen has read since, by hash. */
  const unwatched = new Set<string>();
  const sender = new WatchSender(
    (message) => client.send(message),
    () => cache.getAll().filter((query) => query.getObserversCount() > 0),
    (query) => {
      unwatched.add(query.queryHash);
      stale(query);
    },
  );
  const offCache = cache.subscribe((event) => {
    const hash = event.query.queryHash;
    if (event.type === 'observerAdded') {
      unwatched.delete(hash);
      sender.read(event.query);
    } else if (event.type === 'observerRemoved') sender.changed();
    else if (event.type === 'removed') {
      unwatched.delete(hash);
      sender.changed();
    }
    // Data written after it was marked (`setQueryData` of a push sent before the server was told, a
    // mutation's answer) is fresh to TanStack Query: marked again.
    else if (event.type === 'updated' && event.action.type === 'success' && unwatched.has(hash) && event.query.getObserversCount() === 0) stale(event.query);
  });
  const offHello = client.subscribe('hello', () => sender.now());
  sender.changed();
  return () => {
    offCache();
    offHello();
    sender.stop();
  };
}
