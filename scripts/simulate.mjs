#!/usr/bin/env node
// `npm run simulate` (issue 29): simulated players on the compiled server, stepped up in one run
// until the game feels slow, on PostgreSQL and on the embedded PGlite.
//
// Each player is a verified account with a session, a character and an open WebSocket; they play
// the mix of scripts/simulate-support.mjs (adventures by the launcher and the console, store,
// backpack and equipment, crafting, chips and poker, the auction house, friends, direct messages,
// posts and likes, leaderboards) with exponential think time, and the global chat runs at
// SIMULATE_CHAT_PER_SECOND lines a second in all. The players' requests live in answer threads
// (scripts/simulate-worker.mjs, keep-alive HTTP agents) that time them; their WebSockets in
// receiver processes of their own (scripts/simulate-receiver.mjs), so pushes arriving never delay
// an answer's timing (issue 45).
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
// and the simulation's own CPU, and the machine's CPU steal. The rule (scripts/simulate-rule.ts,
// issue 45, printed with every table): a 60 s warm-up and 180 s measured a step; the p99 over all
// answers and over all writes at most 100 ms, over every push at most 200 ms, each action's p99
// (from 1,000 samples; its p95 from 300) within the same, nothing failed; the whole ramp in each of
// three fresh runs, a step counted when two of three hold it. Then, on each database: the same
// load on a world of 100,000 players, a million console lines, a million chat lines and 100,000
// listings against a fresh database (cost per action); on PostgreSQL, two server processes (three
// fresh runs too). `npm run audit-economy` runs against each run's database, when the script exists.
//
//   SIMULATE_DATABASES=postgres,pglite   DATABASE_URL=… (that PostgreSQL server, each run in a new database on it)
//   SIMULATE_STEPS_POSTGRES=1000,1500,…  SIMULATE_STEPS_PGLITE=500,1000,…  (players per step)
//   SIMULATE_WARM_SECONDS=60  SIMULATE_SECONDS=180 (measured per step)  SIMULATE_RUNS=3 (fresh runs)
//   SIMULATE_THINK_SECONDS=30  SIMULATE_CHAT_PER_SECOND=2  SIMULATE_TIME_SCALE=10 (RPG_TIME_SCALE: a forest adventure in 6 s)
//   SIMULATE_WORKERS=2 (answer threads)  SIMULATE_RECEIVERS=2 (receiver processes)
//   SIMULATE_WORLD=0 (skip the world)  SIMULATE_TWO=0 (skip two processes)  SIMULATE_TWO_RUNS=3
//   SIMULATE_WORLD_PLAYERS=100000 SIMULATE_WORLD_CONSOLE=1000000 SIMULATE_WORLD_CHAT=1000000 SIMULATE_WORLD_LISTINGS=100000
//   SIMULATE_QUICK=1 (a short look, not the rule's measure: a few hundred players, 10 + 20 s steps, one run, no world, no second process)
//   SIMULATE_SERVER=<main.js> (that compiled server, or src/main.ts run through tsx)
//   SIMULATE_PGLITE_TEMPLATE=<tar.gz> (a migrated PGlite template unpacked into each new embedded database)  SIMULATE_OUT=<dir> (the plots and tables; docs/)
//   SIMULATE_SEED=1  SIMULATE_KEEP=1 (keep the databases made on DATABASE_URL's server)
// Every setting is a flag too, which wins over the environment: `npm run simulate -- --seconds=20
// --warm-seconds=10 --runs=3 --databases=postgres --steps-postgres=30,60` (--name=value for
// SIMULATE_NAME, --quick for SIMULATE_QUICK=1).
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildServer, pgliteTemplate, serverEntry, serverSources } from './build-server.mjs';
import {
  benchServerEnv,
  cpuSeconds,
  freePort,
  newPgDatabase as newSharedPgDatabase,
  pgClient,
  rssMb,
  sessionCookie as sharedSessionCookie,
  signedInPlayer,
  sleep,
  throwawayPostgres,
  untilHealthy,
} from './bench-support.mjs';
import { count, merge, newHistogram, quantile, RULE, ruleText, stepGate } from './simulate-rule.ts';
import { MIX } from './simulate-support.mjs';
import { capacityRow, compareWorld, fmt, printVerdict, writePlot } from './simulate-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SETTINGS = [
  'DATABASES',
  'STEPS_POSTGRES',
  'STEPS_PGLITE',
  'WARM_SECONDS',
  'SECONDS',
  'RUNS',
  'TWO_RUNS',
  'THINK_SECONDS',
  'CHAT_PER_SECOND',
  'TIME_SCALE',
  'WORKERS',
  'RECEIVERS',
  'WORLD',
  'TWO',
  'WORLD_PLAYERS',
  'WORLD_CONSOLE',
  'WORLD_CHAT',
  'WORLD_LISTINGS',
  'QUICK',
  'SERVER',
  'PGLITE_TEMPLATE',
  'OUT',
  'SEED',
  'KEEP',
];
/** The settings: SIMULATE_* from the environment, and the flags (`--warm-seconds=10` for SIMULATE_WARM_SECONDS, `--quick`) over them. */
const env = { ...process.env };
for (const arg of process.argv.slice(2)) {
  const [, name, value] = /^--([a-z-]+)(?:=(.*))?$/.exec(arg) ?? [];
  const key = name?.toUpperCase().replaceAll('-', '_');
  if (!key || !SETTINGS.includes(key))
    throw new Error(`unknown flag ${arg}: the flags are ${SETTINGS.map((k) => `--${k.toLowerCase().replaceAll('_', '-')}`).join(' ')} (=value; --quick alone)`);
  env[`SIMULATE_${key}`] = value ?? '1';
}
const QUICK = env.SIMULATE_QUICK === '1';
const num = (name, fallback) => (env[name] === undefined || env[name] === '' ? fallback : Number(env[name]));
const list = (name, fallback) =>
  (env[name] ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const DATABASES = list('SIMULATE_DATABASES', 'postgres,pglite');
const STEPS = {
  postgres: list('SIMULATE_STEPS_POSTGRES', QUICK ? '100,200,300' : '1000,1500,2000,2500,3000,3500,4000,5000,6000,7500,10000').map(Number),
  pglite: list('SIMULATE_STEPS_PGLITE', QUICK ? '100,200,300' : '500,1000,1250,1500,2000,2500,3000').map(Number),
};
const WARM_SECONDS = num('SIMULATE_WARM_SECONDS', QUICK ? 10 : RULE.warmSeconds);
const SECONDS = num('SIMULATE_SECONDS', QUICK ? 20 : RULE.measureSeconds);
const RUNS = num('SIMULATE_RUNS', QUICK ? 1 : RULE.runs);
const TWO_RUNS = num('SIMULATE_TWO_RUNS', RUNS);
const RECEIVERS = num('SIMULATE_RECEIVERS', 2);
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
const LIMITS = { action: RULE.answerMs, push: RULE.pushMs };
const RULE_LINES = ruleText({ warmSeconds: WARM_SECONDS, measureSeconds: SECONDS, runs: RUNS });
/** The world's cost per action may be at most this much above the fresh database's. */
const WORLD_LIMIT = 1.2;
const TIMING = { warmSeconds: WARM_SECONDS, measureSeconds: SECONDS };
const REPORT = { out: OUT, limits: LIMITS, thinkSeconds: THINK_SECONDS, chatPerSecond: CHAT_PER_SECOND, ...TIMING, quick: QUICK };
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
  const columns = async (table) =>
    (
      await exec(`select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`, [table])
    ).rows.map((r) => r.column_name);
  const userId = `'${tag}u' || i`;
  const characterId = `md5('${tag}c' || i)::uuid`;
  async function copy(table, overrides, fromSql, where) {
    const cols = await columns(table);
    await exec(
      `insert into ${table} (${cols.join(', ')}) select ${cols.map((c) => overrides[c] ?? `t.${c}`).join(', ')} from ${fromSql}, generate_series($2::int, $3::int) i where ${where}`,
      [templateUserId, from, from + count - 1],
    );
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
  for (let from = 1; from <= players; from += 25_000)
    await copyPlayers(exec, templateUserId, tag, from, Math.min(25_000, players - from + 1), { sessions: false });
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
       select '${tag}u' || (1 + i % ${players}), ${character(`1 + i % ${players}`)}, 'Sim' || (1 + i % ${players}),
         'human', 'warrior', 1, 'Anyone for the caves?', now() - make_interval(secs => i / 4.0)
       from generate_series($1::int, $2::int) i`,
      [from, Math.min(chat, from + 249_999)],
    );
  }
  const { materialItem } = await import('@rpg/game');
  const item = materialItem('oak_wood');
  await exec(
    `insert into auction_listings (seller_user_id, seller_character_id, item_data, item_name, item_tier, item_slot, quantity, price, fee, status, created_at, expires_at)
     select '${tag}u' || (1 + i % ${players}), ${character(`1 + i % ${players}`)}, $1::jsonb, $2, $3, null,
       1 + i % 5, 10 + i % 990, 1, 'active', now() - make_interval(secs => i), now() + interval '1 day' + make_interval(secs => i)
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
// The players' threads and processes, and one step.

/**
 * The simulated players: WORKERS answer threads that send and time the requests, and RECEIVERS
 * receiver processes that hold the WebSockets and time the pushes (issue 45: a pass of pushes
 * arriving never runs where answers are timed). This process relays between them: a tab's `watch`
 * from its answer thread to its receiver, a direct message's or friend request's arrival back.
 */
function startPlayers() {
  /** A thread or process that failed fails every question asked of it (the run stops instead of waiting forever). */
  const broken = new Map();
  const waiting = new Set();
  let stopping = false;
  const fail = (target, error) => {
    if (stopping) return;
    broken.set(target, error);
    for (const reject of waiting) reject(error);
  };
  const actors = Array.from({ length: WORKERS }, (_, i) => {
    const w = new Worker(new URL('./simulate-worker.mjs', import.meta.url), { workerData: { thinkSeconds: THINK_SECONDS, seed: SEED * 1000 + i } });
    w.on('error', (e) => fail(w, new Error(`an answer thread failed: ${e.stack ?? e}`)));
    w.on('exit', (code) => fail(w, new Error(`an answer thread exited with ${code}`)));
    return w;
  });
  const receivers = Array.from({ length: RECEIVERS }, () => {
    const r = fork(fileURLToPath(new URL('./simulate-receiver.mjs', import.meta.url)), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    r.on('error', (e) => fail(r, new Error(`a receiver process failed: ${e.stack ?? e}`)));
    r.on('exit', (code, signal) => fail(r, new Error(`a receiver process exited with ${code ?? signal}`)));
    return r;
  });
  const actorOf = new Map();
  const receiverOf = new Map();
  for (const w of actors) w.on('message', (m) => m.type === 'watch' && receivers[receiverOf.get(m.userId)]?.send(m));
  for (const r of receivers) r.on('message', (m) => m.type === 'arrival' && actors[actorOf.get(m.userId)]?.postMessage(m));
  const post = (target, message) => (target instanceof Worker ? target.postMessage(message) : target.send(message));
  const ask = (target, message, answer) =>
    new Promise((resolve, reject) => {
      if (broken.has(target)) return reject(broken.get(target));
      const on = (m) => {
        if (m.type === answer) {
          target.off('message', on);
          waiting.delete(reject);
          resolve(m);
        }
      };
      waiting.add(reject);
      target.on('message', on);
      post(target, message);
    });
  const all = (targets, message, answer) => Promise.all(targets.map((t) => ask(t, message, answer)));
  return {
    receiverPids: () => receivers.map((r) => r.pid),
    /**
     * Players `offset` on of the run's list: player k's socket opens in receiver k % RECEIVERS, and
     * once open it plays in answer thread k % WORKERS, with its first friend. Answers the sockets that failed.
     */
    async add(players, offset) {
      const sockets = receivers.map(() => []);
      players.forEach((p, i) => {
        actorOf.set(p.userId, (offset + i) % WORKERS);
        receiverOf.set(p.userId, (offset + i) % RECEIVERS);
        sockets[(offset + i) % RECEIVERS].push({ userId: p.userId, characterId: p.characterId, base: p.base, cookie: p.cookie });
      });
      const opened = await Promise.all(receivers.map((r, i) => ask(r, { type: 'open', players: sockets[i] }, 'opened')));
      const failed = new Set(opened.flatMap((a) => a.failed));
      const shares = actors.map(() => []);
      players.forEach((p, i) => failed.has(p.userId) || shares[(offset + i) % WORKERS].push(p));
      await Promise.all(actors.map((w, i) => ask(w, { type: 'add', players: shares[i], timeScale: TIME_SCALE }, 'added')));
      return failed.size;
    },
    chat: (perSecond) => actors.forEach((w) => w.postMessage({ type: 'chat', perSecond: perSecond / actors.length })),
    reset: () => Promise.all([all(actors, { type: 'reset' }, 'reset'), all(receivers, { type: 'reset' }, 'reset')]),
    async report() {
      const [fromActors, fromReceivers] = await Promise.all([all(actors, { type: 'report' }, 'report'), all(receivers, { type: 'report' }, 'report')]);
      return { actors: fromActors, receivers: fromReceivers };
    },
    async stop() {
      await Promise.all([all(actors, { type: 'stop' }, 'stopped'), all(receivers, { type: 'stop' }, 'stopped')]).catch(() => undefined);
      stopping = true;
      await Promise.all(actors.map((w) => w.terminate()));
      // A receiver leaves once its channel closes.
      await Promise.all(
        receivers.map((r) =>
          r.exitCode !== null || r.signalCode !== null
            ? undefined
            : new Promise((resolve) => {
                r.once('exit', resolve);
                if (r.connected) r.disconnect();
                setTimeout(() => r.kill('SIGKILL'), 10_000).unref();
              }),
        ),
      );
    },
  };
}

function mergeReports(reports, key) {
  const byName = new Map();
  for (const r of reports) {
    for (const s of r[key]) {
      const m = byName.get(s.name) ?? byName.set(s.name, { hist: newHistogram(), ok: 0, refused: 0, failed: 0, write: Boolean(s.write) }).get(s.name);
      merge(m.hist, s.hist);
      m.ok += s.ok;
      m.refused += s.refused;
      m.failed += s.failed;
    }
  }
  return byName;
}

/** The machine's CPU time from /proc/stat's first line, in clock ticks: busy (user, nice, system, irq, softirq), steal, and in all. */
function machineTimes() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = f;
    return { busy: user + nice + system + irq + softirq, steal, total: f.reduce((a, b) => a + b, 0) };
  } catch {
    return { busy: NaN, steal: NaN, total: NaN };
  }
}

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
      flushesWithin: FLUSH_BOUNDS.map((le) =>
        Number(new RegExp(`^realtime_push_delivery_lag_seconds_bucket\\{le="${le}"\\} (\\S+)`, 'm').exec(text)?.[1] ?? 0),
      ),
    };
  } catch {
    return { lagMaxMs: NaN, majorGcMs: NaN, dbHeldMs: NaN, flushes: 0, flushesWithin: FLUSH_BOUNDS.map(() => 0) };
  }
}

