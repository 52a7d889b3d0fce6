import type { PushMessage } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { BlockPeers } from '../src/realtime/blocks.ts';
import { Delivery, FLUSH_SLICE } from '../src/realtime/delivery.ts';
import { Tabs, type Tab } from '../src/realtime/tabs.ts';

/**
 * A broadcast to many tabs goes out FLUSH_SLICE tabs at a time, the event loop free between slices
 * (realtime/delivery.ts): a line of the global chat to 10,000 tabs no longer holds every request
 * behind it. Every tab still gets every push, in the order published, even when a second arrives
 * while the first is being sent.
 */
const TABS = FLUSH_SLICE * 2 + 7;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function fakeTabs(count: number): { tabs: Tabs; received: string[][] } {
  const tabs = new Tabs();
  const received: string[][] = [];
  for (let i = 0; i < count; i++) {
    const got: string[] = [];
    received.push(got);
    const socket = { OPEN: 1, readyState: 1, bufferedAmount: 0, send: (out: Buffer) => got.push((JSON.parse(out.toString()) as { message: { id: number } }).message.id.toString()) };
    tabs.add({ id: `tab${i}`, userId: `player${i}`, sessionId: `session${i}`, alive: true, slice: 0, received: 0, windowStart: 0, socket, connection: { cork() {}, uncork() {} } } as unknown as Tab);
  }
  return { tabs, received };
}

const line = (id: number) => ({ type: 'chat-message', message: { id, userId: 'u', username: 'Ann', content: `line ${id}`, createdAt: new Date(0).toISOString() } }) as unknown as PushMessage;

describe('a broadcast to many tabs', () => {
  it('is written a slice of tabs per turn of the event loop, and reaches every tab with every line in order', async () => {
    const { tabs, received } = fakeTabs(TABS);
    const log = { error() {}, warn() {} };
    const delivery = new Delivery(tabs, new BlockPeers(undefined as unknown as Db, () => true, log), undefined as unknown as Db, log);
    const flushes: number[] = [];
    delivery.onFlushed = (pushes) => flushes.push(pushes);

    delivery.deliver({ kind: 'broadcast', payload: line(1) });
    await nextTurn();
    // The first slice went out in the first turn; the others wait for theirs.
    expect(received.filter((got) => got.length === 1)).toHaveLength(FLUSH_SLICE);
    // A second line arrives while the first is being sent: it waits for the next flush.
    delivery.deliver({ kind: 'broadcast', payload: line(2) });
    for (let turn = 0; turn < 10 && flushes.length < 2; turn++) await nextTurn();

    expect(flushes).toEqual([1, 1]);
    expect(received.every((got) => got.join() === '1,2')).toBe(true);
    delivery.close();
  });
});
