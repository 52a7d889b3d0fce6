import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidatedKeys, realtimeUrl, reconnectDelay } from './protocol';
import { RealtimeClient, type SocketLike } from './realtime-client';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  readyState = 0;
  sent: string[] = [];
  closed = false;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  receive(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const client = new RealtimeClient(
    'ws://test/api/realtime',
    () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    () => 0,
  );
  const last = () => sockets[sockets.length - 1]!;
  return { client, sockets, last };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('spec 01 section 9: realtime reconnect back-off 1, 2, 5, 10 s', () => {
  it('computes the delays, capped at 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map((attempt) => reconnectDelay(attempt))).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });

  it('reconnects after each drop with growing delays, and resets after a successful open', () => {
    const { client, sockets, last } = setup();
    client.start();
    expect(client.getState()).toBe('connecting');
    last().drop();
    expect(client.getState()).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(client.getState()).toBe('open');
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('drops a socket that does not open within 10 s and retries', () => {
    const { client, sockets } = setup();
    client.start();
    vi.advanceTimersByTime(10_000);
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('stops for good on stop()', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().open();
    client.stop();
    expect(last().closed).toBe(true);
    expect(client.getState()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('realtime heartbeat and messages', () => {
  it("sends {type:'ping'} every 30 s while open", () => {
    const { client, last } = setup();
    client.start();
    last().open();
    vi.advanceTimersByTime(30_000);
    expect(last().sent).toEqual([JSON.stringify({ type: 'ping' })]);
    vi.advanceTimersByTime(30_000);
    expect(last().sent).toHaveLength(2);
  });

  it('delivers messages to the subscribers of their type until they unsubscribe', () => {
    const { client, last } = setup();
    const presence = vi.fn();
    const everything = vi.fn();
    const off = client.subscribe('presence', presence);
    client.subscribe('*', everything);
    client.start();
    last().open();
    last().receive({ type: 'presence', userId: 'u2', isOnline: true, lastSeen: null });
    last().receive({ type: 'other' });
    expect(presence).toHaveBeenCalledTimes(1);
    expect(presence).toHaveBeenCalledWith({ type: 'presence', userId: 'u2', isOnline: true, lastSeen: null });
    expect(everything).toHaveBeenCalledTimes(2);
    off();
    last().receive({ type: 'presence', userId: 'u2', isOnline: false, lastSeen: 'now' });
    expect(presence).toHaveBeenCalledTimes(1);
  });

  it('keeps subscriptions across reconnects and reports the reconnect', () => {
    const { client, last } = setup();
    const handler = vi.fn();
    const reconnected = vi.fn();
    client.subscribe('invalidate', handler);
    client.onReconnect(reconnected);
    client.start();
    last().open();
    expect(reconnected).not.toHaveBeenCalled();
    last().drop();
    vi.advanceTimersByTime(1_000);
    last().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
    last().receive({ type: 'invalidate', queryKeys: [['me']] });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reads only well-formed query keys from invalidate messages', () => {
    expect(invalidatedKeys({ type: 'invalidate', queryKeys: [['me'], ['characters', 'c1'], [], [1], 'x'] })).toEqual([['me'], ['characters', 'c1']]);
    expect(invalidatedKeys({ type: 'invalidate' })).toEqual([]);
  });

  it('uses wss on https pages', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'rpg.example' })).toBe('wss://rpg.example/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/realtime');
  });
});

describe('server refusals', () => {
  it('stops reconnecting after close code 4401 and reports it', () => {
    const { client, sockets, last } = setup();
    const refused = vi.fn();
    client.onRefused(refused);
    client.start();
    last().open();
    last().readyState = 3;
    last().onclose?.({ code: 4401 } as CloseEvent);
    expect(refused).toHaveBeenCalledWith(4401);
    expect(client.getState()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('issue 28: reconnects after a server restart (1012) with jitter, and reports the reconnect so the tab refetches', () => {
    const sockets: FakeSocket[] = [];
    const client = new RealtimeClient(
      'ws://test/api/realtime',
      () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      () => 1,
    );
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.start();
    sockets[0]!.open();
    sockets[0]!.readyState = 3;
    sockets[0]!.onclose?.({ code: 1012 } as CloseEvent);
    expect(client.getState()).toBe('reconnecting');
    // 1 s stretched by the full jitter (25%).
    vi.advanceTimersByTime(1_249);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect([0, 0.5, 1].map((r) => reconnectDelay(3, () => r))).toEqual([10_000, 11_250, 12_500]);
  });

  it('keeps reconnecting after an abnormal close (1006)', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().onclose?.({ code: 1006 } as CloseEvent);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });
});
