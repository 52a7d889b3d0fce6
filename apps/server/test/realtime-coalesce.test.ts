import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Coalescer } from '../src/realtime/coalesce.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { gear, giveItem, inventoryRows, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { connectSocket, type Push } from './support/socket.ts';

/** Issue 25: a burst of changes costs every open tab at most one refetch a second (after the first). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const isAuctionInvalidate = (m: Push) => m.type === 'invalidate' && JSON.stringify(m.queryKeys).includes('"auction"');

describe('broadcast invalidations and presence are coalesced per key', () => {
  it("20 listings and cancellations in a burst reach another player's tab as at most one invalidation a second (and two at first)", async () => {
    const seller = await signedInPlayer(server.url);
    const { id: characterId } = await createCharacter(seller);
    await setCopper(server.database.db, characterId, 1_000_000);
    const watcher = await signedInPlayer(server.url);
    const tab = connectSocket(server.url, watcher);
    await tab.waitFor('hello');

    // One blade, listed and cancelled ten times (a cancelled listing comes back as a new entry).
    await giveItem(server.database.db, characterId, gear('Burst Blade', 'mainHand', { attack: 1 }, 100, 'common'));
    const started = Date.now();
    for (let i = 0; i < 10; i++) {
      const [entry] = await inventoryRows(server.database.db, characterId);
      const entryId = entry?.id;
      const listed = await seller.post<{ listing: { id: string } }>(`/api/characters/${characterId}/auction`, { entryId, price: 100 });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect((await seller.post(`/api/auction/${listed.body.listing.id}/cancel`)).status).toBe(200);
    }
    const seconds = (Date.now() - started) / 1000;
    // The last change arrives within the window after the burst.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const received = tab.messages.filter(isAuctionInvalidate).length;
    tab.close();
    expect(received).toBeGreaterThanOrEqual(1);
    expect(received).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
    expect(received).toBeLessThan(20);
  }, 60_000);

  it("a player's sockets opened and closed in a burst reach another tab as few presence pushes", async () => {
    const flapper = await signedInPlayer(server.url);
    const flapperId = (await flapper.get<{ id: string }>('/api/me')).body.id;
    const watcher = await signedInPlayer(server.url);
    const tab = connectSocket(server.url, watcher);
    await tab.waitFor('hello');
    const started = Date.now();
    for (let i = 0; i < 6; i++) {
      const socket = connectSocket(server.url, flapper);
      await socket.waitFor('hello');
      socket.close();
      await socket.closed;
    }
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const presence = tab.messages.filter((m) => m.type === 'presence' && m.userId === flapperId);
    tab.close();
    expect(presence.length).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
    expect(presence.length).toBeLessThan(12);
    // The last state is the one delivered last: offline.
    expect(presence.at(-1)).toMatchObject({ isOnline: false });
  }, 60_000);
});

describe('Coalescer', () => {
  it('sends the first at once, the last of a window when it ends, and nothing else', () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      const c = new Coalescer(1000);
      for (const n of ['1', '2', '3']) c.run('k', () => sent.push(n));
      c.run('other', () => sent.push('o'));
      expect(sent).toEqual(['1', 'o']);
      vi.advanceTimersByTime(999);
      expect(sent).toEqual(['1', 'o']);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual(['1', 'o', '3']);
      c.run('k', () => sent.push('4'));
      vi.advanceTimersByTime(1000);
      expect(sent).toEqual(['1', 'o', '3', '4']);
      vi.advanceTimersByTime(1000);
      c.run('k', () => sent.push('5'));
      expect(sent).toEqual(['1', 'o', '3', '4', '5']);
      c.close();
      vi.advanceTimersByTime(5000);
      expect(sent).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
