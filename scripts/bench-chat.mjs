#!/usr/bin/env node
// The global chat's fan-out (issue 14), on the compiled server, in three parts:
//   one     BENCH_CHAT_SOCKETS (5,000) signed-in tabs on ONE server process; players say lines at steady
//           rates and every tab must receive each one. PostgreSQL when DATABASE_URL is set, else PGlite.
//   two     two server processes on one PostgreSQL: the lines are said on process A, every tab is on
//           process B, so each line crosses the bus (LISTEN/NOTIFY). Needs DATABASE_URL.
//   memory  the PGlite server's RSS idle and with BENCH_CHAT_MEMORY_SOCKETS (1,000) open tabs.
//   floor   no game server: the time one event loop takes to write a frame to BENCH_CHAT_SOCKETS plain loopback TCP
//           sockets, the kernel's share of a flush that no code of ours can go under (run it beside 'one').
// Each rate is warmed up for 2 s (lines not counted), then prints: lines said per second, deliveries per second (line x tab), the share delivered, and the
// send -> receipt latency (p50/p99/max) from just before the POST to each tab's receipt (the send time
// rides in the line's text). The tabs are lean WebSocket clients (leanTab) in BENCH_CHAT_RECEIVERS (2) child
// processes, so the load generator does not share an event loop with the sender; on a small machine it shares
// the cores, and each row says how many cores the server, the receivers and the rest used while the lines went out.
//
// Accounts: at most 12 tabs per player (realtime/hub.ts MAX_SOCKETS_PER_PLAYER), so 5,000 tabs need ~420
// players. Signing each up through HTTP costs two password hashes (~0.5 s a player), so one player is
// signed up through the API (dev outbox) and the rest are copies of it written straight into the bench's
// own database (user, profile, character, a session), their session cookies signed with the AUTH_SECRET
// the bench gives the server. No limit of the server is changed. PGlite lives inside the server process,
// so there the server is stopped, the copies written, and the server started again on the same database.
// Each player may say 5 lines in 10 s (the chat throttle), so a rate of R lines/s needs at least 2R speakers.
//
//   BENCH_CHAT_PARTS=one,two,memory,floor   BENCH_CHAT_SOCKETS=5000   BENCH_CHAT_RATES=10,15 (lines/s, part one)
//   BENCH_CHAT_TWO_RATES=10   BENCH_CHAT_SECONDS=10 (per rate)   BENCH_CHAT_RECEIVERS=2
//   BENCH_CHAT_MEMORY_SOCKETS=1000   BENCH_CHAT_PROFILE=<dir> (node --cpu-prof of the part-one server into <dir>)
//   DATABASE_URL=… a PostgreSQL server: each part creates its own database there and drops it after.
//   BENCH_CHAT_SERVER=<main.js> runs that compiled server instead of building and running apps/server/dist
//   (a before/after comparison in one sitting).
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, createServer } from 'node:net';
import { buildServer, serverEntry } from './build-server.mjs';
import {
  benchServerEnv,
  cpuSeconds,
  freePort,
  machineCpuSeconds,
  newPgDatabase,
  rssMb,
  sessionCookie as sharedSessionCookie,
  signedInPlayer,
  sleep,
  untilHealthy,
} from './bench-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = (process.env.BENCH_CHAT_PARTS ?? 'one,two,memory,floor').split(',').map((p) => p.trim());
const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 5000);
const RATES = (process.env.BENCH_CHAT_RATES ?? '10,15')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const TWO_RATES = (process.env.BENCH_CHAT_TWO_RATES ?? '10')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
/** Seconds of lines said at each rate before it is measured. */
const WARM_SECONDS = 2;
const RECEIVERS = Number(process.env.BENCH_CHAT_RECEIVERS ?? 2);
const MEMORY_SOCKETS = Number(process.env.BENCH_CHAT_MEMORY_SOCKETS ?? 1000);
const PROFILE_DIR = process.env.BENCH_CHAT_PROFILE;
const MAX_SOCKETS_PER_PLAYER = 12;
/** The chat throttle (packages/game/src/social/chat.ts): 5 lines per 10 s per player. */
const THROTTLE = { max: 5, windowMs: 10_000 };
const SECRET = randomBytes(32).toString('hex');

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes of one machine. */
const nowMs = () => performance.timeOrigin + performance.now();

