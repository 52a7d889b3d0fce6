#!/usr/bin/env node
// The global chat's fan-out (issue 12): BENCH_CHAT_SOCKETS (2,000) signed-in WebSocket tabs on ONE
// compiled server process; players say lines at a steady rate and every tab must receive each one.
// Prints, per rate: lines said per second, deliveries per second (line x tab), the share delivered,
// and the send -> receipt latency (p50/p99/max) measured from just before the POST to each tab's
// receipt. The tabs run in BENCH_CHAT_WORKERS worker threads of this process (4), each line carrying
// its send time; on a small machine the load generator shares the cores with the server.
// Accounts: a tab limit of 12 per player (realtime/hub.ts MAX_SOCKETS_PER_PLAYER), so ~170 players
// are signed up through the development outbox, each with a character. Each player may say 5 lines
// in 10 s (the chat throttle), so a rate of R lines/s needs at least 2R speakers.
//   BENCH_CHAT_SOCKETS=2000  BENCH_CHAT_RATES=10,25,50 (lines/s)  BENCH_CHAT_SECONDS=10 (per rate)
//   DATABASE_URL=… (PostgreSQL; default the embedded PGlite)  BENCH_CHAT_URL=… (an already running server)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { buildServer, serverEntry } from './build-server.mjs';
import { freePort, rssMb, signedInPlayer, sleep } from './bench-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 2000);
const RATES = (process.env.BENCH_CHAT_RATES ?? '10,25,50').split(',').map(Number).filter((n) => n > 0);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const WORKERS = Number(process.env.BENCH_CHAT_WORKERS ?? 4);
const MAX_SOCKETS_PER_PLAYER = 12;
/** The chat throttle (packages/game/src/social/chat.ts): 5 lines per 10 s per player. */
const THROTTLE = { max: 5, windowMs: 10_000 };
const PLAYERS = Math.max(Math.ceil(SOCKETS / MAX_SOCKETS_PER_PLAYER) + 2, Math.max(...RATES) * 2 + 2);

const cleanups = [];



async function startServer() {
  if (process.env.BENCH_CHAT_URL) return { base: process.env.BENCH_CHAT_URL, pid: undefined };
  console.log('== compiling the server');
  await buildServer();
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-bench-chat-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    NODE_ENV: 'development',
    DEV_OUTBOX: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  const child = spawn(process.execPath, [serverEntry], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  cleanups.push(() => child.exitCode === null && child.kill('SIGTERM'));
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (performance.now() - started > 120_000) throw new Error('the server did not come up');
    await sleep(50);
  }
  return { base, pid: child.pid };
}

/** A signed-in player: the cookie jar and JSON calls with the game's Origin. */
async function signUp(base, n) {
  const { cookie, call } = await signedInPlayer(base, `chat${n}.${Date.now().toString(36)}@example.com`, `chat${n}`);
  await call('POST', '/api/characters', { name: `Crier${n}`, race: 'human', class: 'warrior', gender: 'female' });
  return { n, cookie: cookie(), call, said: [] };
}

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


/** Wall-clock milliseconds with sub-millisecond precision, comparable across this process's threads. */
const nowMs = () => performance.timeOrigin + performance.now();

/** A worker thread: opens its share of the tabs and times every chat line they receive. */
async function tabsWorker({ wsUrl, origin, cookies }) {
  let samples = [];
  let received = 0;
  const onMessage = (data) => {
    const raw = data.toString();
    if (!raw.includes('"chat-message"')) return;
    const sentAt = Number(/"text":"bench \d+ ([\d.]+)"/.exec(raw)?.[1]);
    if (!sentAt) return;
    received += 1;
    samples.push(nowMs() - sentAt);
  };
  const sockets = await pool(cookies, 25, (cookie, i) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl, { headers: { origin, cookie } });
      const timer = setTimeout(() => reject(new Error(`tab ${i} got no hello`)), 60_000);
      ws.on('message', (data) => {
        if (!data.toString().includes('"hello"')) return;
        clearTimeout(timer);
        ws.removeAllListeners('message');
        ws.on('message', onMessage);
        resolve(ws);
      });
      ws.on('close', (code) => reject(new Error(`tab ${i} closed with ${code}`)));
      ws.on('error', reject);
    }),
  );
  parentPort.postMessage({ type: 'ready' });
  parentPort.on('message', (message) => {
    if (message.type === 'report') {
      parentPort.postMessage({ type: 'report', received, samples });
      samples = [];
      received = 0;
    } else if (message.type === 'close') {
      sockets.forEach((ws) => ws.terminate());
      process.exit(0);
    }
  });
}

