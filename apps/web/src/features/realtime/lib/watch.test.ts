import { MAX_WATCHED_KEYS, MAX_WATCHED_PART_LENGTH, queryKeys, watchMessageSchema, type WatchMessage } from '@rpg/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeClient } from './realtime-client';
import { sendWatchedKeys, WATCH_INTERVAL_MS, WatchSender, watchMessage, type ShownQuery } from './watch';

/** Issue 29: the tab tells the server which query keys it holds, so broadcasts about others skip it. */
describe('watchMessage', () => {
  it('names each held key once, as the server parses it', () => {
    const message = watchMessage([queryKeys.chat, queryKeys.posts('u1'), queryKeys.chat, queryKeys.moderationLog(2)]);
    expect(watchMessageSchema.parse(message)).toEqual({ type: 'watch', keys: [['chat'], ['posts', 'u1'], ['moderation', 'log']] });
  });

  it('shortens a key at a part too long for the message', () => {
    expect(watchMessage([['social', 'search', 'x'.repeat(MAX_WATCHED_PART_LENGTH + 1)]]).keys).toEqual([['social', 'search']]);
  });

  it('past the limit, sends the keys by their first part only (every broadcast about those screens still comes)', () => {
    const many = Array.from({ length: MAX_WATCHED_KEYS + 1 }, (_, i) => queryKeys.userSearch(`term ${i}`));
    const message = watchMessage([...many, queryKeys.chat]);
    expect(message.keys).toEqual([['social'], ['chat']]);
    expect(watchMessageSchema.safeParse(message).success).toBe(true);
  });
});

describe('WatchSender', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const query = (...key: string[]): ShownQuery => ({ queryKey: key, queryHash: JSON.stringify(key) });

  it('sends the first change after the current turn, then at most once per interval, the whole set each time', () => {
    const sent: WatchMessage[] = [];
    const shown: ShownQuery[] = [query('me')];
    const sender = new WatchSender(
      (m) => (sent.push(m), true),
      () => shown,
      () => undefined,
    );
    shown.push(query('chat'));
    sender.changed();
    shown.push(query('auction', 'mine'));
    sender.changed();
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(sent.map((m) => m.keys)).toEqual([[['me'], ['chat'], ['auction', 'mine']]]);

    shown.pop();
    sender.changed();
    vi.advanceTimersByTime(WATCH_INTERVAL_MS - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent.map((m) => m.keys)).toEqual([
      [['me'], ['chat'], ['auction', 'mine']],
      [['me'], ['chat']],
    ]);
  });

  it('sends nothing when the set is unchanged (a screen left and shown again in one turn), but always on hello', () => {
    const sent: WatchMessage[] = [];
    const shown = [query('chat')];
    const sender = new WatchSender(
      (m) => (sent.push(m), true),
      () => shown,
      () => undefined,
    );
    sender.changed();
    vi.advanceTimersByTime(0);
    sender.changed();
    vi.advanceTimersByTime(WATCH_INTERVAL_MS);
    expect(sent).toHaveLength(1);
    sender.now();
    expect(sent).toHaveLength(2);
  });

  it('hands over the queries that left once the server is told, not before and not when the send failed', () => {
    const left: string[] = [];
    let open = true;
    const shown = [query('me'), query('chat')];
    const sender = new WatchSender(
      () => open,
      () => shown,
      (q) => left.push(q.queryHash),
    );
    sender.now();
    shown.pop();
    open = false;
    sender.now();
    expect(left).toEqual([]);
    open = true;
    sender.now();
    expect(left).toEqual([JSON.stringify(['chat'])]);
  });
});