/** Runs `task` over `items` with at most `limit` at once. */
async function pool(items, limit, task) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i], i);
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------------------------------------------
// The bench process: servers, accounts, the sender, the figures.

/** Starts the compiled server and waits for /api/health. */
async function startServer({ databaseUrl, dataDir, profile }, cleanups) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const env = benchServerEnv({ port, dataDir, databaseUrl, secret: SECRET });
  const entry = process.env.BENCH_CHAT_SERVER || serverEntry;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, entry] : [entry];
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  cleanups.push(() => child.exitCode === null && child.kill('SIGTERM'));
  await untilHealthy(base, child, 120_000);
  return { base, child, pid: child.pid };
}

async function stopServer(server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

const sessionCookie = (token) => sharedSessionCookie(SECRET, token);

/** JSON calls with one player's cookie and the game's Origin. */
const caller = (base, cookie) => async (method, url, body) => {
  const res = await fetch(base + url, {
    method,
    headers: { origin: base, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
};

/**
 * `count` players copied from the template player (signed up through the API, with a character): their
 * rows in every table sign-up and character creation write, each with a session. Answers the cookies.
 * `exec(sql, params)` runs a statement on the bench's database (node-postgres or PGlite).
 */
async function seedPlayers(exec, templateUserId, count) {
  const tag = Date.now().toString(36);
  const columns = async (table) =>
    (
      await exec(`select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`, [table])
    ).rows.map((r) => r.column_name);
  const userId = `'b${tag}u' || i`;
  const characterId = `md5('b${tag}c' || i)::uuid`;
  /** insert into `table` a copy of the template's row per i, with `overrides` (column -> SQL over t and i). */
  async function copy(table, overrides, from, where) {
    const cols = await columns(table);
    const select = cols.map((c) => overrides[c] ?? `t.${c}`);
    await exec(`insert into ${table} (${cols.join(', ')}) select ${select.join(', ')} from ${from}, generate_series(1, $2::int) i where ${where}`, [
      templateUserId,
      count,
    ]);
  }
  await copy('auth_user', { id: userId, name: userId, email: `${userId} || '@bench.example.com'` }, 'auth_user t', 't.id = $1');
  await copy('users', { id: userId, username: `${userId}`, email: `${userId} || '@bench.example.com'`, is_online: 'false' }, 'users t', 't.id = $1');
  await copy('player_characters', { id: characterId, user_id: userId, name: `'Crier' || i` }, 'player_characters t', 't.user_id = $1');
  for (const table of ['player_character_appearance', 'player_character_attributes', 'player_character_backpack']) {
    await copy(table, { character_id: characterId }, `${table} t join player_characters c on c.id = t.character_id`, 'c.user_id = $1');
  }
  const sessions = await exec(
    `insert into auth_session (id, token, user_id, expires_at, created_at, updated_at)
     select 'b${tag}s' || i, md5(random()::text || i)::text, ${userId}, now() + interval '1 day', now(), now()
     from generate_series(1, $2::int) i where $1::text is not null returning token`,
    [templateUserId, count],
  );
  return sessions.rows.map((r) => sessionCookie(r.token));
}

/** The template player, signed up through the API with a character; answers its user id. */
async function templatePlayer(base) {
  const { call } = await signedInPlayer(base, `chat.template.${Date.now().toString(36)}@example.com`, 'chat-template');
  await call('POST', '/api/characters', { name: 'Crier', race: 'human', class: 'warrior', gender: 'female' });
  return (await (await call('GET', '/api/me')).json()).id;
}

/**
 * A server on a new database with `count` players: on PostgreSQL they are written while it runs; on
 * PGlite the server is stopped, the players written into its database, and the server started again.
 */
async function serverWithPlayers({ pgServer, dbName, count, profile }, cleanups) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-bench-chat-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (pgServer) {
    const databaseUrl = await newPgDatabase(pgServer, dbName, cleanups);
    const server = await startServer({ databaseUrl, dataDir, profile }, cleanups);
    const template = await templatePlayer(server.base);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const cookies = await seedPlayers((sql, params) => client.query(sql, params), template, count);
    await client.end();
    return { server, cookies, databaseUrl, dataDir };
  }
  let server = await startServer({ dataDir }, cleanups);
  const template = await templatePlayer(server.base);
  await stopServer(server);
  const { PGlite } = await import('@electric-sql/pglite');
  const embedded = new PGlite(path.join(dataDir, 'pglite'));
  await embedded.waitReady;
  const cookies = await seedPlayers((sql, params) => embedded.query(sql, params), template, count);
  await embedded.close();
  server = await startServer({ dataDir, profile }, cleanups);
  return { server, cookies, dataDir };
}

/** Opens `cookies.length` tabs on `base` across the receiver processes. */
async function openTabs(base, cookies, cleanups) {
  const wsUrl = `${base.replace(/^http/, 'ws')}/api/realtime`;
  const shares = Array.from({ length: RECEIVERS }, () => []);
  cookies.forEach((cookie, i) => shares[i % RECEIVERS].push(cookie));
  const receivers = shares.map(() =>
    fork(fileURLToPath(import.meta.url), ['--receiver'], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  cleanups.push(() => receivers.forEach((r) => r.connected && r.send({ type: 'close' })));
  await Promise.all(
    receivers.map(
      (r, i) =>
        new Promise((resolve, reject) => {
          r.once('message', (m) => (m.type === 'ready' ? resolve() : reject(new Error(m.error))));
          r.once('exit', (code) => reject(new Error(`a receiver exited with ${code}`)));
          r.send({ type: 'open', wsUrl, origin: base, cookies: shares[i] });
        }),
    ),
  );
  const collect = () =>
    Promise.all(
      receivers.map(
        (r) =>
          new Promise((resolve) => {
            r.once('message', resolve);
            r.send({ type: 'report' });
          }),
      ),
    );
  /** Waits until no tab has received anything for a second (the presence pushes of the players who connected), at most 2 minutes. */
  const settle = async () => {
    const started = performance.now();
    let before = -1;
    for (;;) {
      const now = (await collect()).reduce((n, r) => n + r.messages, 0);
      if (now === before || performance.now() - started > 120_000) return (performance.now() - started) / 1000;
      before = now;
      await sleep(1000);
    }
  };
  const close = async () => {
    await Promise.all(receivers.map((r) => new Promise((resolve) => (r.exitCode !== null ? resolve() : (r.once('exit', resolve), r.send({ type: 'close' }))))));
  };
  return { collect, settle, close, pids: receivers.map((r) => r.pid) };
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

/** Says lines at each rate through `base` (speakers in turn under the throttle) and measures what the tabs got. */
async function sayLines({ base, speakerCookies, tabs, sockets, rates, pid }) {
  // Who used the two cores while the lines went out: the server under test, the receivers (the load
  // generator), and everything else (PostgreSQL, the sender, the machine), in CPU seconds per second.
  // The gateway: the server's child process with RPG_GATEWAY=process (none inline).
  const cpuOf = () => ({
    server: pid ? cpuSeconds(pid) : NaN,
    gateway: pid ? childPids(pid).reduce((n, p) => n + cpuSeconds(p), 0) : 0,
    receivers: tabs.pids.reduce((n, p) => n + cpuSeconds(p), 0),
    machine: machineCpuSeconds(),
  });
  const speakers = speakerCookies.map((cookie) => ({ call: caller(base, cookie), said: [] }));
  const rows = [];
  let seq = 0;
  let turn = 0;
  /** The next player whose last 5 lines leave room under the throttle, or undefined. */
  const nextSpeaker = () => {
    for (let k = 0; k < speakers.length; k++) {
      const p = speakers[(turn + k) % speakers.length];
      const now = Date.now();
      p.said = p.said.filter((at) => now - at < THROTTLE.windowMs + 500);
      if (p.said.length < THROTTLE.max) {
        turn = (turn + k + 1) % speakers.length;
        return p;
      }
    }
    return undefined;
  };
  for (const rate of rates) {
    // A warm-up at the rate, not counted (as wrk warms a route up): the first lines after the tabs
    // open find the flush path cold (compilation, first writes) and are not what a running server does.
    const warmStart = performance.now();
    const warmSends = [];
    for (let i = 0; i < rate * WARM_SECONDS; i++) {
      const wait = warmStart + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      const speaker = nextSpeaker();
      if (!speaker) continue;
      speaker.said.push(Date.now());
      warmSends.push(speaker.call('POST', '/api/chat', { text: `warm-up ${i}` }).catch(() => undefined));
    }
    await Promise.all(warmSends);
    await sleep(1000);
    await tabs.collect();
    let said = 0;
    let refused = 0;
    const lines = rate * SECONDS;
    const interval = 1000 / rate;
    const start = performance.now();
    const startWall = nowMs();
    const cpuStart = cpuOf();
    const sends = [];
    /** Each POST's answer time (ms): what the API process's event loop costs the players who act. */
    const answers = [];
    for (let i = 0; i < lines; i++) {
      const wait = start + i * interval - performance.now();
      if (wait > 0) await sleep(wait);
      const speaker = nextSpeaker();
      if (!speaker) {
        refused += 1;
        continue;
      }
      const text = `bench ${++seq} ${nowMs().toFixed(3)}`;
      speaker.said.push(Date.now());
      const sentAt = performance.now();
      sends.push(
        speaker.call('POST', '/api/chat', { text }).then(
          () => {
            said += 1;
            answers.push(performance.now() - sentAt);
          },
          () => (refused += 1),
        ),
      );
    }
    await Promise.all(sends);
    const sendSeconds = (performance.now() - start) / 1000;
    // Wait for the last deliveries (at most 15 s).
    const expected = said * sockets;
    const drainStart = performance.now();
    let received = 0;
    let lastReceipt = startWall;
    const chunks = [];
    /** Each line's receipt latencies: a stall shows as a few lines late at every tab, a slow flush as every line's tail. */
    const byLine = new Map();
    while (received < expected && performance.now() - drainStart < 15_000) {
      await sleep(250);
      for (const report of await tabs.collect()) {
        received += report.received;
        lastReceipt = Math.max(lastReceipt, report.last);
        chunks.push(report.samples);
        report.lines.forEach((line, i) => (byLine.get(line) ?? byLine.set(line, []).get(line)).push(report.samples[i]));
      }
    }
    // From the first send to the last receipt.
    const totalSeconds = (lastReceipt - startWall) / 1000;
    const cpuEnd = cpuOf();
    const cpuSpan = (performance.now() - start) / 1000;
    const share = (key) => +((cpuEnd[key] - cpuStart[key]) / cpuSpan).toFixed(2);
    const sorted = new Float64Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      sorted.set(c, at);
      at += c.length;
    }
    sorted.sort();
    rows.push({
      'target lines/s': rate,
      'lines said/s': +(said / sendSeconds).toFixed(1),
      refused,
      'deliveries/s': Math.round(received / totalSeconds),
      'delivered %': +((100 * received) / Math.max(1, expected)).toFixed(2),
      'p50 ms': +quantile(sorted, 0.5).toFixed(1),
      'p99 ms': +quantile(sorted, 0.99).toFixed(1),
      'max ms': +(sorted.at(-1) ?? NaN).toFixed(1),
      // The lines whose median tab got them later than 100 ms, and the worst line's median.
      'lines late (p50 > 100 ms)': [...byLine.values()].filter(
        (l) =>
          quantile(
            l.sort((a, b) => a - b),
            0.5,
          ) > 100,
      ).length,
      'worst line p50 ms': +Math.max(...[...byLine.values()].map((l) => quantile(l, 0.5))).toFixed(1),
      'answer p99 ms': +quantile(
        answers.sort((a, b) => a - b),
        0.99,
      ).toFixed(1),
      'server RSS MB': pid ? rssMb(pid) : NaN,
      'gateway RSS MB': pid ? childPids(pid).reduce((n, p) => n + rssMb(p), 0) : 0,
      'server cores': share('server'),
      'gateway cores': share('gateway'),
      'receivers cores': share('receivers'),
      'others cores': +(share('machine') - share('server') - share('gateway') - share('receivers')).toFixed(2),
    });
    // The throttle window passes before the next rate.
    await sleep(THROTTLE.windowMs + 500);
  }
  return rows;
}

/** A process's children (the server's gateway process, RPG_GATEWAY=process), from /proc (Linux). */
function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const playersFor = (sockets, rates) => Math.max(Math.ceil(sockets / MAX_SOCKETS_PER_PLAYER) + 2, Math.max(0, ...rates) * 2 + 2);
/** Tabs spread over the players, at most 12 each. */
const tabCookies = (cookies, sockets) => Array.from({ length: sockets }, (_, i) => cookies[i % cookies.length]);

/** Runs a part with its own clean-ups, undone in reverse order however it ends. */
async function withCleanups(run) {
  const cleanups = [];
  try {
    return await run(cleanups);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** Says lines to the open tabs, prints the table, and closes the tabs and the servers. */
async function measureAndClose({ title, speakerBase, cookies, tabs, rates, pid, servers }) {
  const rows = await sayLines({ base: speakerBase, speakerCookies: cookies, tabs, sockets: SOCKETS, rates, pid });
  console.log(title);
  console.table(rows);
  await tabs.close();
  for (const server of servers) await stopServer(server);
  return rows;
}

function partOne(pgServer, tag) {
  return withCleanups(async (cleanups) => {
    const players = playersFor(SOCKETS, RATES);
    console.log(
      `== one process (${pgServer ? 'PostgreSQL' : 'PGlite'}): ${players} players, ${SOCKETS} tabs in ${RECEIVERS} receiver processes${PROFILE_DIR ? `, CPU profile into ${PROFILE_DIR}` : ''}`,
    );
    const { server, cookies } = await serverWithPlayers({ pgServer, dbName: `rpg_bench_chat_one_${tag}`, count: players, profile: PROFILE_DIR }, cleanups);
    const t = performance.now();
    const tabs = await openTabs(server.base, tabCookies(cookies, SOCKETS), cleanups);
    console.log(`   tabs open in ${((performance.now() - t) / 1000).toFixed(1)} s; server RSS ${rssMb(server.pid)} MB`);
    // The presence pushes of the connecting players (one to every tab per player) are delivered first.
    console.log(`   presence pushes settled in ${(await tabs.settle()).toFixed(1)} s`);
    const title = `== global chat: ${SOCKETS} tabs on one server process (${pgServer ? 'PostgreSQL' : 'PGlite'}), ${SECONDS} s per rate`;
    return measureAndClose({ title, speakerBase: server.base, cookies, tabs, rates: RATES, pid: server.pid, servers: [server] });
  });
}

function partTwo(pgServer, tag) {
  return withCleanups(async (cleanups) => {
    const players = playersFor(SOCKETS, TWO_RATES);
    console.log(`== two processes on one PostgreSQL: lines said on A, ${SOCKETS} tabs on B`);
    const { server: a, cookies, databaseUrl, dataDir } = await serverWithPlayers({ pgServer, dbName: `rpg_bench_chat_two_${tag}`, count: players }, cleanups);
    const b = await startServer({ databaseUrl, dataDir: path.join(dataDir, 'b') }, cleanups);
    const tabs = await openTabs(b.base, tabCookies(cookies, SOCKETS), cleanups);
    await tabs.settle();
    const title = `== global chat across processes: said on A, ${SOCKETS} tabs on B (PostgreSQL LISTEN/NOTIFY), ${SECONDS} s per rate`;
    return measureAndClose({ title, speakerBase: a.base, cookies, tabs, rates: TWO_RATES, pid: b.pid, servers: [b, a] });
  });
}

function partMemory() {
  return withCleanups(async (cleanups) => {
    console.log(`== memory: the PGlite server idle and with ${MEMORY_SOCKETS} open tabs`);
    const { server, cookies } = await serverWithPlayers({ count: Math.ceil(MEMORY_SOCKETS / MAX_SOCKETS_PER_PLAYER) + 2 }, cleanups);
    await sleep(3000);
    const idle = rssMb(server.pid);
    const tabs = await openTabs(server.base, tabCookies(cookies, MEMORY_SOCKETS), cleanups);
    await tabs.settle();
    await sleep(3000);
    const open = rssMb(server.pid);
    const rows = [
      { what: 'PGlite server (restarted on its database), idle', 'RSS MB': idle },
      { what: `with ${MEMORY_SOCKETS} signed-in tabs open`, 'RSS MB': open },
    ];
    console.table(rows);
    await tabs.close();
    await stopServer(server);
    return rows;
  });
}

/**
 * The kernel's floor under the fan-out: one process writes one frame to each of SOCKETS plain loopback TCP
 * connections (no WebSocket, no game code; the readers are in RECEIVERS child processes and drop what they
 * read). A flush to every tab on one event loop cannot take less than this.
 */
function partFloor() {
  return withCleanups(async (cleanups) => {
    const conns = [];
    const server = createServer((socket) => {
      socket.setNoDelay(true);
      conns.push(socket);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      conns.forEach((c) => c.destroy());
      server.close();
    });
    const counts = Array.from({ length: RECEIVERS }, (_, i) => Math.floor(SOCKETS / RECEIVERS) + (i < SOCKETS % RECEIVERS ? 1 : 0));
    const sinks = counts.map((count) => fork(fileURLToPath(import.meta.url), ['--sink', String(server.address().port), String(count)]));
    cleanups.push(() => sinks.forEach((k) => k.kill()));
    await Promise.all(sinks.map((k) => new Promise((resolve) => k.once('message', resolve))));
    while (conns.length < SOCKETS) await sleep(50);
    const frame = Buffer.alloc(400, 0x61);
    const perWrite = [];
    for (let round = 0; round < 10; round++) {
      const t = performance.now();
      for (const c of conns) c.write(frame);
      perWrite.push(((performance.now() - t) * 1000) / conns.length);
      await sleep(200);
    }
    perWrite.sort((a, b) => a - b);
    const median = perWrite[perWrite.length >> 1];
    const rows = [
      {
        what: `one 400-byte write to each of ${SOCKETS} loopback TCP sockets, 10 rounds`,
        'us per write (median)': +median.toFixed(1),
        min: +perWrite[0].toFixed(1),
        max: +perWrite.at(-1).toFixed(1),
        'ms per round (median)': +((median * SOCKETS) / 1000).toFixed(1),
      },
    ];
    console.log('== the floor: plain TCP writes from one event loop');
    console.table(rows);
    return rows;
  });
}

/** A sink (child process): opens `count` TCP connections to `port` and drops whatever arrives. */
async function sink(port, count) {
  const scratch = Buffer.allocUnsafe(64 * 1024);
  // 20 at a time, as the receivers open their tabs: a burst of thousands overflows the listen backlog.
  await pool(
    Array.from({ length: count }),
    20,
    () =>
      new Promise((resolve, reject) => connect({ host: '127.0.0.1', port, onread: { buffer: scratch, callback: () => {} } }, resolve).once('error', reject)),
  );
  process.send({ type: 'ready' });
}

async function main() {
  const pgServer = process.env.DATABASE_URL || undefined;
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  if (!process.env.BENCH_CHAT_SERVER) {
    console.log('== compiling the server');
    await buildServer();
  }
  if (PARTS.includes('one')) await partOne(pgServer, tag);
  if (PARTS.includes('two')) {
    if (pgServer) await partTwo(pgServer, tag);
    else console.log('== two processes: skipped (needs DATABASE_URL, a PostgreSQL server)');
  }
  if (PARTS.includes('memory')) await partMemory();
  if (PARTS.includes('floor')) await partFloor();
  console.log('deliveries/s = chat lines received by all tabs per second; latency = POST sent -> each tab received it.');
  process.exit(0);
}

/**
 * A tab without a browser: a WebSocket client over a bare TCP socket (RFC 6455), made to cost the
 * machine little, because it shares the two cores with the server it measures. `ws` spent about as much
 * CPU receiving as the server spent sending (0.86 against 0.83 cores at 47,000 deliveries/s); this reads
 * into one shared buffer (net's `onread`) and looks only at what it needs: the frames' lengths, the hello,
 * the send time in a chat line, and the server's pings, which it answers.
 */
function leanTab({ host, port, path: wsPath, origin, cookie }, shared, onText) {
  return new Promise((resolve, reject) => {
    let handshake = '';
    let pending = null; // bytes of an incomplete frame, copied out of the shared buffer
    let hello = false;
    const fail = (error) => {
      socket.destroy();
      reject(error);
    };
    const frames = (bytes) => {
      let at = 0;
      while (bytes.length - at >= 2) {
        const opcode = bytes[at] & 0x0f;
        let length = bytes[at + 1] & 0x7f;
        let head = 2;
        if (length === 126) {
          if (bytes.length - at < 4) break;
          length = bytes.readUInt16BE(at + 2);
          head = 4;
        } else if (length === 127) {
          if (bytes.length - at < 10) break;
          length = Number(bytes.readBigUInt64BE(at + 2));
          head = 10;
        }
        if (bytes.length - at < head + length) break;
        const body = bytes.subarray(at + head, at + head + length);
        if (opcode === 0x1) {
          if (hello) onText(body);
          else if (body.includes('"hello"')) {
            hello = true;
            resolve(socket);
          }
        } else if (opcode === 0x9) {
          // A pong with the ping's data, masked as a client must (a zero key leaves the bytes as they are).
          socket.write(Buffer.concat([Buffer.from([0x8a, 0x80 | body.length, 0, 0, 0, 0]), body]));
        } else if (opcode === 0x8) fail(new Error(`closed by the server with ${body.length >= 2 ? body.readUInt16BE(0) : 'no code'}`));
        at += head + length;
      }
      return at;
    };
    const socket = connect({
      host,
      port,
      onread: {
        buffer: shared,
        callback: (n, buf) => {
          let bytes = buf.subarray(0, n);
          if (handshake !== null) {
            handshake += bytes.toString('latin1');
            const end = handshake.indexOf('\r\n\r\n');
            if (end < 0) return;
            if (!handshake.startsWith('HTTP/1.1 101')) return fail(new Error(handshake.split('\r\n')[0]));
            bytes = Buffer.from(handshake.slice(end + 4), 'latin1');
            handshake = null;
          }
          if (pending) bytes = Buffer.concat([pending, bytes]);
          const used = frames(bytes);
          pending = used < bytes.length ? Buffer.from(bytes.subarray(used)) : null;
        },
      },
    });
    socket.setNoDelay(true);
    socket.on('connect', () =>
      socket.write(
        `GET ${wsPath} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\n\r\n`,
      ),
    );
    socket.on('error', fail);
    socket.on('close', () => hello || reject(new Error('closed before its hello')));
  });
}

/** A receiver (child process): opens its share of the tabs and times every chat line they receive. */
function receiver() {
  let sockets = [];
  let samples = [];
  /** The line (its sequence number) of each sample. */
  let lines = [];
  let received = 0;
  let last = 0;
  let messages = 0;
  const shared = Buffer.allocUnsafe(256 * 1024);
  const mark = Buffer.from('"text":"bench ');
  const onText = (data) => {
    messages += 1;
    // Only chat lines carry a send time: `"text":"bench <seq> <ms>"`. Read in the bytes, with no whole-message string.
    const at = data.indexOf(mark);
    if (at < 0) return;
    const from = at + mark.length;
    const m = /^(\d+) ([\d.]+)"/.exec(data.toString('latin1', from, Math.min(data.length, from + 40)));
    const sentAt = Number(m?.[2]);
    if (!sentAt) return;
    received += 1;
    last = nowMs();
    samples.push(last - sentAt);
    lines.push(Number(m[1]));
  };
  process.on('message', async (message) => {
    if (message.type === 'open') {
      try {
        const url = new URL(message.wsUrl);
        const target = { host: url.hostname, port: Number(url.port), path: url.pathname, origin: message.origin };
        sockets = await pool(message.cookies, 20, (cookie, i) =>
          Promise.race([leanTab({ ...target, cookie }, shared, onText), sleep(120_000).then(() => Promise.reject(new Error(`tab ${i} got no hello`)))]),
        );
        process.send({ type: 'ready', open: sockets.length });
      } catch (error) {
        process.send({ type: 'failed', error: String(error) });
      }
    } else if (message.type === 'report') {
      process.send({ type: 'report', received, last, messages, samples: Float64Array.from(samples), lines: Int32Array.from(lines) });
      samples = [];
      lines = [];
      received = 0;
    } else if (message.type === 'close') {
      sockets.forEach((socket) => socket.destroy());
      process.exit(0);
    }
  });
}

if (process.argv[2] === '--receiver') receiver();
else if (process.argv[2] === '--sink') sink(Number(process.argv[3]), Number(process.argv[4]));
else await main();
