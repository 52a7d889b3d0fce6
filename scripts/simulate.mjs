#!/usr/bin/env node
// `npm run simulate` (issue 29): simulated players on the compiled server, stepped up in one run
// until the game feels slow, on PostgreSQL and on the embedded PGlite.
//
// Each player is a verified account with a session, a character and an open WebSocket; they play
// the mix of scripts/simulate-support.mjs (adventures by the launcher and the console, store,
// backpack and equipment, crafting, chips and poker, the auction house, friends, direct messages,
// posts and likes, leaderboards) with exponential think time, and the global chat runs at
// SIMULATE_CHAT_PER_SECOND lines a second in all. The players live in worker threads
// (scripts/simulate-worker.mjs) with keep-alive HTTP agents and `ws` sockets.
//
// Accounts are made as scripts/bench-chat.mjs makes them: one template player signs up through the
// API (the dev outbox) and makes a character through POST /api/characters; the rest are copies of
// its rows written with generate_series (auth user, profile, a fresh character with no copper and
// an empty backpack, a session whose cookie is signed with the AUTH_SECRET given to the server, and
// a first friend).
// Their money comes from play only (adventure rewards, sales, the auction).
//
// Per step: every action's rate, p50 and p99 from request to answer, refusals (a 4xx of the rules)
// and failures (5xx, 429, 401, no answer); every push's p99 from the change's request to its arrival
// at the other players' sockets; the server's and the database's CPU (cores) and RSS, from /proc,
// and the simulation's own CPU. The capacity is the largest step where every action's p99 is at
// most 100 ms, every push's at most 200 ms, and nothing failed. Then, on each database: the same
// load on a world of 100,000 players, a million console lines, a million chat lines and 100,000
// listings against the fresh database (cost per action); on PostgreSQL, two server processes.
// The run ends with `npm run audit-economy` against each fresh database, when the script exists.
//
//   SIMULATE_DATABASES=postgres,pglite   DATABASE_URL=… (that PostgreSQL server, each run in a new database on it)
//   SIMULATE_STEPS_POSTGRES=1000,1500,…  SIMULATE_STEPS_PGLITE=500,1000,…  (players per step)
//   SIMULATE_WARM_SECONDS=10  SIMULATE_SECONDS=40 (measured per step)  SIMULATE_THINK_SECONDS=30
//   SIMULATE_CHAT_PER_SECOND=2  SIMULATE_TIME_SCALE=10 (RPG_TIME_SCALE: a forest adventure in 6 s)
//   SIMULATE_WORKERS=2  SIMULATE_WORLD=0 (skip the world)  SIMULATE_TWO=0 (skip two processes)
//   SIMULATE_WORLD_PLAYERS=100000 SIMULATE_WORLD_CONSOLE=1000000 SIMULATE_WORLD_CHAT=1000000 SIMULATE_WORLD_LISTINGS=100000
//   SIMULATE_QUICK=1 (a short run: a few hundred players, 10 s steps, no world, no second process)
//   SIMULATE_SERVER=<main.js> (that compiled server, or src/main.ts run through tsx)
//   SIMULATE_PGLITE_TEMPLATE=<tar.gz> (a migrated PGlite template unpacked into each new embedded database)  SIMULATE_OUT=<dir> (the plots and tables; docs/)
//   SIMULATE_SEED=1  SIMULATE_KEEP=1 (keep the databases made on DATABASE_URL's server)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildServer, pgliteTemplate, serverEntry, serverSources } from './build-server.mjs';
import { benchServerEnv, cpuSeconds, freePort, newPgDatabase as newSharedPgDatabase, pgClient, rssMb, sessionCookie as sharedSessionCookie, signedInPlayer, sleep, untilHealthy } from './bench-support.mjs';
import { capacitySvg, count, merge, MIX, newHistogram, quantile } from './simulate-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const QUICK = env.SIMULATE_QUICK === '1';
const num = (name, fallback) => (env[name] === undefined || env[name] === '' ? fallback : Number(env[name]));
const list = (name, fallback) => (env[name] ?? fallback).split(',').map((s) => s.trim()).filter(Boolean);
const DATABASES = list('SIMULATE_DATABASES', 'postgres,pglite');
const STEPS = {
  postgres: list('SIMULATE_STEPS_POSTGRES', QUICK ? '100,200,300' : '1000,1500,2000,2500,3000,3500,4000,5000,6000,7500,10000').map(Number),
  pglite: list('SIMULATE_STEPS_PGLITE', QUICK ? '100,200,300' : '500,1000,1250,1500,2000,2500,3000').map(Number),
};
const WARM_SECONDS = num('SIMULATE_WARM_SECONDS', QUICK ? 5 : 10);
const SECONDS = num('SIMULATE_SECONDS', QUICK ? 20 : 40);
const THINK_SECONDS = num('SIMULATE_THINK_SECONDS', 30);
const CHAT_PER_SECOND = num('SIMULATE_CHAT_PER_SECOND', 2);
const TIME_SCALE = num('SIMULATE_TIME_SCALE', 10);
const WORKERS = num('SIMULATE_WORKERS', 2);
const WORLD = env.SIMULATE_WORLD ? env.SIMULATE_WORLD !== '0' : !QUICK;
const TWO = env.SIMULATE_TWO ? env.SIMULATE_TWO !== '0' : !QUICK;
const WORLD_SIZE = {
  players: num('SIMULATE_WORLD_PLAYERS', 100_000),
  console: num('SIMULATE_WORLD_CONSOLE', 1_000_000),
  chat: num('SIMULATE_WORLD_CHAT', 1_000_000),
  listings: num('SIMULATE_WORLD_LISTINGS', 100_000),
};
const OUT = env.SIMULATE_OUT ? path.resolve(env.SIMULATE_OUT) : path.join(root, 'docs');
const SEED = num('SIMULATE_SEED', 1);
const LIMITS = { action: 100, push: 200 };
/** The world's cost per action may be at most this much above the fresh database's. */
const WORLD_LIMIT = 1.2;
const SECRET = randomBytes(32).toString('hex');
const work = mkdtempSync(path.join(tmpdir(), 'rpg-simulate-'));
const cleanups = [];

