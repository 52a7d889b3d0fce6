import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { hasCaddy, serverProcesses, type ServerProcess } from './support/process.ts';
import { freePort } from './support/server.ts';
import { connectSocket } from './support/socket.ts';

/** POST from a given local address (127.0.0.x), as a browser on another machine would come. */
function postFrom(localAddress: string, url: string, pathname: string, body: unknown, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(pathname, url), { method: 'POST', localAddress, headers: { 'content-type': 'application/json', origin } });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/**
 * Issue 28 (deployment), without containers: two server processes on one PostgreSQL behind Caddy
 * (TRUST_PROXY=1), as deploy/ runs them. Needs PostgreSQL and caddy (apt-get install caddy).
 * The same with two browsers, through the UI: e2e/tests/proxy.spec.ts.
 */
describe.runIf(Boolean(process.env.DATABASE_URL) && hasCaddy)('two processes behind a reverse proxy', () => {
  const processes = serverProcesses('proxy');

  it('spreads tabs over both processes, pushes a chat line across them, and limits per browser address', { timeout: 240_000 }, async () => {
    // The proxy's port first: the processes' PUBLIC_URL names it.
    const proxyPort = await freePort();
    const url = `http://localhost:${proxyPort}`;
    // Behind a proxy, /metrics opens only with its token (issue 46).
    const env = { TRUST_PROXY: '1', PUBLIC_URL: url, RATE_LIMIT_FACTOR: '1', METRICS_TOKEN: 'proxy-test-token' };
    const servers = [await processes.start(env), await processes.start(env)];
    await processes.startCaddy(servers, { port: proxyPort });

    const ann = await signedInPlayer(url);
    const ben = await signedInPlayer(url);
    await createCharacter(ann, { name: 'Annwyn' });
    await createCharacter(ben, { name: 'Bendor' });
    // Two tabs opened one after the other: the proxy sends them to one process each.
    const annTab = connectSocket(url, ann);
    await annTab.waitFor('hello');
    const benTab = connectSocket(url, ben);
    await benTab.waitFor('hello');
    const socketsOf = async (server: ServerProcess) =>
      Number(
        (await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer proxy-test-token' } })).text()).match(
          /^realtime_open_sockets (\d+)/m,
        )?.[1],
      );
    expect(await Promise.all(servers.map(socketsOf))).toEqual([1, 1]);

    // A chat line sent through one process reaches the tab on the other, live.
    expect((await ann.post('/api/chat', { text: 'Hello across the proxy' })).status).toBe(200);
    const pushed = await benTab.waitFor('chat-message', (m) => JSON.stringify(m).includes('Hello across the proxy'));
    expect(pushed.type).toBe('chat-message');
    annTab.close();
    benTab.close();

    // The per-IP sign-up limit (20 per 10 minutes) counts each browser's address, not the proxy's:
    // one browser reaches it, another still signs up.
    const signUp = (from: string, i: number) =>
      postFrom(
        from,
        `http://127.0.0.1:${proxyPort}`,
        '/api/auth/sign-up/email',
        { email: `ip${i}.${Date.now()}@example.com`, password: 'dragon-fire', name: `ip${i}` },
        url,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await signUp('127.0.0.2', i));
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await signUp('127.0.0.3', 100)).toBe(200);
  });
});
