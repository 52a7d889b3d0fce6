import { queryKeys } from '@rpg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './support/adventure.ts';
import { signedInPlayer } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { openSocket } from './support/socket.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.stop());

/**
 * Pushes that reach a process together go out in one flush (realtime/delivery.ts): each is still
 * its own text message through ws, in the order it was published, to every tab it is for.
 */
describe('several pushes in one flush', () => {
  it("reach a player's tabs in order, each its own message", async () => {
    const player = await signedInPlayer(server.url);
    const id = (await player.get<{ id: string }>('/api/me')).body.id;
    const tabs = await Promise.all([openSocket(server.url, player), openSocket(server.url, player)]);
    const hub = server.app.ctx.hub;
    const flushed: number[] = [];
    const observe = hub.onFlushed;
    hub.onFlushed = (pushes, lag) => {
      flushed.push(pushes);
      observe?.(pushes, lag);
    };
    try {
      await Promise.all(Array.from({ length: 5 }, (_, n) => hub.toUser(id, { type: 'invalidate', queryKeys: [queryKeys.console(`c${n}`)] })));
      for (const tab of tabs) {
        const keys = () => tab.messages.filter((m) => m.type === 'invalidate').map((m) => (m.queryKeys as string[][])[0]![1]);
        await until(async () => keys().length >= 5);
        expect(keys()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
      }
      // They went out together: one flush carried more than one of them.
      expect(Math.max(...flushed)).toBeGreaterThan(1);
    } finally {
      hub.onFlushed = observe;
      for (const tab of tabs) tab.close();
    }
  });

  it('reach every tab in order when they are for everyone', async () => {
    const players = await Promise.all([signedInPlayer(server.url), signedInPlayer(server.url)]);
    const tabs = await Promise.all(players.map((p) => openSocket(server.url, p)));
    const hub = server.app.ctx.hub;
    const windows = ['2031-01-01T00:00:00.000Z', '2031-01-01T04:00:00.000Z', '2031-01-01T08:00:00.000Z'];
    try {
      await Promise.all(windows.map((windowStart) => hub.broadcast({ type: 'store-refreshed', windowStart, nextRefresh: windowStart })));
      for (const tab of tabs) {
        const seen = () => tab.messages.filter((m) => m.type === 'store-refreshed').map((m) => m.windowStart);
        await until(async () => seen().length >= 3);
        expect(seen()).toEqual(windows);
      }
    } finally {
      for (const tab of tabs) tab.close();
    }
  });
});