/** A gate as a table cell: the quantile that gated and how it stood, or why it did not gate. */
const gateCell = (g) => (g.quantile ? `${g.quantile} ${g.pass ? '<=' : '>'} ${g.limitMs}${g.pass ? '' : ' MISS'}` : `not gated (n < ${RULE.p95Samples})`);

/**
 * Measures SECONDS of play at the current number of players, after WARM_SECONDS not counted: the
 * action and push figures and the step's gate (simulate-rule.ts), and the CPU and memory of the
 * server(s), the database, the simulation, and the machine's CPU steal.
 */
async function measure({ label, players, group, servers, dbMeter, dbRss }) {
  await sleep(WARM_SECONDS * 1000);
  await group.reset();
  // The server's event loop and garbage collection over the step, from its /metrics (read from
  // loopback; a read resets prom-client's event-loop histogram).
  const loop0 = await Promise.all(servers.map((s) => serverLoop(s.base)));
  const receiverCpu = () => group.receiverPids().reduce((n, pid) => n + cpuSeconds(pid), 0);
  const cpu0 = { servers: servers.map((s) => cpuSeconds(s.pid)), db: dbMeter(), self: process.cpuUsage(), receivers: receiverCpu(), machine: machineTimes() };
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const reports = await group.report();
  const loop1 = await Promise.all(servers.map((s) => serverLoop(s.base)));
  const seconds = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(cpu0.self);
  const receiversCores = (receiverCpu() - cpu0.receivers) / seconds;
  const machine = machineTimes();
  const serverCores = servers.map((s, i) => (cpuSeconds(s.pid) - cpu0.servers[i]) / seconds);
  const dbCores = (dbMeter() - cpu0.db) / seconds;
  const actions = mergeReports(reports.actors, 'actions');
  const pushes = mergeReports([...reports.actors, ...reports.receivers], 'pushes');
  const online = reports.receivers.reduce((n, r) => n + r.online, 0);
  let failed = players - online;
  let total = 0;
  for (const s of actions.values()) {
    total += s.ok + s.refused + s.failed;
    failed += s.failed;
  }
  for (const s of pushes.values()) failed += s.failed;
  const sorted = (map) => [...map].sort(([a], [b]) => a.localeCompare(b));
  const gate = stepGate({
    actions: sorted(actions).map(([name, s]) => ({ name, hist: s.hist, write: s.write })),
    pushes: sorted(pushes).map(([name, s]) => ({ name, hist: s.hist })),
    failed,
  });
  const rows = [];
  const row = (kind, name, s, n, perSecond, g) =>
    rows.push({
      kind,
      name,
      n,
      'per s': fmt(perSecond, 2),
      'p50 ms': fmt(quantile(s.hist, 0.5)),
      'p95 ms': fmt(quantile(s.hist, 0.95)),
      'p99 ms': fmt(quantile(s.hist, 0.99)),
      gate: gateCell(g),
      refused: s.refused ?? 0,
      failed: s.failed ?? 0,
    });
  for (const [name, s] of sorted(actions))
    row(s.write ? 'write' : 'read', name, s, s.ok + s.refused + s.failed, (s.ok + s.refused + s.failed) / seconds, gate.actions.get(name));
  for (const [name, s] of sorted(pushes)) row('push', name, s, s.ok + s.failed, s.ok / seconds, gate.pushKinds.get(name));
  const pooled = (name, groups, g) => {
    const hist = groups.reduce((h, s) => merge(h, s.hist), newHistogram());
    row('all', name, { hist }, count(hist), count(hist) / seconds, g);
  };
  pooled('all answers', [...actions.values()], gate.answers);
  pooled(
    'all writes',
    [...actions.values()].filter((s) => s.write),
    gate.writes,
  );
  pooled('every push', [...pushes.values()], gate.pushes);
  const serverTotal = serverCores.reduce((a, b) => a + b, 0);
  const dbTotal = Number.isFinite(dbCores) ? dbCores : 0;
  const step = {
    label,
    players,
    online,
    actionsPerSecond: total / seconds,
    answersP99: gate.answers.valueMs,
    writesP99: gate.writes.valueMs,
    pushesP99: gate.pushes.valueMs,
    failed,
    serverCores: serverTotal,
    serverRss: servers.reduce((n, s) => n + rssMb(s.pid), 0),
    dbCores,
    dbRss: dbRss(),
    // This process (the answer threads and the relay) and the receiver processes.
    simCores: (self.user + self.system) / 1e6 / seconds + receiversCores,
    receiversCores,
    // The server and the database per 1,000 players (cores).
    coresPer1000: ((serverTotal + dbTotal) * 1000) / players,
    // The machine over the step (/proc/stat): its busy cores, and the share of its time the hypervisor gave to others (steal).
    machineCores: (machine.busy - cpu0.machine.busy) / 100 / seconds,
    stealPct: ((machine.steal - cpu0.machine.steal) * 100) / (machine.total - cpu0.machine.total),
    // The slowest turn of a server's event loop, its major collections' time (ms).
    serverLoopMaxMs: Math.max(...loop1.map((l) => l.lagMaxMs)),
    serverMajorGcMs: loop1.reduce((n, l, i) => n + l.majorGcMs - loop0[i].majorGcMs, 0),
    // Seconds of connection held per second (db_query_duration_seconds): on PGlite, its one
    // connection's busy share, the queue every statement waits in.
    dbHeld: loop1.reduce((n, l, i) => n + l.dbHeldMs - loop0[i].dbHeldMs, 0) / 1000 / seconds,
    // The slowest turn of the answer threads' loops and of the receivers' (ms).
    simLoopMaxMs: Math.max(...reports.actors.map((r) => r.loopMaxMs ?? 0)),
    receiverLoopMaxMs: Math.max(...reports.receivers.map((r) => r.loopMaxMs ?? 0)),
    // The servers' flushes in the step longer than each of FLUSH_BOUNDS.
    slowFlushes: FLUSH_BOUNDS.map((_, b) => loop1.reduce((n, l, i) => n + l.flushes - loop0[i].flushes - (l.flushesWithin[b] - loop0[i].flushesWithin[b]), 0)),
    // The server's and the database's CPU per request: what the world's size is judged by.
    cpuPerAction: ((serverTotal + dbTotal) * 1000) / Math.max(1, total / seconds),
    pass: gate.pass,
    misses: gate.misses,
    rows,
    actions,
    samples: reports.actors.flatMap((r) => r.samples).slice(0, 8),
  };
  console.log(`\n== ${label}: ${players} players (${online} online), ${fmt(seconds)} s measured after a ${WARM_SECONDS} s warm-up`);
  console.table(rows);
  console.log(
    `   ${fmt(step.actionsPerSecond)} requests/s; server ${fmt(step.serverCores, 2)} cores, ${step.serverRss} MB` +
      `, slowest event-loop turn ${fmt(step.serverLoopMaxMs)} ms, major GC ${fmt(step.serverMajorGcMs)} ms` +
      `, database connections held ${fmt(step.dbHeld, 2)} s/s; flushes of pushes over 50 / 100 / 500 ms ${step.slowFlushes.join(' / ')}` +
      `; database ${Number.isFinite(dbCores) ? `${fmt(dbCores, 2)} cores, ${step.dbRss} MB` : 'inside the server (PGlite)'}; ` +
      `server and database ${fmt(step.coresPer1000, 3)} cores per 1,000 players;` +
      ` simulation ${fmt(step.simCores, 2)} cores (receivers ${fmt(receiversCores, 2)})` +
      `, slowest turn ${fmt(step.simLoopMaxMs)} ms answering, ${fmt(step.receiverLoopMaxMs)} ms receiving; ` +
      `the machine ${fmt(step.machineCores, 2)} cores busy, CPU steal ${fmt(step.stealPct, 2)}%; ` +
      `all answers p99 ${fmt(step.answersP99)} ms, all writes ${fmt(step.writesP99)} ms` +
      `, every push ${fmt(step.pushesP99)} ms, failed ${step.failed}: ${step.pass ? 'PASS' : `FAIL (${step.misses.join('; ')})`}`,
  );
  if (step.samples.length) console.log(`   answers that were not 2xx (first few):\n     ${step.samples.join('\n     ')}`);
  return step;
}

