import { queryKeys, type PushMessage } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import type { RealtimeStore } from '../src/realtime/store.ts';
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
function fakeTabs(count: number, showsChat?: (i: number) => boolean): { delivery: Delivery; tabs: Tab[]; received: string[][]; writes: number[] } {
  const delivery = new Delivery(new Tabs(), new BlockPeers(undefined as unknown as RealtimeStore, () => true, log), undefined as unknown as RealtimeStore, log);
  const tabs: Tab[] = [];
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
    const tab = {
      id: `tab${i}`,
      userId: `player${i}`,
      sessionId: `session${i}`,
      alive: true,
      slice: 0,
      seen: 0,
      received: 0,
      windowStart: 0,
      socket,
      connection,
      watch,
    } as unknown as Tab;
    tabs.push(tab);
    delivery.add(tab);
  }
  return { delivery, tabs, received, writes };
}

const line = (id: number) =>
  ({
    type: 'chat-message',
    message: { id, userId: 'u', username: 'Ann', content: `line ${id}`, createdAt: new Date(0).toISOString() },
  }) as unknown as PushMessage;

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

  it('counts the tabs written to in a slice, and visits only the tabs that hold its keys', async () => {
    // One tab in four shows the chat: a slice reaches FLUSH_SLICE of them.
    const { delivery, received } = fakeTabs(FLUSH_SLICE * 4 * 2, (i) => i % 4 === 0);
    delivery.deliver({ kind: 'broadcast', payload: line(1) });
    await nextTurn();
    expect(received.filter((got) => got.length === 1)).toHaveLength(FLUSH_SLICE);
    expect(received.slice(0, FLUSH_SLICE * 4).every((got, i) => got.join() === (i % 4 === 0 ? '1' : ''))).toBe(true);
    expect(received.slice(FLUSH_SLICE * 4).every((got) => got.length === 0)).toBe(true);
    await nextTurn();
    expect(received.every((got, i) => got.join() === (i % 4 === 0 ? '1' : ''))).toBe(true);
    delivery.close();

    // One tab of thousands shows the chat: the line reaches it in the first turn, no turn spent looking at the others.
    const one = fakeTabs(FLUSH_VISITS * 3, (i) => i === FLUSH_VISITS * 3 - 1);
    one.delivery.deliver({ kind: 'broadcast', payload: line(2) });
    await nextTurn();
    expect(one.received.at(-1)).toEqual(['2']);
    expect(one.received.slice(0, -1).every((got) => got.length === 0)).toBe(true);
    one.delivery.close();
  });

  it('looks at FLUSH_VISITS tabs a turn that already had what the pass brings', async () => {
    // A second line comes after the first slice: the rest of the first pass gives it to the other tabs,
    // so the second pass writes to the first slice and then only looks at the others.
    const { delivery, received } = fakeTabs(FLUSH_SLICE + FLUSH_VISITS + 1);
    const flushes: number[] = [];
    delivery.onFlushed = (pushes) => flushes.push(pushes);
    delivery.deliver({ kind: 'broadcast', payload: line(1) });
    await nextTurn();
    delivery.deliver({ kind: 'broadcast', payload: line(2) });
    for (let turn = 0; turn < 100 && flushes.length < 1; turn++) await nextTurn();
    // The second pass: its first slice writes, then FLUSH_VISITS tabs are looked at in one turn, the last one in the next.
    await nextTurn();
    expect(received.slice(0, FLUSH_SLICE).every((got) => got.join() === '1,2')).toBe(true);
    await nextTurn();
    expect(flushes).toHaveLength(1);
    await nextTurn();
    expect(flushes).toEqual([1, 1]);
    expect(received.every((got) => got.join() === '1,2')).toBe(true);
    delivery.close();
  });

  it('gives a tab that comes to show the chat a line its pass did not visit it for', async () => {
    // After the pass: the line is given again from the last seconds' broadcasts.
    const after = fakeTabs(3, (i) => i === 0);
    after.delivery.deliver({ kind: 'broadcast', payload: line(1) });
    await nextTurn();
    await nextTurn();
    expect(after.received.map((got) => got.join())).toEqual(['1', '', '']);
    after.delivery.watch(after.tabs[1]!, [queryKeys.chat]);
    expect(after.received.map((got) => got.join())).toEqual(['1', '1', '']);
    after.delivery.close();

    // During the pass: the pass visits it too.
    const during = fakeTabs(FLUSH_SLICE * 3, (i) => i < FLUSH_SLICE * 2);
    during.delivery.deliver({ kind: 'broadcast', payload: line(2) });
    await nextTurn();
    during.delivery.watch(during.tabs.at(-1)!, [queryKeys.chat]);
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(during.received.map((got) => got.join())).toEqual([
      ...Array.from({ length: FLUSH_SLICE * 2 }, () => '2'),
      ...Array.from({ length: FLUSH_SLICE - 1 }, () => ''),
      '2',
    ]);
    during.delivery.close();
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
