#!/usr/bin/env node
// `npm run bench`: each route's throughput as a ratio to a bare Fastify hello-world measured in the
// same run, on the embedded PGlite and on a throwaway PostgreSQL, plus start time and idle memory.
// Load comes from wrk (installed with apt when missing), a separate native process, so the load
// generator does not compete with the server inside one Node event loop. 50 connections.
// The server is the compiled one `npm start` runs (apps/server/dist/main.js, rebuilt here).
//   BENCH_SECONDS=10 (per route)  BENCH_CONNECTIONS=50  DATABASE_URL=… (use that PostgreSQL instead of a throwaway one)
//   BENCH_TCP=0 (skip the throwaway PostgreSQL over TCP; over its Unix socket it always runs)
//   BENCH_DATABASES=pglite,postgres (which databases to bench; both by default)
//   BENCH_SERVER=<compiled main.js> (run that server, e.g. a build of an older commit, instead of building this one)
//   BENCH_ONLY=<regex> (only the rows whose name matches, e.g. 'messages|friends')
//   BENCH_ROUTES=all (after the issue's routes, every read a player's screens make; BENCH_ROUTE_SECONDS=5 each)
//   On PostgreSQL, after the console rows, the floors: the same line's transaction, and GET
//   /api/characters' statement, from a bare Fastify route (scripts/bench-floor.mjs; BENCH_FLOOR=0 skips them).
//   Then scripts/bench-chat.mjs (the global chat's fan-out and socket memory; BENCH_CHAT=0 skips it).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer, serverEntry } from './build-server.mjs';
import { cpuSeconds, freePort, machineCpuSeconds, PGBIN, rssMb, signedInPlayer, sleep, throwawayPostgres } from './bench-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Players typing console lines at once in the spread console row. */
const CONSOLE_PLAYERS = 10;
/** Seconds of the hello-world measured before each route. */
const HELLO_SECONDS = Math.min(5, seconds);
/** BENCH_ROUTES=all: also every read a player's screens make (playerReads), BENCH_ROUTE_SECONDS each. */
const ALL_ROUTES = process.env.BENCH_ROUTES === 'all';
/** BENCH_SERVER=<main.js>: that compiled server instead of building and running apps/server/dist (a before/after in one sitting). */
const entry = process.env.BENCH_SERVER || serverEntry;
/** How `npm start` runs it (scripts/start.mjs): the idle RSS measured is the one a player's server has (the source map ~60 MB of it before it was made lean). */
const serverFlags = ['--enable-source-maps'];
const ROUTE_SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? Math.min(5, seconds));
const work = mkdtempSync(path.join(tmpdir(), 'rpg-bench-'));
const cleanups = [];
const rows = [];

function have(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}
function aptInstall(pkg) {
  console.log(`== installing ${pkg}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'ignore', env }).status === 0) return true;
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  return spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'ignore', env }).status === 0;
}

/** Starts a process and waits until `url` answers 200: returns the child and the time that took. */
async function startProcess(args, env, url) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  cleanups.push(() => child.exitCode === null && child.kill('SIGTERM'));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return { child, startMs: Math.round(performance.now() - started) };
    } catch {
      /* not up yet */
    }
    if (performance.now() - started > 120_000) throw new Error(`${url} did not come up`);
    await sleep(25);
  }
}
async function stopProcess(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const toMs = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? NaN);

/** One wrk run: req/s, p50/p99 in ms, and how many answers were not 2xx/3xx. */
function wrk(url, { headers = {}, script, secs = seconds, warm = true, beforeRun } = {}) {
  const args = ['-t1', `-c${connections}`, `-d${secs}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])];
  if (script) args.push('-s', script);
  // A short warm-up run first (JIT, connection pools, caches), not counted.
  if (warm) execFileSync('wrk', ['-t1', `-c${connections}`, '-d2s', ...args.slice(3), url], { stdio: 'ignore' });
  beforeRun?.();
  const out = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  const latency = (p) => {
    const m = out.match(new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
    return m ? +toMs(m[1], m[2]).toFixed(2) : NaN;
  };
  const total = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  const errors =
    Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) +
    [...out.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((s, m) => s + Number(m[1]), 0);
  return { rps: Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)), p50: latency(50), p99: latency(99), total, errors };
}

