// What the bench scripts share: a free port, a process's resident memory, a pause, a throwaway
// PostgreSQL database, a session cookie.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB (NaN once it has gone). */
export function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS'));
    return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
  } catch {
    return NaN;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime: fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds (user + system, every core) the whole machine has used since boot, from /proc/stat (Linux); NaN elsewhere. */
export function machineCpuSeconds() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return NaN;
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A new player signed in through the dev outbox (the server must run with DEV_OUTBOX=1): a cookie
 * jar and JSON calls with the game's Origin. Answers { cookie(), call(method, url, body) }.
 */
export async function signedInPlayer(base, email, name) {
  const cookies = new Map();
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async function call(method, url, body) {
    const res = await fetch(base + url, {
      method,
      headers: { origin: base, cookie: cookie(), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  }
  await call('POST', '/api/auth/sign-up/email', { email, password: 'dragon-fire', name });
  const [mail] = await (await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  await call('POST', '/api/auth/email-otp/verify-email', { email, otp: mail.code });
  await call('POST', '/api/auth/sign-in/email', { email, password: 'dragon-fire' });
  return { cookie, call };
}

/** A client of the PostgreSQL server at `url`, connected. */
export async function pgClient(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** A fresh database `name` on the PostgreSQL server of `serverUrl`, dropped by a cleanup pushed to `cleanups` (unless `keep`). */
export async function newPgDatabase(serverUrl, name, cleanups, keep = false) {
  const admin = await pgClient(serverUrl);
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  if (!keep) {
    cleanups.push(async () => {
      const c = await pgClient(serverUrl);
      await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await c.end();
    });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A session cookie as better-auth signs it (HMAC-SHA256 of the token with the server's secret). */
export const sessionCookie = (secret, token) =>
  `rpg.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

/** Waits until the server `child` answers `base`/api/health (it throws if the process exits or `timeoutMs` passes). */
export async function untilHealthy(base, child, timeoutMs) {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (performance.now() - started > timeoutMs) throw new Error('the server did not come up');
    await sleep(50);
  }
}

/**
 * The environment of a server a bench starts: development mode with the outbox, its own port, data
 * folder, database and secret, no web app, and the per-address limits lifted (every client comes
 * from this machine's address).
 */
export function benchServerEnv({ port, dataDir, databaseUrl, secret }) {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    AUTH_SECRET: secret,
    NODE_ENV: 'development',
    DEV_OUTBOX: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
}