describe('sendWatchedKeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells the keys the mounted screens read; a query no screen reads leaves the set and is marked stale, so showing it again refetches', async () => {
    const sent: WatchMessage[] = [];
    const hello = new Set<() => void>();
    const client: Pick<RealtimeClient, 'send' | 'subscribe'> = {
      send: (m) => (sent.push(m as WatchMessage), true),
      subscribe: (type, handler) => {
        const greet = () => handler({ type: 'hello' });
        if (type === 'hello') hello.add(greet);
        return () => void hello.delete(greet);
      },
    };
    const queryClient = new QueryClient();
    const off = sendWatchedKeys(client, queryClient);
    const fetchChat = vi.fn(async () => ({ messages: [], muted: [] }));
    queryClient.setQueryData(queryKeys.me, { id: 'u1' });
    const chat = new QueryObserver(queryClient, { queryKey: queryKeys.chat, queryFn: fetchChat, staleTime: 30_000 });
    const unsubscribe = chat.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    // The cached `me` no screen reads is not told; the chat a screen shows is.
    expect(sent.at(-1)?.keys).toEqual([['chat']]);
    expect(fetchChat).toHaveBeenCalledTimes(1);

    unsubscribe();
    await vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS);
    expect(sent.at(-1)?.keys).toEqual([]);
    expect(queryClient.getQueryState(queryKeys.chat)?.isInvalidated).toBe(true);
    expect(fetchChat).toHaveBeenCalledTimes(1);

    // Shown again within its staleTime: fetched again (its broadcasts stopped meanwhile).
    const again = new QueryObserver(queryClient, { queryKey: queryKeys.chat, queryFn: fetchChat, staleTime: 30_000 }).subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS);
    expect(fetchChat).toHaveBeenCalledTimes(2);
    expect(sent.at(-1)?.keys).toEqual([['chat']]);

    for (const handler of hello) handler();
    expect(sent.at(-1)?.keys).toEqual([['chat']]);
    again();
    off();
  });

  function setup() {
    const sent: WatchMessage[] = [];
    const client: Pick<RealtimeClient, 'send' | 'subscribe'> = { send: (m) => (sent.push(m as WatchMessage), true), subscribe: () => () => undefined };
    const queryClient = new QueryClient();
    const off = sendWatchedKeys(client, queryClient);
    const show = (key: string[]) =>
      new QueryObserver(queryClient, { queryKey: key, queryFn: async () => ({ at: Date.now() }), staleTime: 30_000 }).subscribe(() => undefined);
    const isStale = (key: string[]) => queryClient.getQueryState(key)?.isInvalidated;
    return { sent, queryClient, off, show, isStale };
  }

  it('keeps a query no screen reads stale when a push or a late answer writes to it after its broadcasts stopped', async () => {
    const { sent, queryClient, off, show, isStale } = setup();
    const hide = show(['chat']);
    await vi.advanceTimersByTimeAsync(0);
    hide();
    await vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS);
    expect(sent.at(-1)?.keys).toEqual([]);
    // A line the server sent before it read the tab's `watch`: the push handler adds it.
    queryClient.setQueryData(['chat'], { at: 0 });
    expect(isStale(['chat'])).toBe(true);
    // Shown again: fetched, and fresh while shown.
    const again = show(['chat']);
    await vi.advanceTimersByTimeAsync(0);
    expect(isStale(['chat'])).toBe(false);
    queryClient.setQueryData(['chat'], { at: 1 });
    expect(isStale(['chat'])).toBe(false);
    again();
    off();
  });

  it('marks stale a query a screen read for less than the interval, whose broadcasts the server was never told to send', async () => {
    const { sent, off, show, isStale } = setup();
    show(['chat']);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)?.keys).toEqual([['chat']]);
    const hide = show(['posts', 'u1']);
    await vi.advanceTimersByTimeAsync(100);
    hide();
    await vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS);
    // Never told, and the set the server knows is the same: nothing sent, but the posts are stale.
    expect(sent.map((m) => m.keys)).toEqual([[['chat']]]);
    expect(isStale(['posts', 'u1'])).toBe(true);
    expect(isStale(['chat'])).toBe(false);
    off();
  });
});