/**
 * Every read a player's screens make (BENCH_ROUTES=all), after giving the bench player something to
 * read: a chat line, a post, a friend request and a direct message to another player, materials
 * in the backpack (one stack sold for the fee) and one put up at the auction house. Answers [what, url] pairs.
 */
async function playerReads(base, characterId, call, others) {
  const json = async (method, url, body) => (await call(method, url, body)).json();
  const me = await json('GET', '/api/me');
  const friendId = (await (await fetch(`${base}/api/me`, { headers: { cookie: others[0].cookie } })).json()).id;
  const attempt = async (what, run) => {
    try {
      await run();
    } catch (error) {
      console.log(`   (bench data: ${what} failed: ${error.message.slice(0, 160)})`);
    }
  };
  await attempt('a chat line', () => call('POST', '/api/chat', { text: 'Hail, adventurers!' }));
  await attempt('a post', () => call('POST', '/api/posts', { text: 'A fine day for a quest.' }));
  await attempt('a friendship', async () => {
    await call('POST', '/api/friends/requests', { userId: friendId });
    // The friend asks back: a request that meets a pending one makes friends.
    const back = await fetch(`${base}/api/friends/requests`, {
      method: 'POST',
      headers: { cookie: others[0].cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: me.id }),
    });
    if (!back.ok) throw new Error(`the friend's request: ${back.status}`);
  });
  await attempt('a direct message', () => call('POST', `/api/messages/${friendId}`, { body: 'Ready for the dungeon?' }));
  await attempt('materials in the backpack and an auction listing', async () => {
    // A new character has no money for the store: materials come through the development grant (DEV_GRANTS=1).
    for (const materialId of ['oak_wood', 'iron_ore', 'healing_herb'])
      await call('POST', `/api/dev/characters/${characterId}/materials`, { materialId, quantity: 3 });
    const { entries } = await json('GET', `/api/characters/${characterId}/inventory`);
    // Nor for the listing fee: one stack is sold to the store first.
    if (entries[1]) await call('POST', `/api/characters/${characterId}/inventory/${entries[1].id}/sell`, { quantity: entries[1].quantity });
    if (entries[0]) await call('POST', `/api/characters/${characterId}/auction`, { entryId: entries[0].id, quantity: 1, price: 50 });
  });
  // The house shows only other players' listings: five of them list three materials each (15
  // listings, a full page of 12 and a second page), each after selling a stack for the fee.
  await attempt("other players' auction listings", async () => {
    for (const [i, other] of others.slice(0, 5).entries()) {
      const as = async (method, url, body) => {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { cookie: other.cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const c = `/api/characters/${other.characterId}`;
      for (const materialId of ['oak_wood', 'iron_ore', 'healing_herb'])
        await as('POST', `/api/dev/characters/${other.characterId}/materials`, { materialId, quantity: 5 });
      const { entries } = await as('GET', `${c}/inventory`);
      await as('POST', `${c}/inventory/${entries[2].id}/sell`, { quantity: entries[2].quantity });
      for (const [j, entry] of entries.slice(0, 2).entries()) {
        for (let k = 0; k < (j === 0 ? 2 : 1); k++) await as('POST', `${c}/auction`, { entryId: entry.id, quantity: 1 + k, price: 40 + 7 * i + 3 * j + k });
      }
    }
    const { total } = await json('GET', '/api/auction/listings');
    console.log(`   (bench data: the auction house shows the bench player ${total} listings)`);
  });
  const c = `/api/characters/${characterId}`;
  return [
    ['GET /api/auth/get-session', `${base}/api/auth/get-session`],
    ['GET :id/console (history)', `${base}${c}/console`],
    ['GET :id/adventure', `${base}${c}/adventure`],
    ['GET :id/inventory', `${base}${c}/inventory`],
    ['GET :id/store', `${base}${c}/store`],
    ['GET :id/crafting', `${base}${c}/crafting`],
    ['GET :id/skills', `${base}${c}/skills`],
    ['GET :id/poker', `${base}${c}/poker`],
    ['GET /api/commands', `${base}/api/commands`],
    ['GET /api/store/schedule', `${base}/api/store/schedule`],
    ['GET /api/achievements', `${base}/api/achievements`],
    ['GET /api/leaderboards/xp', `${base}/api/leaderboards/xp`],
    ['GET /api/chat', `${base}/api/chat`],
    ['GET /api/social/summary', `${base}/api/social/summary`],
    ['GET /api/friends', `${base}/api/friends`],
    ['GET /api/friends/suggestions', `${base}/api/friends/suggestions`],
    ['GET /api/messages', `${base}/api/messages`],
    ['GET /api/messages/:userId', `${base}/api/messages/${friendId}`],
    ['GET /api/blocks', `${base}/api/blocks`],
    ['GET /api/profiles/:userId', `${base}/api/profiles/${me.id}`],
    ['GET /api/profiles/:userId/friends', `${base}/api/profiles/${me.id}/friends`],
    ['GET /api/users/:userId/posts', `${base}/api/users/${me.id}/posts`],
    ['GET /api/users/search', `${base}/api/users/search?q=bench`],
    ['GET /api/auction/listings', `${base}/api/auction/listings`],
    ['GET /api/auction/mine', `${base}/api/auction/mine`],
  ];
}

/** ANALYZE on a PostgreSQL database, as its autovacuum would soon. */
async function analyze(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Starts the compiled server on one database, signs a player in, and measures each route. */
async function benchServer(label, databaseUrl, helloNow) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'development',
    DEV_OUTBOX: '1',
    ...(ALL_ROUTES ? { DEV_GRANTS: '1' } : {}),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000000',
    WEB_DIST: path.join(work, 'no-web'),
  };
  const { child, startMs } = await startProcess([...serverFlags, entry], env, `${base}/api/health`);
  await sleep(2000);
  rows.push({ what: `${label}: first start on a new database (to first /api/health; PGlite: unpacked from the template)`, ms: startMs });
  rows.push({ what: `${label}: idle RSS after start`, 'RSS MB': rssMb(child.pid) });

  const { cookie, call } = await signedInPlayer(base, `bench.${Date.now()}@example.com`, 'bench');
  const { character } = await (await call('POST', '/api/characters', { name: 'Benchmark', race: 'human', class: 'warrior', gender: 'female' })).json();

  // Each connection's next console line goes to the next player's character. On one character every
  // line waits on that character's row lock; ten players, each on a character of their own, type as
  // players do.
  const consoleScript = (name, players) => {
    const file = path.join(work, name);
    writeFileSync(
      file,
      [
        `local players = {${players.map((p) => `{ ${JSON.stringify(p.cookie)}, ${JSON.stringify(p.path)} }`).join(', ')}}`,
        'local turn = 0',
        'request = function()',
        '  turn = turn + 1',
        '  local p = players[(turn % #players) + 1]',
        `  return wrk.format("POST", p[2], { ["cookie"] = p[1], ["origin"] = ${JSON.stringify(base)}, ["content-type"] = "application/json" }, '{"text":"/roll 2d6"}')`,
        'end',
        '',
      ].join('\n'),
    );
    return file;
  };
  const others = await Promise.all(
    Array.from({ length: CONSOLE_PLAYERS }, async (_, i) => {
      const other = await signedInPlayer(base, `bench.${Date.now()}.${i}@example.com`, `bench${i}`);
      const made = await (await other.call('POST', '/api/characters', { name: `Bench${i}`, race: 'human', class: 'warrior', gender: 'female' })).json();
      const { id: userId } = await (await other.call('GET', '/api/me')).json();
      return { cookie: other.cookie(), path: `/api/characters/${made.character.id}/console`, characterId: made.character.id, userId };
    }),
  );
  const auth = { cookie: cookie(), origin: base };
  const oneCharacter = consoleScript('console-one.lua', [{ cookie: cookie(), path: `/api/characters/${character.id}/console` }]);
  const manyPlayers = consoleScript('console-players.lua', others);
  const routes = [
    ['GET /api/health', `${base}/api/health`, {}],
    ['GET /api/me', `${base}/api/me`, { headers: auth }],
    ['GET /api/characters', `${base}/api/characters`, { headers: auth }],
    ['POST console /roll 2d6 (one character)', base, { script: oneCharacter }],
    [`POST console /roll 2d6 (${CONSOLE_PLAYERS} players)`, base, { script: manyPlayers }],
  ];
  // The floors under those lines and the list (PostgreSQL): the same transaction, on the same players'
  // characters, and the list's statement, from a bare Fastify route with node-postgres and no game
  // code (scripts/bench-floor.mjs).
  let floor;
  if (databaseUrl && process.env.BENCH_FLOOR !== '0') {
    const floorPort = await freePort();
    floor = await startProcess(
      [path.join(root, 'scripts/bench-floor.mjs')],
      { DATABASE_URL: databaseUrl, PORT: String(floorPort), CHARACTERS: JSON.stringify(others.map((o) => [o.characterId, o.userId])) },
      `http://127.0.0.1:${floorPort}/health`,
    );
    const script = path.join(work, 'floor.lua');
    writeFileSync(script, `wrk.method = "POST"\nwrk.body = '{"text":"/roll 2d6"}'\nwrk.headers["content-type"] = "application/json"\n`);
    routes.push([
      `floor: the same line's transaction alone (bare Fastify + node-postgres, ${CONSOLE_PLAYERS} characters)`,
      `http://127.0.0.1:${floorPort}/line`,
      { script, pid: floor.child.pid },
    ]);
    routes.push([
      `floor: GET /api/characters' statement alone (bare Fastify + node-postgres, two pipelined connections)`,
      `http://127.0.0.1:${floorPort}/characters`,
      { pid: floor.child.pid },
    ]);
  }
  if (ALL_ROUTES) {
    const reads = await playerReads(base, character.id, call, others);
    routes.push(
      ...reads.map(([what, url], i) => [
        what,
        url,
        {
          headers: auth,
          secs: ROUTE_SECONDS,
          // The console rows above wrote tens of thousands of lines in seconds: PostgreSQL's autovacuum
          // would analyze the tables within a minute, the embedded database's maintenance within two
          // (db/maintenance.ts). The reads are measured as a running server serves them: analyzed first.
          before: i === 0 && databaseUrl ? () => analyze(databaseUrl) : undefined,
        },
      ]),
    );
  }
  // BENCH_ONLY=<regex>: only the rows whose name matches (the database analyzed first, as the reads are).
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  if (only && databaseUrl) await analyze(databaseUrl);
  for (const [what, url, options] of only ? routes.filter(([what]) => only.test(what)) : routes) {
    if (!only) await options.before?.();
    const helloRps = helloNow();
    let cpuBefore = 0;
    let machineBefore = 0;
    const pid = options.pid ?? child.pid;
    const r = wrk(url, { ...options, beforeRun: () => ((cpuBefore = cpuSeconds(pid)), (machineBefore = machineCpuSeconds())) });
    // The server's CPU per answer: steadier than req/s on a shared machine, and what a change saves.
    // The machine's (server, database, wrk and anything else running) says what is left for the rest.
    const cpuUs = Math.round(((cpuSeconds(pid) - cpuBefore) * 1e6) / r.total);
    const machineUs = Math.round(((machineCpuSeconds() - machineBefore) * 1e6) / r.total);
    rows.push({
      what: `${label}: ${what}`,
      'req/s': r.rps,
      'x hello': +(r.rps / helloRps).toFixed(3),
      'hello req/s': helloRps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'CPU us/req': cpuUs,
      'machine CPU us/req': machineUs,
      errors: r.errors,
    });
  }
  if (floor) await stopProcess(floor.child);
  rows.push({ what: `${label}: RSS after the load`, 'RSS MB': rssMb(child.pid) });
  await stopProcess(child);

  // A restart on the same database: what a running game's start and memory look like.
  const again = await startProcess([...serverFlags, entry], env, `${base}/api/health`);
  await sleep(2000);
  rows.push({ what: `${label}: restart on the same database (to first /api/health)`, ms: again.startMs, 'RSS MB': rssMb(again.child.pid) });
  await stopProcess(again.child);
}