if (!isMainThread) {
  await tabsWorker(workerData);
} else {

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

try {
  const { base, pid } = await startServer();
  const wsUrl = `${base.replace(/^http/, 'ws')}/api/realtime`;

  console.log(`== signing up ${PLAYERS} players (each with a character)`);
  let t = performance.now();
  const players = await pool(
    Array.from({ length: PLAYERS }, (_, i) => i),
    8,
    (i) => signUp(base, i),
  );
  console.log(`   ${((performance.now() - t) / 1000).toFixed(1)} s`);

  console.log(`== opening ${SOCKETS} WebSocket tabs (at most ${MAX_SOCKETS_PER_PLAYER} per player) in ${WORKERS} worker threads`);
  t = performance.now();
  const shares = Array.from({ length: WORKERS }, () => []);
  for (let i = 0; i < SOCKETS; i++) shares[i % WORKERS].push(players[i % players.length].cookie);
  const workers = await Promise.all(
    shares.map(
      (cookies) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { wsUrl, origin: base, cookies } });
          worker.once('message', (m) => (m.type === 'ready' ? resolve(worker) : reject(new Error('worker failed'))));
          worker.once('error', reject);
        }),
    ),
  );
  cleanups.push(() => workers.forEach((w) => w.postMessage({ type: 'close' })));
  const collect = () =>
    Promise.all(workers.map((w) => new Promise((resolve) => {
      w.once('message', resolve);
      w.postMessage({ type: 'report' });
    })));
  console.log(`   ${((performance.now() - t) / 1000).toFixed(1)} s; server RSS ${pid ? rssMb(pid) : '?'} MB`);
  // Let the presence broadcasts of the connecting players settle.
  await sleep(3000);

  const rows = [];
  let seq = 0;
  let turn = 0;
  for (const rate of RATES) {
    await collect();
    let said = 0;
    let refused = 0;
    const lines = rate * SECONDS;
    const interval = 1000 / rate;
    const start = performance.now();
    const sends = [];
    for (let i = 0; i < lines; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      // The next player whose last 5 lines leave room under the throttle.
      let speaker;
      for (let k = 0; k < players.length; k++) {
        const p = players[(turn + k) % players.length];
        const now = Date.now();
        p.said = p.said.filter((at) => now - at < THROTTLE.windowMs + 500);
        if (p.said.length < THROTTLE.max) {
          speaker = p;
          turn = (turn + k + 1) % players.length;
          break;
        }
      }
      if (!speaker) {
        refused += 1;
        continue;
      }
      const text = `bench ${++seq} ${nowMs().toFixed(3)}`;
      speaker.said.push(Date.now());
      sends.push(
        speaker.call('POST', '/api/chat', { text }).then(
          () => (said += 1),
          () => (refused += 1),
        ),
      );
    }
    await Promise.all(sends);
    const sendSeconds = (performance.now() - start) / 1000;
    // Wait for the last deliveries (at most 15 s).
    const expected = said * SOCKETS;
    const drainStart = performance.now();
    let received = 0;
    const samples = [];
    while (received < expected && performance.now() - drainStart < 15_000) {
      await sleep(250);
      for (const report of await collect()) {
        received += report.received;
        for (const sample of report.samples) samples.push(sample);
      }
    }
    const totalSeconds = (performance.now() - start) / 1000;
    const sorted = samples.sort((a, b) => a - b);
    rows.push({
      'target lines/s': rate,
      'lines said/s': +(said / sendSeconds).toFixed(1),
      'refused': refused,
      'deliveries/s': Math.round(received / totalSeconds),
      'delivered %': +((100 * received) / Math.max(1, expected)).toFixed(2),
      'p50 ms': +quantile(sorted, 0.5).toFixed(1),
      'p99 ms': +quantile(sorted, 0.99).toFixed(1),
      'max ms': +(sorted.at(-1) ?? NaN).toFixed(1),
      'server RSS MB': pid ? rssMb(pid) : NaN,
    });
    // The throttle window passes before the next rate.
    await sleep(THROTTLE.windowMs + 500);
  }

  console.log(`== global chat fan-out: ${SOCKETS} tabs on one server process (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), ${SECONDS} s per rate`);
  console.table(rows);
  console.log('deliveries/s = chat lines received by all tabs per second; latency = POST sent -> each tab received it.');
} finally {
  for (const cleanup of cleanups.reverse()) cleanup();
}
process.exit(0);
}
