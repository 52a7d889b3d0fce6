import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import { expect, test } from '../support/test.ts';
import { logIn, newEmail, PASSWORD } from '../support/game.ts';

/**
 * Issue 28 (deployment), with two real browsers: two server processes on one PostgreSQL behind
 * Caddy (TRUST_PROXY=1), as deploy/ runs them. Each browser comes from an address of its own
 * (127.0.0.2, 127.0.0.3, ...: a SOCKS forwarder per browser binds it), Caddy keeps each address on
 * one process (ip_hash) and every answer names its process (PROCESS_NAME -> X-Process), so the two
 * browsers are on different processes; each sees the other's chat line, friend request and auction
 * sale live, without a reload (the PostgreSQL bus carries them between the processes); a restart
 * of one process (SIGTERM) shows its browser "Reconnecting...", and once it is back the tab
 * refetches the chat line it missed; and the per-IP sign-up limit counts each browser's address
 * (Caddy's X-Forwarded-For), not the proxy's.
 * Needs PostgreSQL (DATABASE_URL, as CI's `npm test` has it) and caddy (apt-get install caddy).
 * The same at the HTTP level: apps/server/test/proxy.test.ts.
 */
const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const adminUrl = process.env.DATABASE_URL;
const hasCaddy = spawnSync('caddy', ['version']).status === 0;
/** A page's first paint after a navigation: slow on a loaded machine (two servers, Caddy and two browsers on CI's two cores). */
const LOADED = { timeout: 30_000 };

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>, output: () => string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not start:\n${output()}`);
    await sleep(200);
  }
}

/**
 * A SOCKS5 proxy for one browser: every connection it is asked for leaves from `localAddress`, so
 * the browser reaches Caddy from an address of its own, as a player on another machine would.
 */
function socksForwarder(localAddress: string): Promise<{ url: string; close(): Promise<void> }> {
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    // Greeting (any methods): no authentication. Then CONNECT to an IPv4 address or a name.
    client.once('data', () => {
      client.write(Buffer.from([5, 0]));
      client.once('data', (request: Buffer) => {
        const type = request[3];
        const nameLength = request[4] ?? 0;
        const host = type === 1 ? [...request.subarray(4, 8)].join('.') : request.subarray(5, 5 + nameLength).toString();
        const port = request.readUInt16BE(type === 1 ? 8 : 5 + nameLength);
        const upstream = net.connect({ host: host === 'localhost' ? '127.0.0.1' : host, port, localAddress });
        track(upstream);
        upstream.on('connect', () => {
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `socks5://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of open) socket.destroy();
            server.close(() => done());
          }),
      });
    }),
  );
}

/** The process (X-Process) that answers a request from this address through the proxy. */
function processFor(localAddress: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/ready', localAddress, agent: false }, (response) => {
        response.resume();
        resolve(String(response.headers['x-process'] ?? ''));
      })
      .on('error', reject);
  });
}

interface Cluster {
  url: string;
  /** SIGTERM to game N (1 or 2), and its exit. */
  stop(n: number): Promise<void>;
  /** Game N again, on its port, ready. */
  start(n: number): Promise<void>;
  /** Two addresses whose requests Caddy sends to game1 and game2. */
  addresses: [string, string];
  db: pg.Client;
}

/** The JSON API from inside the page (its session cookie, its origin, through its proxy). */
async function api<T = unknown>(page: Page, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, pathname, body }) => {
      const res = await fetch(pathname, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, pathname, body },
  );
}

/** Signs up from the page (through its proxy), verifies with the outbox's code, and logs in through the form. */
async function signUpFrom(page: Page, email: string): Promise<number> {
  const up = await api(page, 'POST', '/api/auth/sign-up/email', { email, password: PASSWORD, name: email.split('@')[0] });
  return up.status;
}

interface Player {
  context: BrowserContext;
  page: Page;
  username: string;
  characterId: string;
  /** The processes that answered this browser (X-Process of every response). */
  served: Set<string>;
}

