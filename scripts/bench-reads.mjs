#!/usr/bin/env node
// The hot shared reads (issue 45 point 4, docs/decisions/caches.md): the CPU one request costs the
// compiled server, and the statements it sends, for GET /api/chat (the last 50 lines) and
// GET /api/leaderboards/xp, on PGlite and (with DATABASE_URL) on PostgreSQL.
//
// Each database: a server of its own, BENCH_READS_PLAYERS (24) players signed up through the API, each
// with a character, each saying 5 lines (the chat holds more than the 100 newest the cache keeps); a
// few readers mute a speaker, so filters differ. Then, per route, BENCH_READS_REQUESTS (1,500) GETs by
// the players in turn, BENCH_READS_CONCURRENCY (8) at once, after a warm-up: the server process's CPU
// time (/proc) over the requests, and the statements per request from its own /metrics
// (db_request_statements, begin/commit included: a cache hit sends none of the read's).
//
//   BENCH_READS_DBS=pglite,pg   BENCH_READS_SERVER=<main.js> runs that compiled server instead of
//   building and running apps/server/dist (a before/after comparison in one sitting).
//   BENCH_READS_ROUTES=chat,leaderboards   BENCH_READS_PROFILE=<dir> (node --cpu-prof of the server into <dir>)
// Run under `flock /tmp/bench.lock` on a shared machine.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverEntry } from './build-server.mjs';
import { benchServerEnv, cpuSeconds, freePort, newPgDatabase, signedInPlayer, untilHealthy } from './bench-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLAYERS = Number(process.env.BENCH_READS_PLAYERS ?? 24);
const REQUESTS = Number(process.env.BENCH_READS_REQUESTS ?? 1500);
const CONCURRENCY = Number(process.env.BENCH_READS_CONCURRENCY ?? 8);
const DBS = (process.env.BENCH_READS_DBS ?? (process.env.DATABASE_URL ? 'pglite,pg' : 'pglite')).split(',').map((d) => d.trim());
const ROUTES = [
  { key: 'chat', name: 'GET /api/chat', method: 'GET', route: '/api/chat', url: '/api/chat' },
  { key: 'leaderboards', name: 'GET /api/leaderboards/xp', method: 'GET', route: '/api/leaderboards/:board', url: '/api/leaderboards/xp' },
].filter((r) => (process.env.BENCH_READS_ROUTES ?? 'chat,leaderboards').split(',').includes(r.key));
const PROFILE_DIR = process.env.BENCH_READS_PROFILE;
const SECRET = randomBytes(32).toString('hex');

/** The route's db_request_statements sum and count in /metrics. */
async function statements(base, { method, route }) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (series) => {
    const line = text.split('\n').find((l) => l.startsWith(`db_request_statements_${series}{method="${method}",route="${route}"}`));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  };
  return { sum: read('sum'), count: read('count') };
}

/** `total` GETs of `url`, the players in turn, `limit` at once. */
async function hammer(players, url, total, limit) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < total) {
        const i = next++;
        const res = await players[i % players.length].call('GET', url);
        await res.arrayBuffer();
      }
    }),
  );
}

async function benchOne(db, entry) {
  const cleanups = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-bench-reads-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const databaseUrl = db === 'pg' ? await newPgDatabase(process.env.DATABASE_URL, `rpg_bench_reads_${process.pid}`, cleanups) : undefined;
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const args = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, entry] : [entry];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: benchServerEnv({ port, dataDir, databaseUrl, secret: SECRET }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.unshift(async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    });
    await untilHealthy(base, child, 120_000);
    const tag = Date.now().toString(36);
    const players = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const player = await signedInPlayer(base, `reads-${tag}-${i}@bench.example.com`, `reader${i}`);
      await player.call('POST', '/api/characters', { name: `Reader ${i}`, race: 'human', class: 'warrior', gender: 'female' });
      players.push(player);
    }
    const ids = [];
    for (const player of players) ids.push((await (await player.call('GET', '/api/me')).json()).id);
    for (let line = 0; line < 5; line += 1) await Promise.all(players.map((p, i) => p.call('POST', '/api/chat', { text: `line ${line} of reader ${i}` })));
    // Every fourth player mutes the next one: their filters differ.
    for (let i = 0; i < PLAYERS; i += 4) await players[i].call('PUT', `/api/chat/mutes/${ids[(i + 1) % PLAYERS]}`);
    const rows = [];
    for (const route of ROUTES) {
      await hammer(players, route.url, 200, CONCURRENCY);
      const before = await statements(base, route);
      const cpuBefore = cpuSeconds(child.pid);
      const started = performance.now();
      await hammer(players, route.url, REQUESTS, CONCURRENCY);
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(child.pid) - cpuBefore;
      const after = await statements(base, route);
      rows.push({
        database: db === 'pg' ? 'PostgreSQL' : 'PGlite',
        route: route.name,
        requests: REQUESTS,
        'CPU us/request': Math.round((cpu * 1e6) / REQUESTS),
        'statements/request': +((after.sum - before.sum) / Math.max(1, after.count - before.count)).toFixed(2),
        'requests/s': Math.round(REQUESTS / seconds),
      });
    }
    return rows;
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

const entry = process.env.BENCH_READS_SERVER || serverEntry;
if (!process.env.BENCH_READS_SERVER) await buildServer();
const table = [];
for (const db of DBS) {
  if (db === 'pg' && !process.env.DATABASE_URL) continue;
  table.push(...(await benchOne(db, entry)));
}
console.log(`== reads: ${PLAYERS} players, ${REQUESTS} requests per route, ${CONCURRENCY} at once (${entry})`);
console.table(table);
