import { execFileSync } from 'node:child_process';
import { queryKeys } from '@rpg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForkedGateway } from '../src/realtime/gateway-fork.ts';
import { until } from './support/adventure.ts';
import { signedInPlayer } from './support/client.ts';
import { serverProcesses } from './support/process.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { connectSocket, openSocket } from './support/socket.ts';

async function me(client: Awaited<ReturnType<typeof signedInPlayer>>): Promise<string> {
  return ((await client.get('/api/me')).body as { id: string }).id;
}

describe('the realtime gateway in a process of its own (RPG_GATEWAY=process)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RPG_GATEWAY: 'process' } });
    await until(async () => server.app.ctx.hub.accepting, 30_000);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('serves the tabs from the child, refuses as before, and comes back after a crash of the child', async () => {
    const gateway = server.app.ctx.hub.gateway as ForkedGateway;
    const client = await signedInPlayer(server.url);
    const userId = await me(client);
    const tab = await openSocket(server.url, client);
    expect(tab.messages[0]).toEqual({ type: 'hello', userId });
    await until(async () => server.app.ctx.hub.connectionCount === 1);
    expect(await server.app.ctx.hub.openTabs(userId)).toBe(1);
    // A push through the bus reaches the tab through the child.
    await server.app.ctx.hub.toUser(userId, { type: 'invalidate', queryKeys: [queryKeys.sessions] });
    await tab.waitFor('invalidate');
    // Refusals are the child's closes, with the same codes.
    expect((await connectSocket(server.url).closed).code).toBe(4401);
    expect((await connectSocket(server.url, client, { origin: 'https://attacker.example' }).closed).code).toBe(4403);

    const pid = gateway.pid!;
    process.kill(pid, 'SIGKILL');
    // The tab's connection drops (the web client reconnects after its back-off).
    expect((await tab.closed).code).toBe(1006);
    // The crashed child's rows are removed, a new child starts, and the tab comes back.
    await until(async () => (await server.app.ctx.hub.openTabs(userId)) === 0);
    await until(async () => server.app.ctx.hub.accepting && gateway.pid !== pid, 15_000);
    const again = await openSocket(server.url, client);
    await server.app.ctx.hub.toUser(userId, { type: 'invalidate', queryKeys: [queryKeys.sessions] });
    await again.waitFor('invalidate');
    again.close();
  }, 60_000);
});

describe('socket opens and the rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    // 600 a minute scaled down to 6.
    server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '0.01' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts each socket open against the address like any request: past the limit the handshake is answered 429', async () => {
    for (let n = 0; n < 6; n++) expect((await connectSocket(server.url).closed).code).toBe(4401);
    const refused = connectSocket(server.url);
    const error = await new Promise<Error>((resolve) => refused.ws.on('error', resolve));
    expect(error.message).toContain('429');
  });
});

describe('a stop right after a crash of the gateway process', () => {
  const processes = serverProcesses('gateway-stop');
  it('does not wait for the crashed child', async () => {
    const api = await processes.start({ RPG_GATEWAY: 'process' });
    // The API process's child (pgrep exits 1 when it has none).
    const child = () => {
      try {
        return execFileSync('pgrep', ['-P', String(api.child.pid), '-f', 'gateway-process'], { encoding: 'utf8' }).trim();
      } catch {
        return '';
      }
    };
    const pid = Number(await until(async () => child() || undefined, 20_000));
    // A tab on the child first: the HTTP server's close must not wait for the sockets it handed over.
    const tab = await openSocket(api.url, await signedInPlayer(api.url));
    process.kill(pid, 'SIGKILL');
    expect((await tab.closed).code).toBe(1006);
    await until(async () => !child().split('\n').includes(String(pid)));
    const stopping = Date.now();
    const exit = await processes.stop(api);
    expect(exit.code).toBe(0);
    expect(exit.at - stopping).toBeLessThan(3_000);
  }, 90_000);
});