try {
  if (!have('wrk') && !aptInstall('wrk')) throw new Error('wrk is needed: apt-get install -y wrk');
  if (process.env.BENCH_SERVER) console.log(`== the compiled server ${entry}`);
  else {
    console.log('== compiling the server');
    await buildServer();
  }

  // The baseline: a bare Fastify hello-world in its own process, measured the same way.
  const helloPort = await freePort();
  const helloFile = path.join(root, 'apps/server', `.bench-hello-${process.pid}.tmp.mjs`);
  writeFileSync(
    helloFile,
    `import Fastify from 'fastify';\nconst app = Fastify();\napp.get('/', async () => ({ hello: 'world' }));\nawait app.listen({ port: ${helloPort}, host: '127.0.0.1' });\n`,
  );
  cleanups.push(() => rmSync(helloFile, { force: true }));
  console.log(`== Fastify hello-world (${connections} connections, ${seconds} s per route)`);
  const hello = await startProcess([helloFile], {}, `http://127.0.0.1:${helloPort}/`);
  const h = wrk(`http://127.0.0.1:${helloPort}/`);
  rows.push({ what: 'baseline: Fastify hello-world GET /', 'req/s': h.rps, 'x hello': 1, 'p50 ms': h.p50, 'p99 ms': h.p99, errors: h.errors });
  rows.push({ what: 'baseline: start', ms: hello.startMs, 'RSS MB': rssMb(hello.child.pid) });
  // The machine's speed drifts during a run (a shared host: ±30% over minutes), so every route's
  // ratio is to a hello-world measured right before it ('hello req/s'), the hello-world idle meanwhile.
  const helloNow = () => wrk(`http://127.0.0.1:${helloPort}/`, { secs: HELLO_SECONDS, warm: false }).rps;

  const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
  if (databases.includes('pglite')) {
    console.log('== PGlite (embedded)');
    await benchServer('PGlite', '', helloNow);
  }

  console.log('== PostgreSQL');
  const wantThrowaway = !process.env.DATABASE_URL && databases.includes('postgres');
  if (wantThrowaway && !have(`${PGBIN}/initdb`) && process.getuid?.() === 0) aptInstall('postgresql-15');
  const throwaway = wantThrowaway ? await throwawayPostgres({ name: 'bench', maxConnections: 200, cleanups }) : null;
  const pgUrl = databases.includes('postgres') ? process.env.DATABASE_URL || throwaway?.url : undefined;
  if (throwaway) await benchServer('PostgreSQL (Unix socket)', throwaway.socketUrl(), helloNow);
  if (pgUrl && process.env.BENCH_TCP !== '0') await benchServer('PostgreSQL (TCP)', pgUrl, helloNow);
  if (!pgUrl)
    rows.push({ what: `PostgreSQL: skipped (${databases.includes('postgres') ? 'no PostgreSQL 15 binaries and no DATABASE_URL' : 'BENCH_DATABASES'})` });
  await stopProcess(hello.child);

  console.table(rows);
  console.log('x hello = route req/s divided by the hello-world req/s measured just before it (hello req/s); errors = non-2xx answers and socket errors.');

  // The global chat (its own script and tables): 5,000 tabs on one server process and across two processes
  // on the same PostgreSQL (a database of their own on it), and the PGlite server's RSS with 1,000 tabs.
  if (process.env.BENCH_CHAT !== '0')
    execFileSync(process.execPath, [path.join(root, 'scripts/bench-chat.mjs')], {
      stdio: 'inherit',
      env: { ...process.env, ...(pgUrl ? { DATABASE_URL: pgUrl } : {}) },
    });
  // The leaderboards with 100,000 characters, in a database of their own on the same PostgreSQL (BENCH_LEADERBOARDS=0 skips it).
  if (process.env.BENCH_LEADERBOARDS !== '0' && pgUrl)
    execFileSync(process.execPath, [path.join(root, 'scripts/bench-leaderboards.mjs')], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: pgUrl } });
} finally {
  for (const cleanup of cleanups.reverse()) cleanup();
  rmSync(work, { recursive: true, force: true });
}