/** Brings the players online step by step (the new ones before each step) and measures every step of the ramp, held or not. Answers the steps. */
async function stepUp({ label, steps, servers, players, dbMeter, dbRss }) {
  const group = startPlayers();
  const results = [];
  let onlineCount = 0;
  try {
    group.chat(CHAT_PER_SECOND);
    for (const target of steps) {
      if (target > players.length) break;
      const t = performance.now();
      // Player k plays in answer thread k % WORKERS and its first friend is player k - WORKERS: with two
      // processes, friends sit on different ones, so their direct messages cross the bus too.
      const batch = players.slice(onlineCount, target).map((p, i) => ({ ...p, base: servers[Math.floor((onlineCount + i) / WORKERS) % servers.length].base }));
      const failed = await group.add(batch, onlineCount);
      onlineCount = target;
      console.log(`   ${label}: ${batch.length} more players online in ${fmt((performance.now() - t) / 1000)} s${failed ? ` (${failed} sockets failed)` : ''}`);
      results.push(await measure({ label, players: target, group, servers, dbMeter, dbRss }));
    }
  } finally {
    await group.stop();
  }
  return results;
}

/**
 * `runs` fresh runs of the ramp (`prepareRun(r)`: a new database and its servers), each followed by
 * the reconciliation (audit-economy) on its database. Answers the runs: { steps, audit }.
 */
