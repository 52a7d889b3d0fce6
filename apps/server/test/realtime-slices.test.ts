import { queryKeys, type PushMessage } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { BlockPeers } from '../src/realtime/blocks.ts';
import { Delivery, FLUSH_SLICE, FLUSH_VISITS } from '../src/realtime/delivery.ts';
import { Tabs, type Tab } from '../src/realtime/tabs.ts';
import { watchOf } from '../src/realtime/watch.ts';

/**
 * A broadcast to many tabs goes out FLUSH_SLICE tabs at a time, the event loop free between slices
 * (realtime/delivery.ts): a line of the global chat to 10,000 tabs no longer holds every request
 * behind it. Every tab still gets every push, in the order published. A line that comes while one is
 * being sent joins that pass for the tabs it has not reached yet; a push to one player does not
 * wait for the pass.
 */
const TABS = FLUSH_SLICE * 2 + 7;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const log = { error() {}, warn() {} };

/** `showsChat(i)`: whether tab i's screens show the chat (every tab when not given: none has said what it shows). */
function fakeTabs(count: number, showsChat?: (i: number) => boolean): { delivery: Delivery; received: string[][]; writes: number[] } {
  const tabs = new Tabs();
  const delivery = new Delivery(tabs, new BlockPeers(undefined as unknown as Db, () => true, log), undefined as unknown as Db, log);
  const received: string[][] = [];
  // A tab's writes: a message alone, or the messages sent between a cork and its uncork.
  const writes: number[] = [];
  for (let i = 0; i < count; i++) {
    const got: string[] = [];
    received.push(got);
    writes.push(0);
    let corked = false;
    const socket = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      send: (out: Buffer) => {
        got.push((JSON.parse(out.toString()) as { message: { id: number } }).message.id.toString());
        if (!corked) writes[i]! += 1;
      },
    };
    const connection = {
      cork: () => (corked = true),
      uncork: () => {
        corked = false;
        writes[i]! += 1;
      },
    };
    const watch = showsChat && watchOf(showsChat(i) ? [queryKeys.chat] : [queryKeys.store('c1')]);
    delivery.add({ id: `tab${i}`, userId: `player${i}`, sessionId: `session${i}`, alive: true, slice: 0, seen: 0, received: 0, windowStart: 0, socket, connection, watch } as unknown as Tab);
  }
  return { delivery, received, writes };
}

const line = (id: number) => ({ type: 'chat-message', message: { id, userId: 'u', username: 'Ann', content: `line ${id}`, createdAt: new Date(0).toISOString() } }) as unknown as PushMessage;

describe('a broadcast to many tabs', () => {
  it('is written a slice of tabs per turn of the event loop; a second line joins the pass for the tabs it has not reached', async () => {
    const { delivery, received, writes } = fakeTabs(TABS);
    const flushes: number[] = [];
    delivery.onFlushed = (pushes) => flushes.push(pushes);

    delivery.deliver({ kind: 'broadcast', payload: line(1) });
    await nextTurn();
    // The first slice went out in the first turn; the others wait for theirs.
    expect(received.filter((got) => got.length === 1)).toHaveLength(FLUSH_SLICE);
    // A second line arrives while the first is being sent.
    delivery.deliver({ kind: 'broadcast', payload: line(2) });
    await nextTurn();
    await nextTurn();
    // The rest of the first pass gave its tabs both lines, in order, in one write each; the first slice waits for the next pass.
    expect(received.slice(FLUSH_SLICE).every((got) => got.join() === '1,2')).toBe(true);
    expect(writes.slice(FLUSH_SLICE).every((n) => n === 1)).toBe(true);
    expect(received.slice(0, FLUSH_SLICE).every((got) => got.join() === '1')).toBe(true);
    for (let turn = 0; turn < 10 && flushes.length < 2; turn++) await nextTurn();

    expect(flushes).toEqual([1, 1]);
    expect(received.every((got) => got.join() === '1,2')).toBe(true);
    delivery.close();
  });

  it('counts the tabs written to in a slice, not those that show none of its keys (up to FLUSH_VISITS looked at a turn)', async () => {
    // One tab in four shows the chat: a slice reaches 4 * FLUSH_SLICE tabs.
    const { delivery, received } = fakeTabs(FLUSH_SLICE * 4 * 2, (i) => i % 4 === 0);
    delivery.deliver({ kind: 'broadcast', payload: line(1) });
    await nextTurn();
    expect(received.filter((got) => got.length === 1)).toHaveLength(FLUSH_SLICE);
    expect(received.slice(0, FLUSH_SLICE * 4).every((got, i) => got.join() === (i % 4 === 0 ? '1' : ''))).toBe(true);
    expect(received.slice(FLUSH_SLICE * 4).every((got) => got.length === 0)).toBe(true);
    await nextTurn();
    expect(received.every((got, i) => got.join() === (i % 4 === 0 ? '1' : ''))).toBe(true);
    delivery.close();

    // No tab shows the chat: a turn looks at FLUSH_VISITS tabs, then lets the loop serve the rest.
    const none = fakeTabs(FLUSH_VISITS + 1, (i) => i === FLUSH_VISITS);
    none.delivery.deliver({ kind: 'broadcast', payload: line(2) });
    await nextTurn();
    expect(none.received[FLUSH_VISITS]).toEqual([]);
    await nextTurn();
    expect(none.received[FLUSH_VISITS]).toEqual(['2']);
    none.delivery.close();
  });

  it('does not hold back a push to one player, which comes after the lines before it', async () => {
    const { delivery, received } = fakeTabs(TABS);
    const last = TABS - 1;
    delivery.deliver({ kind: 'broadcast', payload: line(1) });
    delivery.deliver({ kind: 'user', userId: `player${last}`, payload: line(9) });
    await nextTurn();
    // The last tab's slice is two turns away: the push went at once, after the line it had not had.
    expect(received[last]!.join()).toBe('1,9');
    expect(received[FLUSH_SLICE]).toEqual([]);
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    // The pass does not give it the line twice.
    expect(received[last]!.join()).toBe('1,9');
    expect(received.slice(0, last).every((got) => got.join() === '1')).toBe(true);
    delivery.close();
  });

  it('gives a player a push to them between the lines it came between, when a pass reaches their tab first', async () => {
    const { delivery, received } = fakeTabs(TABS);
    // One bus message can bring a line, a push to one player and another line together.
    delivery.deliver({ kind: 'broadcast', payload: line(1) });
    delivery.deliver({ kind: 'user', userId: 'player0', payload: line(9) });
    delivery.deliver({ kind: 'broadcast', payload: line(2) });
    for (let turn = 0; turn < 8; turn++) await nextTurn();
    expect(received[0]!.join()).toBe('1,9,2');
    expect(received.slice(1).every((got) => got.join() === '1,2')).toBe(true);
    delivery.close();
  });
});