async function player(browser: Browser, cluster: Cluster, proxy: string, name: string): Promise<Player> {
  const context = await browser.newContext({ baseURL: cluster.url, proxy: { server: proxy } });
  const served = new Set<string>();
  context.on('response', (response) => {
    const name = response.headers()['x-process'];
    if (name) served.add(name);
  });
  const page = await context.newPage();
  await page.goto('/auth');
  const email = newEmail(name.toLowerCase());
  expect(await signUpFrom(page, email)).toBe(200);
  let code: string | null = null;
  await expect
    .poll(async () => {
      const mails = await api<Array<{ code: string | null }>>(page, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
      code = mails.body[0]?.code ?? null;
      return code;
    })
    .not.toBeNull();
  expect((await api(page, 'POST', '/api/auth/email-otp/verify-email', { email, otp: code })).status).toBe(200);
  await logIn(page, email);
  const created = await api<{ character: { id: string } }>(page, 'POST', '/api/characters', { name, race: 'human', class: 'warrior', gender: 'male' });
  expect(created.status).toBe(201);
  const me = await api<{ username: string }>(page, 'GET', '/api/me');
  return { context, page, username: me.body.username, characterId: created.body.character.id, served };
}

test.describe('two browsers, two processes behind Caddy (issue 28: deployment)', () => {
  test.skip(!adminUrl || !hasCaddy, 'needs PostgreSQL (DATABASE_URL) and caddy (apt-get install caddy)');
  test.skip(!existsSync(serverEntry) || !existsSync(path.join(webDist, 'index.html')), 'needs the build (npm run build)');

  let work = '';
  const children: ChildProcess[] = [];
  const forwarders: Array<{ close(): Promise<void> }> = [];
  let database = '';
  let cluster: Cluster | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = mkdtempSync(path.join(tmpdir(), 'rpg-e2e-proxy-'));
    // A database of its own on that PostgreSQL.
    database = `rpg_e2e_proxy_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const databaseUrl = new URL(adminUrl!);
    databaseUrl.pathname = `/${database}`;

    const proxyPort = await freePort();
    const url = `http://localhost:${proxyPort}`;
    const ports = [await freePort(), await freePort()];
    const outputs: string[] = [];
    const games: ChildProcess[] = [];
    const startGame = async (i: number) => {
      const port = ports[i]!;
      const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DEV_OUTBOX: '1',
          DEV_GRANTS: '1',
          LOG_LEVEL: 'warn',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: url,
          DATABASE_URL: databaseUrl.toString(),
          DATA_DIR: path.join(work, `data${i + 1}`),
          WEB_DIST: webDist,
          TRUST_PROXY: '1',
          RATE_LIMIT_FACTOR: '1',
          PROCESS_NAME: `game${i + 1}`,
          AUTH_SECRET: 'e2e-proxy-secret-e2e-proxy-secret-42',
        },
      });
      outputs[i] = '';
      child.stdout?.on('data', (chunk: Buffer) => (outputs[i] += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (outputs[i] += chunk.toString()));
      children.push(child);
      games[i] = child;
      await waitFor(
        `game${i + 1}`,
        async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200,
        () => outputs[i] ?? '',
      );
    };
    await Promise.all([startGame(0), startGame(1)]);

    const caddyfile = path.join(work, 'Caddyfile');
    const upstreams = ports.map((port) => `127.0.0.1:${port}`).join(' ');
    writeFileSync(caddyfile, `{\n\tadmin off\n\tauto_https off\n}\nhttp://:${proxyPort} {\n\treverse_proxy ${upstreams} {\n\t\tlb_policy ip_hash\n\t}\n}\n`);
    let caddyOutput = '';
    const caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
    });
    caddy.stdout.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
    caddy.stderr.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
    children.push(caddy);
    await waitFor(
      'caddy',
      async () => (await fetch(`${url}/api/health`)).status === 200,
      () => caddyOutput,
      30_000,
    );

    // Two client addresses that Caddy's ip_hash sends to different processes.
    const byProcess = new Map<string, string>();
    for (let host = 2; host < 40 && byProcess.size < 2; host++) {
      const address = `127.0.0.${host}`;
      const name = await processFor(address, proxyPort);
      if (!byProcess.has(name)) byProcess.set(name, address);
    }
    expect([...byProcess.keys()].sort()).toEqual(['game1', 'game2']);
    const db = new pg.Client({ connectionString: databaseUrl.toString() });
    await db.connect();
    cluster = {
      url,
      addresses: [byProcess.get('game1')!, byProcess.get('game2')!],
      db,
      start: (n) => startGame(n - 1),
      stop: (n) =>
        new Promise<void>((resolve) => {
          const game = games[n - 1]!;
          game.on('exit', () => resolve());
          game.kill('SIGTERM');
        }),
    };
  });

  test.afterAll(async () => {
    await cluster?.db.end();
    await Promise.all(forwarders.map((f) => f.close()));
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.on('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    if (database) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test("each browser on its own process sees the other's chat line, friend request and sale live, and catches up after its process restarts; the sign-up limit counts each browser's address", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { addresses, db } = cluster!;
    const proxies = await Promise.all(addresses.map((address) => socksForwarder(address)));
    forwarders.push(...proxies);
    const ann = await player(browser, cluster!, proxies[0]!.url, 'Annwyn');
    const ben = await player(browser, cluster!, proxies[1]!.url, 'Bendor');
    // Every answer each browser got came from its own process.
    expect([...ann.served]).toEqual(['game1']);
    expect([...ben.served]).toEqual(['game2']);

    // Chat: both on the play page; Ann's line appears in Ben's tab (game1 -> the bus -> game2).
    await ann.page.goto('/play');
    await ben.page.goto('/play');
    const chatLog = (page: Page) => page.getByRole('log', { name: 'Global chat messages' });
    for (const p of [ann.page, ben.page]) await expect(p.getByRole('heading', { name: 'Global Chat' })).toBeVisible(LOADED);
    const line = `Hello across the proxy ${Date.now().toString(36)}`;
    await ann.page.getByLabel('Message the global chat').fill(line);
    await ann.page.getByLabel('Message the global chat').press('Enter');
    await expect(chatLog(ben.page).getByText(line)).toBeVisible();
    // And back: Ben's reply in Ann's tab (game2 -> game1).
    const reply = `And back ${Date.now().toString(36)}`;
    await ben.page.getByLabel('Message the global chat').fill(reply);
    await ben.page.getByLabel('Message the global chat').press('Enter');
    await expect(chatLog(ann.page).getByText(reply)).toBeVisible();

    // Friend request: Ben waits on his friends tab; Ann finds him and adds him; his tab shows it live.
    await ben.page.goto('/user-profile?tab=friends');
    await expect(ben.page.getByRole('tablist', { name: 'Friends' })).toBeVisible(LOADED);
    await ann.page.goto('/user-profile?tab=friends');
    await expect(ann.page.getByText('No friends yet')).toBeVisible(LOADED);
    await ann.page.getByLabel('Search players').fill(ben.username);
    await ann.page.getByRole('button', { name: 'Search', exact: true }).click();
    await ann.page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: `Add Friend ${ben.username}` })
      .click();
    await expect(ann.page.getByText('Friend request sent!')).toBeVisible();
    await expect(ben.page.getByText('New Friend Request')).toBeVisible();
    await expect(ben.page.getByRole('tablist', { name: 'Friends' }).getByRole('tab', { name: /^Incoming/ })).toContainText('1');

    // Auction: Ann (game1) lists iron ore; Ben (game2), on the auction page already, sees it
    // appear and buys it; Ann, on her auction page, hears of the sale live.
    await db.query('UPDATE player_characters SET copper = 1000 WHERE id = ANY($1)', [[ann.characterId, ben.characterId]]);
    expect((await api(ann.page, 'POST', `/api/dev/characters/${ann.characterId}/materials`, { materialId: 'iron_ore', quantity: 1 })).status).toBe(200);
    await ann.page.goto('/auction');
    await ben.page.goto('/auction');
    await expect(ben.page.getByRole('heading', { name: 'Auction House', level: 1 })).toBeVisible(LOADED);
    await expect(ann.page.getByRole('heading', { name: 'Auction House', level: 1 })).toBeVisible(LOADED);
    const inventory = await api<{ entries: Array<{ id: string; item: { name: string } }> }>(ann.page, 'GET', `/api/characters/${ann.characterId}/inventory`);
    const ore = inventory.body.entries.find((e) => e.item.name === 'Iron Ore')!;
    expect((await api(ann.page, 'POST', `/api/characters/${ann.characterId}/auction`, { entryId: ore.id, price: 100 })).status).toBe(200);
    const offer = ben.page.getByRole('article').filter({ hasText: ann.username });
    await expect(offer).toHaveCount(1);
    await offer.getByRole('button', { name: 'Buy Now Iron Ore' }).click();
    await expect(ben.page.getByText('Item Purchased', { exact: true })).toBeVisible();
    await expect(ann.page.getByText('Item Sold!', { exact: true })).toBeVisible();
    await expect(ann.page.getByText('Your Iron Ore sold to').first()).toBeVisible();

    // Still each on its own process.
    expect([...ann.served]).toEqual(['game1']);
    expect([...ben.served]).toEqual(['game2']);

    // A restart of Ben's process: his tab says "Reconnecting..." (told 1012), misses Ann's line
    // while it is down, reconnects once the process is back, and refetches what it missed.
    await ann.page.goto('/play');
    await ben.page.goto('/play');
    await expect(ben.page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible(LOADED);
    await expect(chatLog(ann.page)).toBeVisible(LOADED);
    await cluster!.stop(2);
    await expect(ben.page.getByRole('status').filter({ hasText: 'Reconnecting...' })).toBeVisible();
    const missed = `While you were away ${Date.now().toString(36)}`;
    await ann.page.getByLabel('Message the global chat').fill(missed);
    await ann.page.getByLabel('Message the global chat').press('Enter');
    await expect(chatLog(ann.page).getByText(missed)).toBeVisible();
    await cluster!.start(2);
    await expect(ben.page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible({ timeout: 30_000 });
    await expect(ben.page.getByRole('status').filter({ hasText: 'Reconnecting...' })).toHaveCount(0);
    await expect(chatLog(ben.page).getByText(missed)).toBeVisible();

    // The per-IP sign-up limit (20 per 10 minutes): Ann's address reaches it (her own sign-up
    // and 19 more), Ben's still signs up. Both came through the one proxy (127.0.0.1).
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push(await signUpFrom(ann.page, newEmail('annlimit')));
    expect(statuses).toEqual([...Array<number>(19).fill(200), 429]);
    expect(await signUpFrom(ben.page, newEmail('benlimit'))).toBe(200);
    const keys = (await db.query<{ key: string }>("SELECT key FROM rate_limits WHERE key LIKE 'ip:%'")).rows.map((r) => r.key.split(':')[1]);
    expect(new Set(keys)).toEqual(new Set(addresses));

    await ann.context.close();
    await ben.context.close();
  });
});