async function freshRuns({ label, steps, runs, prepareRun }) {
  const results = [];
  for (let r = 1; r <= runs; r++) {
    const run = await prepareRun(r);
    const runLabel = `${label}, run ${r} of ${runs}`;
    const ramp = await stepUp({ label: runLabel, steps, ...run });
    for (const s of run.servers) await s.stop();
    console.log(`\n== ${runLabel}`);
    console.table(ramp.map(capacityRow));
    results.push({ steps: ramp, audit: { label: runLabel, ...auditEconomy(runLabel, run.dbEnv) } });
    run.discard?.();
  }
  return results;
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

  console.log(
    `\n==== ${label}: steps of ${steps.join(', ')} players, ${RUNS} fresh runs; think time ${THINK_SECONDS} s, chat ${CHAT_PER_SECOND} lines/s` +
      `, RPG_TIME_SCALE ${TIME_SCALE}, ${WORKERS} answer threads, ${RECEIVERS} receiver processes`,
  );
  for (const l of RULE_LINES) console.log(`   ${l}`);
  // PGlite's folder goes once its run is audited (the next run's is new); PostgreSQL's databases at the end (or SIMULATE_KEEP).
  const discard = (db) => () => kind === 'pglite' && rmSync(db.dataDir, { recursive: true, force: true });
  const oneRuns = await freshRuns({
    label: `${label}, one process`,
    steps,
    runs: RUNS,
    prepareRun: async (r) => {
      const db = await prepare(`one${r}`);
      return { ...db, discard: discard(db) };
    },
  });
  const printed = printVerdict(`${label}: capacity, one server process, a fresh database each run`, steps, oneRuns, TIMING);
  writePlot(kind, `${label}: one server process, 2 cores (p99 by concurrent players, the median of ${RUNS} runs)`, oneRuns, printed, REPORT);
  summary.one = { runs: oneRuns, ...printed };
  summary.audits = oneRuns.map((r) => r.audit);

  if (TWO && kind === 'postgres') {
    // A second server process beside the first on each run's database; players alternate between them.
    const from = Math.max(0, steps.indexOf(printed.capacity) - 1);
    const twoSteps = steps.slice(from);
    const twoRuns = await freshRuns({
      label: `${label}, two processes`,
      steps: twoSteps,
      runs: TWO_RUNS,
      prepareRun: async (r) => {
        const db = await prepare(`two${r}`);
        const second = await startServer({ databaseUrl: db.serverUrl, dataDir: path.join(db.dataDir, 'b') });
        return { ...db, servers: [db.servers[0], second] };
      },
    });
    const printedTwo = printVerdict(`${label}: capacity, two server processes on one database, a fresh database each run`, twoSteps, twoRuns, TIMING);
    writePlot(
      `${kind}-two`,
      `${label}: two server processes, 2 cores (p99 by concurrent players, the median of ${TWO_RUNS} runs)`,
      twoRuns,
      printedTwo,
      REPORT,
    );
    const added = printedTwo.capacity - printed.capacity;
    console.log(`   the second process added ${added} players (${printed.capacity} -> ${printedTwo.capacity})`);
    summary.two = { runs: twoRuns, ...printedTwo, added };
    summary.audits.push(...twoRuns.map((r) => r.audit));
  }

  if (WORLD) {
    // The same load on a database that holds a world: at the largest step that passed on the fresh one (or the first step).
    const players = printed.capacity || steps[0];
    console.log(
      `\n== ${label}: the world (${WORLD_SIZE.players} players, ${WORLD_SIZE.console} console lines, ${WORLD_SIZE.chat} chat lines, ${WORLD_SIZE.listings} listings), ${players} playing`,
    );
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
    const within = compared.cpuRatio <= WORLD_LIMIT ? 'within' : 'OVER';
    const slowest = compared.worst.name
      ? `; slowest action by p50: ${compared.worst.name} at ${fmt(compared.worst.ratio, 2)}x`
      : '; no action was seen 20 times in both runs';
    console.log(`   CPU per request: world / fresh = ${fmt(compared.cpuRatio, 2)} (${within} the ${Math.round((WORLD_LIMIT - 1) * 100)}% allowance)${slowest}`);
    summary.world = { players, step: worldStep, ...compared };
  }
  return summary;
}

