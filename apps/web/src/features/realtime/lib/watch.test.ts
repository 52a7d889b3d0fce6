import { MAX_WATCHED_KEYS, MAX_WATCHED_PART_LENGTH, queryKeys, watchMessageSchema, type WatchMessage } from '@rpg/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WATCH_INTERVAL_MS, WatchSender, watchMessage } from './watch';

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

  it('sends the first change after the current turn, then at most once per interval, the whole set each time', () => {
    const sent: WatchMessage[] = [];
    const held: string[][] = [['me']];
    const sender = new WatchSender((m) => (sent.push(m), true), () => held);
    held.push(['chat']);
    sender.changed();
    held.push(['auction', 'mine']);
    sender.changed();
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(sent.map((m) => m.keys)).toEqual([[['me'], ['chat'], ['auction', 'mine']]]);

    held.pop();
    sender.changed();
    vi.advanceTimersByTime(WATCH_INTERVAL_MS - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent.map((m) => m.keys)).toEqual([[['me'], ['chat'], ['auction', 'mine']], [['me'], ['chat']]]);
  });

  it('follows a real query cache: a query added, then removed', async () => {
    const sent: WatchMessage[] = [];
    const queryClient = new QueryClient();
    const cache = queryClient.getQueryCache();
    const sender = new WatchSender((m) => (sent.push(m), true), () => cache.getAll().map((q) => q.queryKey));
    const off = cache.subscribe((event) => {
      if (event.type === 'added' || event.type === 'removed') sender.changed();
    });
    queryClient.setQueryData(queryKeys.chat, { messages: [], muted: [] });
    vi.advanceTimersByTime(0);
    expect(sent.at(-1)?.keys).toEqual([['chat']]);
    queryClient.removeQueries({ queryKey: queryKeys.chat });
    vi.advanceTimersByTime(WATCH_INTERVAL_MS);
    expect(sent.at(-1)?.keys).toEqual([]);
    off();
  });
});
