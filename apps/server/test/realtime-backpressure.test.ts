import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { invalidatePush, queryKeys } from '@rpg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, until } from './support/adventure.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { openSocket } from './support/socket.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.stop());

/** A tab's WebSocket opened by hand on a plain TCP socket, so the test can stop reading it (pause). */
function rawTab(client: TestClient): Promise<{ socket: net.Socket; received: () => number; ended: Promise<void> }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let bytes = 0;
    let head = '';
    const ended = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(
        [
          'GET /api/realtime HTTP/1.1',
          `Host: ${url.host}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          `Origin: ${server.url}`,
          `Cookie: ${client.cookieHeader()}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (!head.includes('"hello"')) {
        head += chunk.toString('latin1');
        if (!head.startsWith('HTTP/1.1 101')) reject(new Error(head));
        if (head.includes('"hello"')) resolve({ socket, received: () => bytes, ended });
      }
    });
  });
}

describe('a tab that stops reading (docs/security.md "Sockets")', () => {
  it('is dropped once its unread backlog passes the cap; other tabs keep their pushes', async () => {
    const slowPlayer = await signedInPlayer(server.url);
    const slowId = (await slowPlayer.get<{ id: string }>('/api/me')).body.id;
    const other = await signedInPlayer(server.url);
    const otherId = (await other.get<{ id: string }>('/api/me')).body.id;
    const healthy = await openSocket(server.url, other);
    const tab = await rawTab(slowPlayer);
    const hub = server.app.ctx.hub;
    expect(hub.connectionCount).toBe(2);

    tab.socket.pause(); // reads nothing more: the kernel buffers fill, then the server's
    // Pushes as large as the PostgreSQL bus carries (its NOTIFY payloads stop at 8000 bytes).
    const SIZE = 7_000;
    const push = (n: number) => ({
      type: 'auction-sold' as const,
      listingId: `l${n}`,
      characterId: 'c',
      itemName: 'Blade',
      price: 1,
      payout: 1,
      message: 'x'.repeat(SIZE),
    });
    // Far more than the cap plus what both kernels' buffers can hold on loopback.
    const total = 64 * 1024 * 1024;
    let sent = 0;
    for (let n = 0; sent < total && hub.connectionCount === 2; n++) {
      await hub.toUser(slowId, push(n));
      sent += SIZE;
      await new Promise((r) => setImmediate(r));
      if (n % 128 === 0) await sleep(5);
    }
    await until(async () => hub.connectionCount === 1, 10_000);
    // Dropped well before everything was sent (the backlog did not take it all).
    expect(sent).toBeLessThan(total);

    // The healthy tab still gets what is meant for it.
    await hub.toUser(otherId, invalidatePush([queryKeys.auction]));
    await healthy.waitFor('invalidate');
    // The slow reader, reading again, finds its connection ended after at most the cap beyond its kernel buffers.
    tab.socket.resume();
    await tab.ended;
    expect(tab.received()).toBeLessThan(sent);
    healthy.close();
  }, 120_000);
});