// ---------------------------------------------------------------------------------------------------
// Processes: the server, a throwaway PostgreSQL, and their CPU and memory from /proc.

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) if (entry !== 'node_modules' && entry !== 'dist') newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

async function startServer({ databaseUrl, dataDir }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // SIMULATE_SERVER may be the TypeScript entry (src/main.ts, through tsx): the test runs it unbuilt.
  const entry = env.SIMULATE_SERVER ? path.resolve(root, env.SIMULATE_SERVER) : serverEntry;
  const child = spawn(process.execPath, [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry], {
    cwd: root,
    env: { ...benchServerEnv({ port, dataDir, databaseUrl, secret: SECRET }), HOST: '127.0.0.1', RPG_TIME_SCALE: String(TIME_SCALE) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  const started = performance.now();
  await untilHealthy(base, child, 180_000);
  console.log(`   a server up at ${base} in ${fmt((performance.now() - started) / 1000)} s`);
  return { base, pid: child.pid, stop };
}

/** A throwaway PostgreSQL 15 cluster (as bench.mjs starts one), or null without its binaries. */
async function throwawayPostgres() {
  const pgbin = '/usr/lib/postgresql/15/bin';
  if (!existsSync(`${pgbin}/initdb`)) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'rpg-simulate-pg-'));
  mkdirSync(path.join(dir, 'sock'));
  const asPostgres = process.getuid?.() === 0;
  const run = (bin, args) => execFileSync(asPostgres ? 'runuser' : `${pgbin}/${bin}`, asPostgres ? ['-u', 'postgres', '--', `${pgbin}/${bin}`, ...args] : args, { stdio: 'ignore' });
  if (asPostgres) {
    const f = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'))?.split(':') ?? [];
    for (const p of [dir, path.join(dir, 'sock')]) chownSync(p, Number(f[2]), Number(f[3]));
  }
  run('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  run('pg_ctl', ['-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${path.join(dir, 'sock')} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`, 'start']);
  cleanups.push(() => {
    try {
      run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {
      /* already stopped */
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const postmaster = Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, socketUrl: (db) => `postgres://postgres@/${db}?host=${encodeURIComponent(path.join(dir, 'sock'))}&port=${port}`, postmaster };
}

/** The postmaster of DATABASE_URL's server when it runs on this machine (its pid from pg_stat_activity's backends' parent). */
async function postmasterOf(url) {
  const client = await pgClient(url);
  try {
    const { rows } = await client.query('select pg_backend_pid() as pid');
    const stat = readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
    return Number(stat.split(') ')[1].split(' ')[1]);
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

/** The pids of a process and its children (a PostgreSQL cluster: the postmaster and its backends). */
function withChildren(pid) {
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}
/** CPU seconds of a set of pids, remembering exited ones by their last reading. */
function cpuMeter(pidsOf) {
  const last = new Map();
  return () => {
    for (const pid of pidsOf()) {
      const s = cpuSeconds(pid);
      if (Number.isFinite(s)) last.set(pid, s);
    }
    let total = 0;
    for (const s of last.values()) total += s;
    return total;
  };
}

/** Proportional memory (PSS) of a process in MB: shared memory (PostgreSQL's buffers) split among its users, so a sum over processes counts it once. */
function pssMb(pid) {
  try {
    const kb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : rssMb(pid);
  } catch {
    return 0;
  }
}

const newPgDatabase = (serverUrl, name) => newSharedPgDatabase(serverUrl, name, cleanups, env.SIMULATE_KEEP === '1');

// ---------------------------------------------------------------------------------------------------
// Players and the world, written with generate_series.

const sessionCookie = (token) => sharedSessionCookie(SECRET, token);

/** The template player: signed up through the API, with a fresh character. Answers its user id. */
async function templatePlayer(base) {
  const { call } = await signedInPlayer(base, `sim.template.${Date.now().toString(36)}@example.com`, 'sim-template');
  await call('POST', '/api/characters', { name: 'Wanderer', race: 'human', class: 'warrior', gender: 'female' });
  return (await (await call('GET', '/api/me')).json()).id;
}

/**
 * `count` copies of the template player, ids `<tag>u<i>` for i in [from, from + count): every row
 * sign-up and character creation write, a session each when `sessions`. Answers the players
 * ({ userId, characterId, username, cookie }) when `sessions`.
 */
async function copyPlayers(exec, templateUserId, tag, from, count, { sessions = true } = {}) {
  const columns = async (table) => (await exec(`select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`, [table])).rows.map((r) => r.column_name);
  const userId = `'${tag}u' || i`;
  const characterId = `md5('${tag}c' || i)::uuid`;
  async function copy(table, overrides, fromSql, where) {
    const cols = await columns(table);
    await exec(`insert into ${table} (${cols.join(', ')}) select ${cols.map((c) => overrides[c] ?? `t.${c}`).join(', ')} from ${fromSql}, generate_series($2::int, $3::int) i where ${where}`, [templateUserId, from, from + count - 1]);
  }
  await copy('auth_user', { id: userId, name: userId, email: `${userId} || '@sim.example.com'` }, 'auth_user t', 't.id = $1');
  await copy('users', { id: userId, username: userId, email: `${userId} || '@sim.example.com'`, is_online: 'false' }, 'users t', 't.id = $1');
  await copy('player_characters', { id: characterId, user_id: userId, name: `'Sim' || i` }, 'player_characters t', 't.user_id = $1');
  for (const table of ['player_character_appearance', 'player_character_attributes', 'player_character_backpack']) {
    await copy(table, { character_id: characterId }, `${table} t join player_characters c on c.id = t.character_id`, 'c.user_id = $1');
  }
  if (!sessions) return [];
  // Each player's first friend: the player WORKERS places before it, who plays in the same worker thread.
  await exec(
    `insert into friendships (requester_id, addressee_id, status) select ${userId}, '${tag}u' || (i - ${WORKERS}), 'accepted' from generate_series($1::int, $2::int) i`,
    [from + WORKERS, from + count - 1],
  );
  const { rows } = await exec(
    `insert into auth_session (id, token, user_id, expires_at, created_at, updated_at)
     select '${tag}s' || i, md5(random()::text || i), ${userId}, now() + interval '7 days', now(), now()
     from generate_series($2::int, $3::int) i where $1::text is not null
     returning user_id, token, (select id from player_characters c where c.user_id = auth_session.user_id) as character_id`,
    [templateUserId, from, from + count - 1],
  );
  const players = rows.map((r) => ({ userId: r.user_id, username: r.user_id, characterId: r.character_id, cookie: sessionCookie(r.token) }));
  players.sort((a, b) => Number(a.userId.slice(tag.length + 1)) - Number(b.userId.slice(tag.length + 1)));
  return players.map((p, k) => ({ ...p, friendId: players[k - WORKERS]?.userId }));
}

/**
 * The world (issue 29, "cost as the world grows"): WORLD_SIZE.players players who are not online, a
 * million console lines among them, a million chat lines over the last days, and 100,000 active
 * listings of a material. The caller then settles the writes (settleWrites), as autovacuum (or
 * db/maintenance.ts on PGlite) and the checkpointer soon would.
 */
async function seedWorld(exec, templateUserId) {
  const t = performance.now();
  const tag = 'w';
  const { players, console: lines, chat, listings } = WORLD_SIZE;
  for (let from = 1; from <= players; from += 25_000) await copyPlayers(exec, templateUserId, tag, from, Math.min(25_000, players - from + 1), { sessions: false });
  const character = (expr) => `md5('${tag}c' || (${expr}))::uuid`;
  for (let from = 1; from <= lines; from += 250_000) {
    await exec(
      `insert into console_messages (character_id, kind, sender, content, created_at)
       select ${character(`1 + i % ${players}`)}, 'roll', 'System', 'You rolled 2d6: 3 + 4 = 7', now() - make_interval(secs => i)
       from generate_series($1::int, $2::int) i`,
      [from, Math.min(lines, from + 249_999)],
    );
  }
  for (let from = 1; from <= chat; from += 250_000) {
    await exec(
      `insert into chat_messages (user_id, character_id, character_name, character_race, character_class, character_level, text, created_at)
       select '${tag}u' || (1 + i % ${players}), ${character(`1 + i % ${players}`)}, 'Sim' || (1 + i % ${players}), 'human', 'warrior', 1, 'Anyone for the caves?', now() - make_interval(secs => i / 4.0)
       from generate_series($1::int, $2::int) i`,
      [from, Math.min(chat, from + 249_999)],
    );
  }
  const { materialItem } = await import('@rpg/game');
  const item = materialItem('oak_wood');
  await exec(
    `insert into auction_listings (seller_user_id, seller_character_id, item_data, item_name, item_tier, item_slot, quantity, price, fee, status, created_at, expires_at)
     select '${tag}u' || (1 + i % ${players}), ${character(`1 + i % ${players}`)}, $1::jsonb, $2, $3, null, 1 + i % 5, 10 + i % 990, 1, 'active', now() - make_interval(secs => i), now() + interval '1 day' + make_interval(secs => i)
     from generate_series(1, $4::int) i`,
    [JSON.stringify(item), item.name, item.tier, listings],
  );
  return (performance.now() - t) / 1000;
}

/**
 * After the bulk writes: vacuumed, analyzed and checkpointed. A database this size has been by
 * autovacuum and the checkpointer, which would otherwise do it during the measured steps (the
 * world's hint bits; a checkpoint of its ~600 MB of pages, which overlapped a measured step once
 * and made every action 1.4-1.9x slower). CHECKPOINT needs a superuser or pg_checkpoint.
 */
async function settleWrites(exec) {
  await exec('vacuum analyze');
  try {
    await exec('checkpoint');
  } catch (error) {
    console.log(`   no checkpoint after the writes (${error.message}): the first step may pay for them`);
  }
}

// ---------------------------------------------------------------------------------------------------
// The workers and one step.

function startWorkers() {
  /** A worker that failed fails every question asked of it (the run stops instead of waiting forever). */
  const broken = new Map();
  const waiting = new Set();
  const workers = Array.from({ length: WORKERS }, (_, i) => {
    const w = new Worker(new URL('./simulate-worker.mjs', import.meta.url), { workerData: { thinkSeconds: THINK_SECONDS, seed: SEED * 1000 + i } });
    const fail = (error) => {
      broken.set(w, error);
      for (const reject of waiting) reject(error);
    };
    w.on('error', (e) => fail(new Error(`a simulation worker failed: ${e.stack ?? e}`)));
    w.on('exit', (code) => fail(new Error(`a simulation worker exited with ${code}`)));
    return w;
  });
  const ask = (w, message, answer) => new Promise((resolve, reject) => {
    if (broken.has(w)) return reject(broken.get(w));
    const on = (m) => {
      if (m.type === answer) {
        w.off('message', on);
        waiting.delete(reject);
        resolve(m);
      }
    };
    waiting.add(reject);
    w.on('message', on);
    w.postMessage(message);
  });
  const all = (message, answer) => Promise.all(workers.map((w) => ask(w, message, answer)));
  return {
    /** Players `offset` on of the run's list: player k plays in worker k % WORKERS, with its first friend. */
    async add(players, offset) {
      const shares = workers.map(() => []);
      players.forEach((p, i) => shares[(offset + i) % workers.length].push(p));
      const answers = await Promise.all(workers.map((w, i) => ask(w, { type: 'add', players: shares[i], timeScale: TIME_SCALE }, 'added')));
      return answers.reduce((n, a) => n + a.failed, 0);
    },
    chat: (perSecond) => workers.forEach((w) => w.postMessage({ type: 'chat', perSecond: perSecond / workers.length })),
    reset: () => all({ type: 'reset' }, 'reset'),
    report: () => all({ type: 'report' }, 'report'),
    async stop() {
      await all({ type: 'stop' }, 'stopped').catch(() => undefined);
      for (const w of workers) w.removeAllListeners('exit');
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function mergeReports(reports, key) {
  const byName = new Map();
  for (const r of reports) {
    for (const s of r[key]) {
      const m = byName.get(s.name) ?? byName.set(s.name, { hist: newHistogram(), ok: 0, refused: 0, failed: 0 }).get(s.name);
      merge(m.hist, s.hist);
      m.ok += s.ok;
      m.refused += s.refused;
      m.failed += s.failed;
    }
  }
  return byName;
}

const fmt = (v, digits = 1) => (Number.isFinite(v) ? +v.toFixed(digits) : '-');

/** The bounds (s) of the server's flush histogram counted per step: its flushes that took longer. */
const FLUSH_BOUNDS = ['0.05', '0.1', '0.5'];

/**
 * From a server's /metrics: the slowest event-loop turn since the last read, and so far (ms) the major
 * collections' time and the time statements and transactions held a database connection, and
 * (counts) its flushes of pushes and those longer than each of FLUSH_BOUNDS (a pass over its tabs,
 * or a push to some players, from the first push's arrival to the last write).
 */
async function serverLoop(base) {
  try {
    const text = await (await fetch(`${base}/metrics`)).text();
    const value = (pattern, missing) => Number(pattern.exec(text)?.[1] ?? missing) * 1000;
    // No major collection yet: no series of that kind, 0 ms.
    return {
      lagMaxMs: value(/^nodejs_eventloop_lag_max_seconds (\S+)/m, NaN),
      majorGcMs: value(/^nodejs_gc_duration_seconds_sum\{kind="major"\} (\S+)/m, 0),
      dbHeldMs: value(/^db_query_duration_seconds_sum (\S+)/m, NaN),
      flushes: Number(/^realtime_push_delivery_lag_seconds_count (\S+)/m.exec(text)?.[1] ?? 0),
      flushesWithin: FLUSH_BOUNDS.map((le) => Number(new RegExp(`^realtime_push_delivery_lag_seconds_bucket\\{le="${le}"\\} (\\S+)`, 'm').exec(text)?.[1] ?? 0)),
    };
  } catch {
    return { lagMaxMs: NaN, majorGcMs: NaN, dbHeldMs: NaN, flushes: 0, flushesWithin: FLUSH_BOUNDS.map(() => 0) };
  }
}

/**
 * Measures SECONDS of play at the current number of players: the action and push figures, and the
 * CPU and memory of the server(s), the database and this process.
 */
async function measure({ label, players, workers, servers, dbMeter, dbRss }) {
  await sleep(WARM_SECONDS * 1000);
  await workers.reset();
  // The server's event loop and garbage collection over the step, from its /metrics (read from
  // loopback; a read resets prom-client's event-loop histogram).
  const loop0 = await Promise.all(servers.map((s) => serverLoop(s.base)));
  const cpu0 = { servers: servers.map((s) => cpuSeconds(s.pid)), db: dbMeter(), self: process.cpuUsage() };
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const reports = await workers.report();
  const loop1 = await Promise.all(servers.map((s) => serverLoop(s.base)));
  const seconds = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(cpu0.self);
  const serverCores = servers.map((s, i) => (cpuSeconds(s.pid) - cpu0.servers[i]) / seconds);
  const dbCores = (dbMeter() - cpu0.db) / seconds;
  const actions = mergeReports(reports, 'actions');
  const pushes = mergeReports(reports, 'pushes');
  const rows = [];
  let worstAction = { p99: 0, name: '-' };
  let worstPush = { p99: 0, name: '-' };
  let failed = 0;
  let total = 0;
  for (const [name, s] of [...actions].sort(([a], [b]) => a.localeCompare(b))) {
    const p99 = quantile(s.hist, 0.99);
    total += s.ok + s.refused + s.failed;
    failed += s.failed;
    if (p99 > worstAction.p99) worstAction = { p99, name };
    rows.push({ kind: 'action', name, n: s.ok + s.refused + s.failed, 'per s': fmt((s.ok + s.refused + s.failed) / seconds, 2), 'p50 ms': fmt(quantile(s.hist, 0.5)), 'p99 ms': fmt(p99), refused: s.refused, failed: s.failed });
  }
  for (const [name, s] of [...pushes].sort(([a], [b]) => a.localeCompare(b))) {
    const p99 = quantile(s.hist, 0.99);
    failed += s.failed;
    if (p99 > worstPush.p99) worstPush = { p99, name };
    rows.push({ kind: 'push', name, n: s.ok + s.failed, 'per s': fmt(s.ok / seconds, 1), 'p50 ms': fmt(quantile(s.hist, 0.5)), 'p99 ms': fmt(p99), refused: 0, failed: s.failed });
  }
  const online = reports.reduce((n, r) => n + r.online, 0);
  const step = {
    label,
    players,
    online,
    actionsPerSecond: total / seconds,
    worstActionP99: worstAction.p99,
    worstAction: worstAction.name,
    worstPushP99: worstPush.p99,
    worstPush: worstPush.name,
    failed: failed + (players - online),
    serverCores: serverCores.reduce((a, b) => a + b, 0),
    serverRss: servers.reduce((n, s) => n + rssMb(s.pid), 0),
    dbCores,
    dbRss: dbRss(),
    simCores: (self.user + self.system) / 1e6 / seconds,
    // The slowest turn of a server's event loop, its major collections' time, the worker threads' slowest turn (ms).
    serverLoopMaxMs: Math.max(...loop1.map((l) => l.lagMaxMs)),
    serverMajorGcMs: loop1.reduce((n, l, i) => n + l.majorGcMs - loop0[i].majorGcMs, 0),
    // Seconds of connection held per second (db_query_duration_seconds): on PGlite, its one
    // connection's busy share, the queue every statement waits in.
    dbHeld: loop1.reduce((n, l, i) => n + l.dbHeldMs - loop0[i].dbHeldMs, 0) / 1000 / seconds,
    simLoopMaxMs: Math.max(...reports.map((r) => r.loopMaxMs ?? 0)),
    // The servers' flushes in the step longer than each of FLUSH_BOUNDS.
    slowFlushes: FLUSH_BOUNDS.map((_, b) => loop1.reduce((n, l, i) => n + l.flushes - loop0[i].flushes - (l.flushesWithin[b] - loop0[i].flushesWithin[b]), 0)),
    // The server's and the database's CPU per request: what the world's size is judged by.
    cpuPerAction: ((serverCores.reduce((a, b) => a + b, 0) + (Number.isFinite(dbCores) ? dbCores : 0)) * 1000) / Math.max(1, total / seconds),
    rows,
    actions,
    samples: reports.flatMap((r) => r.samples).slice(0, 8),
  };
  step.pass = step.failed === 0 && step.worstActionP99 <= LIMITS.action && step.worstPushP99 <= LIMITS.push;
  console.log(`\n== ${label}: ${players} players (${online} online), ${SECONDS} s measured`);
  console.table(rows);
  console.log(
    `   ${fmt(step.actionsPerSecond)} requests/s; server ${fmt(step.serverCores, 2)} cores, ${step.serverRss} MB, slowest event-loop turn ${fmt(step.serverLoopMaxMs)} ms, major GC ${fmt(step.serverMajorGcMs)} ms, database connections held ${fmt(step.dbHeld, 2)} s/s; flushes of pushes over 50 / 100 / 500 ms ${step.slowFlushes.join(' / ')}; simulation's slowest turn ${fmt(step.simLoopMaxMs)} ms; database ${Number.isFinite(dbCores) ? `${fmt(dbCores, 2)} cores, ${step.dbRss} MB` : 'inside the server (PGlite)'}; simulation ${fmt(step.simCores, 2)} cores; ` +
      `worst action p99 ${fmt(step.worstActionP99)} ms (${step.worstAction}), worst push p99 ${fmt(step.worstPushP99)} ms (${step.worstPush}), failed ${step.failed}: ${step.pass ? 'PASS' : 'FAIL'}`,
  );
  if (step.samples.length) console.log(`   answers that were not 2xx (first few):\n     ${step.samples.join('\n     ')}`);
  return step;
}

const capacityRow = (s) => ({
  players: s.players,
  'requests/s': fmt(s.actionsPerSecond),
  'worst action p99 ms': `${fmt(s.worstActionP99)} (${s.worstAction})`,
  'worst push p99 ms': `${fmt(s.worstPushP99)} (${s.worstPush})`,
  failed: s.failed,
  'server cores': fmt(s.serverCores, 2),
  'server MB': s.serverRss,
  'db cores': fmt(s.dbCores, 2),
  'db MB': Number.isFinite(s.dbRss) ? s.dbRss : '-',
  'sim cores': fmt(s.simCores, 2),
  'CPU ms/request': fmt(s.cpuPerAction, 2),
  'server loop max ms': fmt(s.serverLoopMaxMs),
  pass: s.pass ? 'yes' : 'NO',
});

/**
 * Steps the number of players up (new players brought online before each step) until a step fails
 * (or the list ends). Answers the steps.
 */
async function stepUp({ label, steps, servers, players, dbMeter, dbRss }) {
  const workers = startWorkers();
  const results = [];
  let onlineCount = 0;
  try {
    workers.chat(CHAT_PER_SECOND);
    for (const target of steps) {
      if (target > players.length) break;
      const t = performance.now();
      // Player k plays in worker k % WORKERS and its first friend is player k - WORKERS: with two
      // processes, friends sit on different ones, so their direct messages cross the bus too.
      const batch = players.slice(onlineCount, target).map((p, i) => ({ ...p, base: servers[Math.floor((onlineCount + i) / WORKERS) % servers.length].base }));
      const failed = await workers.add(batch, onlineCount);
      onlineCount = target;
      console.log(`   ${label}: ${batch.length} more players online in ${fmt((performance.now() - t) / 1000)} s${failed ? ` (${failed} sockets failed)` : ''}`);
      const step = await measure({ label, players: target, workers, servers, dbMeter, dbRss });
      results.push(step);
      if (!step.pass) break;
    }
  } finally {
    await workers.stop();
  }
  return results;
}

function printCapacity(title, steps) {
  console.log(`\n== ${title}`);
  console.table(steps.map(capacityRow));
  const capacity = steps.filter((s) => s.pass).at(-1);
  const line = capacity ? `capacity: ${capacity.players} concurrent players (every action's p99 <= ${LIMITS.action} ms, every push's p99 <= ${LIMITS.push} ms, nothing failed)` : `capacity: below ${steps[0]?.players ?? '?'} players (the first step already failed)`;
  console.log(`   ${line}`);
  return { capacity: capacity?.players ?? 0, line };
}

/** Writes the plot and a markdown table beside it: OUT/simulate-<name>.svg and .md. */
function writePlot(name, title, steps, line) {
  mkdirSync(OUT, { recursive: true });
  const svg = path.join(OUT, `simulate-${name}.svg`);
  writeFileSync(svg, capacitySvg(title, steps, { actionLimit: LIMITS.action, pushLimit: LIMITS.push }));
  const rows = steps.map(capacityRow);
  const head = Object.keys(rows[0] ?? { players: 0 });
  const how = `Made by \`npm run simulate\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the end; think time ${THINK_SECONDS} s, chat ${CHAT_PER_SECOND} lines/s, ${WARM_SECONDS} + ${SECONDS} s a step${QUICK ? ' (SIMULATE_QUICK=1)' : ''}.`;
  const md = [`# ${title}`, '', how, '', `${line}`, '', `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${head.map((h) => r[h]).join(' | ')} |`), '', `![plot](simulate-${name}.svg)`, ''].join('\n');
  writeFileSync(path.join(OUT, `simulate-${name}.md`), md);
  console.log(`   plot: ${path.relative(root, svg)}, table: ${path.relative(root, path.join(OUT, `simulate-${name}.md`))}`);
}

/** `npm run audit-economy` against a database (h/ledger's script), or a clear line when it is not in this tree. */
function auditEconomy(label, dbEnv) {
  const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
  if (!scripts['audit-economy']) {
    console.log(`\n== ${label}: audit-economy not available (no "audit-economy" script in package.json in this tree)`);
    return { available: false };
  }
  console.log(`\n== ${label}: npm run audit-economy`);
  const result = spawnSync('npm', ['run', '--silent', 'audit-economy'], { cwd: root, env: { ...env, DATABASE_URL: '', ...dbEnv }, encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  console.log(`   audit-economy exited with ${result.status}`);
  return { available: true, status: result.status };
}

// ---------------------------------------------------------------------------------------------------
// Per database.

/** The world against the fresh database at the same number of players: per action p50 and CPU per request. */
function compareWorld(fresh, world) {
  const rows = [];
  let worst = { ratio: 0 };
  for (const [name, s] of world.actions) {
    const f = fresh.actions.get(name);
    if (!f || count(f.hist) < 20 || count(s.hist) < 20) continue;
    const ratio = quantile(s.hist, 0.5) / quantile(f.hist, 0.5);
    rows.push({ action: name, 'fresh p50 ms': fmt(quantile(f.hist, 0.5)), 'world p50 ms': fmt(quantile(s.hist, 0.5)), 'fresh p99 ms': fmt(quantile(f.hist, 0.99)), 'world p99 ms': fmt(quantile(s.hist, 0.99)), 'world / fresh p50': fmt(ratio, 2) });
    if (ratio > worst.ratio) worst = { ratio, name };
  }
  rows.sort((a, b) => b['world / fresh p50'] - a['world / fresh p50']);
  const cpuRatio = world.cpuPerAction / fresh.cpuPerAction;
  rows.unshift({ action: 'CPU per request (server + database)', 'fresh p50 ms': fmt(fresh.cpuPerAction, 2), 'world p50 ms': fmt(world.cpuPerAction, 2), 'world / fresh p50': fmt(cpuRatio, 2) });
  return { rows, cpuRatio, worst };
}

async function runDatabase(kind, pgServer) {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const steps = STEPS[kind];
  const maxPlayers = Math.max(...steps);
  const summary = { kind, label };
  const tag = `s${Date.now().toString(36)}`;

  /** A database with `count` players (and the world when asked): answers its servers' env, the players and its meters. */
  async function prepare(name, { world = false } = {}) {
    const dataDir = mkdtempSync(path.join(work, `${name}-`));
    if (kind === 'postgres') {
      const dbName = `rpg_sim_${name}_${process.pid}`;
      const databaseUrl = await newPgDatabase(pgServer.url, dbName);
      const serverUrl = pgServer.socketUrl ? pgServer.socketUrl(dbName) : databaseUrl;
      const server = await startServer({ databaseUrl: serverUrl, dataDir });
      const template = await templatePlayer(server.base);
      const client = await pgClient(databaseUrl);
      const exec = (sql, params) => client.query(sql, params);
      const t = performance.now();
      const players = await copyPlayers(exec, template, tag, 1, maxPlayers);
      console.log(`   ${maxPlayers} players written in ${fmt((performance.now() - t) / 1000)} s`);
      if (world) console.log(`   the world seeded in ${fmt(await seedWorld(exec, template))} s`);
      await settleWrites(exec);
      await client.end();
      const postmaster = pgServer.postmaster ?? (await postmasterOf(pgServer.url));
      const dbMeter = postmaster ? cpuMeter(() => withChildren(postmaster)) : () => NaN;
      const dbRss = () => (postmaster ? withChildren(postmaster).reduce((n, pid) => n + (pssMb(pid) || 0), 0) : NaN);
      return { servers: [server], players, dbMeter, dbRss, serverUrl, dataDir, databaseUrl, dbEnv: { DATABASE_URL: databaseUrl } };
    }
    // SIMULATE_PGLITE_TEMPLATE: a migrated template (src/db/template.ts) unpacked into the folder first,
    // as a first start does from dist/'s (the test gives the test servers' template).
    if (env.SIMULATE_PGLITE_TEMPLATE) {
      const { createFromTemplate } = await import('../apps/server/src/db/template.ts');
      const unusable = createFromTemplate(dataDir, { templateFile: env.SIMULATE_PGLITE_TEMPLATE });
      if (unusable) throw new Error(`SIMULATE_PGLITE_TEMPLATE: ${unusable}`);
    }
    // PGlite lives inside the server: stop it, write the rows, start it again on the same folder.
    let server = await startServer({ dataDir });
    const template = await templatePlayer(server.base);
    await server.stop();
    const { PGlite } = await import('@electric-sql/pglite');
    const embedded = new PGlite(path.join(dataDir, 'pglite'));
    await embedded.waitReady;
    const exec = (sql, params) => embedded.query(sql, params);
    const t = performance.now();
    const players = await copyPlayers(exec, template, tag, 1, maxPlayers);
    console.log(`   ${maxPlayers} players written in ${fmt((performance.now() - t) / 1000)} s`);
    if (world) console.log(`   the world seeded in ${fmt(await seedWorld(exec, template))} s`);
    await settleWrites(exec);
    await embedded.close();
    server = await startServer({ dataDir });
    return { servers: [server], players, dbMeter: () => NaN, dbRss: () => NaN, dataDir, dbEnv: { DATA_DIR: dataDir } };
  }

  console.log(`\n==== ${label}: steps of ${steps.join(', ')} players; think time ${THINK_SECONDS} s, chat ${CHAT_PER_SECOND} lines/s, RPG_TIME_SCALE ${TIME_SCALE}, ${WORKERS} worker threads`);
  const fresh = await prepare('fresh');
  const one = await stepUp({ label: `${label}, one process`, steps, ...fresh });
  const printed = printCapacity(`${label}: capacity, one server process, a fresh database`, one);
  writePlot(kind, `${label}: one server process, 2 cores (p99 by concurrent players)`, one, printed.line);
  summary.one = { steps: one, ...printed };

  if (TWO && kind === 'postgres') {
    // The same database, a second server process beside the first; players alternate between them.
    const second = await startServer({ databaseUrl: fresh.serverUrl, dataDir: path.join(fresh.dataDir, 'b') });
    const from = Math.max(0, steps.indexOf(printed.capacity) - 1);
    const twoSteps = steps.slice(from);
    // The first process's players are still signed in; the two-process run brings them online again.
    const two = await stepUp({ label: `${label}, two processes`, steps: twoSteps, ...fresh, servers: [fresh.servers[0], second] });
    const printedTwo = printCapacity(`${label}: capacity, two server processes on one database`, two);
    writePlot(`${kind}-two`, `${label}: two server processes, 2 cores (p99 by concurrent players)`, two, printedTwo.line);
    const added = printedTwo.capacity - printed.capacity;
    console.log(`   the second process added ${added} players (${printed.capacity} -> ${printedTwo.capacity})`);
    summary.two = { steps: two, ...printedTwo, added };
    await second.stop();
  }
  for (const s of fresh.servers) await s.stop();
  summary.audit = auditEconomy(`${label}, the fresh database after its runs`, fresh.dbEnv);

  if (WORLD) {
    // The same load on a database that holds a world: at the largest step that passed on the fresh one (or the first step).
    const players = printed.capacity || steps[0];
    console.log(`\n== ${label}: the world (${WORLD_SIZE.players} players, ${WORLD_SIZE.console} console lines, ${WORLD_SIZE.chat} chat lines, ${WORLD_SIZE.listings} listings), ${players} playing`);
    // Against a new fresh database under the same load: all of them coming online at once, then the
    // step. The ramp's step at that count had only its last increment new, and new players cost more
    // a request (first screens, a store's stock, first achievements): the world looked 1.3-1.4x.
    const atOnce = async (name, stepLabel, options) => {
      const db = await prepare(name, options);
      const [step] = await stepUp({ label: stepLabel, steps: [players], ...db });
      for (const s of db.servers) await s.stop();
      return step;
    };
    const freshStep = await atOnce('again', `${label}, a fresh database, all at once`);
    const worldStep = await atOnce('world', `${label}, the world`, { world: true });
    const compared = compareWorld(freshStep, worldStep);
    console.log(`\n== ${label}: the world against a fresh database, ${players} players (limit: ${WORLD_LIMIT}x per request)`);
    console.table(compared.rows);
    const verdict = compared.cpuRatio <= WORLD_LIMIT ? 'within' : 'OVER';
    const slowest = compared.worst.name ? `; slowest action by p50: ${compared.worst.name} at ${fmt(compared.worst.ratio, 2)}x` : '; no action was seen 20 times in both runs';
    console.log(`   CPU per request: world / fresh = ${fmt(compared.cpuRatio, 2)} (${verdict} the ${Math.round((WORLD_LIMIT - 1) * 100)}% allowance)${slowest}`);
    summary.world = { players, step: worldStep, ...compared };
  }
  return summary;
}

// Interrupted (Ctrl-C): the servers, the throwaway PostgreSQL and the work folder go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
}

try {
  if (env.SIMULATE_SERVER) console.log(`== the compiled server ${env.SIMULATE_SERVER}`);
  else if (!existsSync(serverEntry) || !existsSync(pgliteTemplate) || Math.max(...serverSources.map(newestMtime)) > statSync(serverEntry).mtimeMs) {
    console.log('== compiling the server');
    await buildServer();
  }
  console.log(`== the mix (share of requests, a player acts every ${THINK_SECONDS} s on average): ${MIX.map(([n, w]) => `${n} ${w}`).join(', ')}; chat ${CHAT_PER_SECOND} lines/s in all`);
  const summaries = [];
  for (const kind of DATABASES) {
    if (kind === 'postgres') {
      const pgServer = env.DATABASE_URL ? { url: env.DATABASE_URL } : await throwawayPostgres();
      if (!pgServer) {
        console.log('== PostgreSQL: skipped (no PostgreSQL 15 binaries and no DATABASE_URL)');
        continue;
      }
      summaries.push(await runDatabase('postgres', pgServer));
    } else if (kind === 'pglite') summaries.push(await runDatabase('pglite'));
    else throw new Error(`SIMULATE_DATABASES: unknown database '${kind}'`);
  }
  console.log('\n==== Summary');
  for (const s of summaries) {
    console.log(`${s.label}, one process: ${s.one.line}`);
    if (s.two) console.log(`${s.label}, two processes: ${s.two.line}; the second process added ${s.two.added} players`);
    if (s.world) console.log(`${s.label}, the world at ${s.world.players} players: CPU per request ${fmt(s.world.cpuRatio, 2)}x the fresh database's`);
    console.log(`${s.label}, audit-economy: ${s.audit.available ? `exit ${s.audit.status}` : 'not available'}`);
  }
  const failedAudit = summaries.some((s) => s.audit.available && s.audit.status !== 0);
  process.exitCode = failedAudit ? 1 : 0;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
}
