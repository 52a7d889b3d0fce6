#!/usr/bin/env node
// `npm run bench`: speed and memory figures, measured against a real server on
// loopback with a throwaway embedded database. Bounded in count and time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 3290;
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-bench-'));
const results = [];

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '1000', RPG_TIME_SCALE: '600' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const rssMb = () => {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS'));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
};

async function waitUp() {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return Date.now() - started;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 60_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const cookies = new Map();
async function call(method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { origin: base, ...(body ? { 'content-type': 'application/json' } : {}), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return res;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(name, total, concurrency, fn) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t = performance.now();
        const res = await fn();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  results.push({ what: name, requests: total, concurrency, 'req/s': Math.round(total / seconds), 'p50 ms': +percentile(times, 50).toFixed(2), 'p95 ms': +percentile(times, 95).toFixed(2), 'p99 ms': +percentile(times, 99).toFixed(2) });
}

try {
  const startMs = await waitUp();
  results.push({ what: 'server start (migrations included)', ms: startMs, 'rss MB': rssMb() });

  const email = `bench.${Date.now()}@example.com`;
  await call('POST', '/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'bench' });
  const [mail] = await (await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  await call('POST', '/api/auth/email-otp/verify-email', { email, otp: mail.code });
  const t = performance.now();
  await call('POST', '/api/auth/sign-in/email', { email, password: 'dragon-fire' });
  results.push({ what: 'sign-in (password hash check)', ms: +(performance.now() - t).toFixed(1) });

  await load('GET /api/health', 3000, 16, () => fetch(`${base}/api/health`));
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  await load('GET /api/me (session + profile)', 3000, 16, () => fetch(`${base}/api/me`, { headers: { cookie } }));
  if (await fetch(`${base}/api/characters`, { headers: { cookie } }).then((r) => r.ok)) {
    await load('GET /api/characters', 2000, 16, () => fetch(`${base}/api/characters`, { headers: { cookie } }));
  }

  // A character, console commands, and adventures settled by the scheduler.
  const created = await call('POST', '/api/characters', { name: 'Benchmark', race: 'human', class: 'warrior', gender: 'female' });
  const { character } = await created.json();
  const consoleUrl = `${base}/api/characters/${character.id}/console`;
  await load('POST console /roll 2d6', 1000, 8, () =>
    fetch(consoleUrl, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ text: '/roll 2d6' }) }),
  );
  await load('GET console history (200 lines)', 1000, 8, () => fetch(consoleUrl, { headers: { cookie } }));
  const rounds = 20;
  const t1 = performance.now();
  for (let i = 0; i < rounds; i++) {
    const started = await call('POST', `/api/characters/${character.id}/adventures`, { location: 'forest', level: 1 });
    if (started.status !== 201) throw new Error(`adventure start: ${started.status} ${await started.text()}`);
    // 1 minute at RPG_TIME_SCALE=600 is 100 ms; poll until it is settled (by the scheduler or the read).
    for (;;) {
      await new Promise((r) => setTimeout(r, 20));
      const res = await fetch(`${base}/api/characters/${character.id}/adventure`, { headers: { cookie } });
      if ((await res.json()).current === null) break;
    }
  }
  results.push({ what: `${rounds} adventures started and settled (100 ms each)`, ms: Math.round(performance.now() - t1), 'rss MB': rssMb() });

  // 200 open tabs: time to connect them all, memory with them open.
  const sockets = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 200 }, () =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://localhost:${port}/api/realtime`, { headers: { cookie, origin: base } });
        ws.on('message', (m) => {
          if (JSON.parse(m.toString()).type === 'hello') resolve();
        });
        ws.on('error', reject);
        sockets.push(ws);
      }),
    ),
  );
  results.push({ what: '200 WebSocket tabs connected', ms: Math.round(performance.now() - t0), 'rss MB': rssMb() });
  sockets.forEach((s) => s.close());
  results.push({ what: 'after the load', 'rss MB': rssMb() });
  console.table(results);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