// Interrupted (Ctrl-C): the servers, the throwaway PostgreSQL and the work folder go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const cleanup of cleanups.reverse())
      await Promise.resolve()
        .then(cleanup)
        .catch(() => undefined);
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
  console.log(
    `== the mix (share of requests, a player acts every ${THINK_SECONDS} s on average): ${MIX.map(([n, w]) => `${n} ${w}`).join(', ')}; chat ${CHAT_PER_SECOND} lines/s in all`,
  );
  const summaries = [];
  for (const kind of DATABASES) {
    if (kind === 'postgres') {
      const pgServer = env.DATABASE_URL ? { url: env.DATABASE_URL } : await throwawayPostgres({ name: 'simulate', maxConnections: 300, cleanups });
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
    console.log(`${s.label}, one process: ${s.one.coresLine}`);
    if (s.two) console.log(`${s.label}, two processes: ${s.two.line}; the second process added ${s.two.added} players`);
    if (s.world) console.log(`${s.label}, the world at ${s.world.players} players: CPU per request ${fmt(s.world.cpuRatio, 2)}x the fresh database's`);
    for (const a of s.audits) console.log(`${a.label}, audit-economy: ${a.available ? `exit ${a.status}` : 'not available'}`);
  }
  const failedAudit = summaries.some((s) => s.audits.some((a) => a.available && a.status !== 0));
  process.exitCode = failedAudit ? 1 : 0;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
}
