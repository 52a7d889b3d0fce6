import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sleep } from './support/adventure.ts';
import { createCharacter } from './support/characters.ts';
import { registerProcessServer } from './support/contract.ts';
import { signedInPlayer } from './support/client.ts';
import { processDatabase, startServerProcess, type ProcessDatabase, type ServerProcess } from './support/process.ts';
import { freePort } from './support/server.ts';
import { connectSocket } from './support/socket.ts';

const hasCaddy = spawnSync('caddy', ['version']).status === 0;

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
 */
describe.runIf(Boolean(process.env.DATABASE_URL) && hasCaddy)('two processes behind a reverse proxy', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'rpg-proxy-'));
  const servers: ServerProcess[] = [];
  let database: ProcessDatabase;
  let caddy: ChildProcess | undefined;
  afterAll(async () => {
    caddy?.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.kill()));
    await database?.drop?.();
    rmSync(work, { recursive: true, force: true });
  });

  it('spreads tabs over both processes, pushes a chat line across them, and limits per browser address', { timeout: 240_000 }, async () => {
    const proxyPort = await freePort();
    const url = `http://localhost:${proxyPort}`;
    registerProcessServer(url);
    database = await processDatabase(path.join(work, 'data'));
    const env = { TRUST_PROXY: '1', PUBLIC_URL: url, RATE_LIMIT_FACTOR: '1' };
    servers.push(await startServerProcess(database, env));
    servers.push(await startServerProcess(database, env));
    const upstreams = servers.map((s) => new URL(s.url).port);
    const caddyfile = path.join(work, 'Caddyfile');
    writeFileSync(
      caddyfile,
      `{\n\tadmin off\n\tauto_https off\n}\nhttp://:${proxyPort} {\n\treverse_proxy 127.0.0.1:${upstreams[0]} 127.0.0.1:${upstreams[1]} {\n\t\tlb_policy round_robin\n\t}\n}\n`,
    );
    caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], { stdio: 'ignore', env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work } });
    for (let i = 0; ; i++) {
      const up = await fetch(`${url}/api/health`).then((r) => r.status, () => 0);
      if (up === 200) break;
      if (i > 100) throw new Error('caddy did not start');
      await sleep(100);
    }

    const ann = await signedInPlayer(url);
    const ben = await signedInPlayer(url);
    await createCharacter(ann, { name: 'Annwyn' });
    await createCharacter(ben, { name: 'Bendor' });
    // Two tabs opened one after the other: the proxy sends them to one process each.
    const annTab = connectSocket(url, ann);
    await annTab.waitFor('hello');
    const benTab = connectSocket(url, ben);
    await benTab.waitFor('hello');
    const socketsOf = async (server: ServerProcess) => Number((await (await fetch(`${server.url}/metrics`)).text()).match(/^realtime_open_sockets (\d+)/m)?.[1]);
    expect(await Promise.all(servers.map(socketsOf))).toEqual([1, 1]);

    // A chat line sent through one process reaches the tab on the other, live.
    expect((await ann.post('/api/chat', { text: 'Hello across the proxy' })).status).toBe(200);
    const pushed = await benTab.waitFor('chat-message', (m) => JSON.stringify(m).includes('Hello across the proxy'));
    expect(pushed.type).toBe('chat-message');
    annTab.close();
    benTab.close();

    // The per-IP sign-up limit (20 per 10 minutes) counts each browser's address, not the proxy's:
    // one browser reaches it, another still signs up.
    const signUp = (from: string, i: number) => postFrom(from, `http://127.0.0.1:${proxyPort}`, '/api/auth/sign-up/email', { email: `ip${i}.${Date.now()}@example.com`, password: 'dragon-fire', name: `ip${i}` }, url);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await signUp('127.0.0.2', i));
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await signUp('127.0.0.3', 100)).toBe(200);
  });
});
