// What the bench scripts share: a free port, a process's resident memory, a pause, a throwaway
// PostgreSQL cluster and database, a session cookie.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** PostgreSQL 15's programs, where Debian's postgresql-15 package puts them. */
export const PGBIN = '/usr/lib/postgresql/15/bin';

/**
 * A throwaway PostgreSQL 15 cluster, as .ci/run starts one (null without its programs): its own
 * folder under the system's temporary one, owned by the postgres user when run as root (PostgreSQL
 * refuses to run as root), started on a free loopback port with its Unix socket beside it, and
 * stopped and removed by the cleanup pushed on `cleanups`. `socketUrl(db)` reaches it through the
 * socket: over loopback TCP the kernel's TCP path was ~40% of the server's CPU on GET /api/me
 * (docs/performance.md, "The database driver").
 */
export async function throwawayPostgres({ name, maxConnections, cleanups }) {
  if (!existsSync(`${PGBIN}/initdb`)) return null;
  const dir = mkdtempSync(path.join(tmpdir(), `rpg-${name}-pg-`));
  mkdirSync(path.join(dir, 'sock'));
  const asPostgres = process.getuid?.() === 0;
  const run = (bin, args) =>
    execFileSync(asPostgres ? 'runuser' : `${PGBIN}/${bin}`, asPostgres ? ['-u', 'postgres', '--', `${PGBIN}/${bin}`, ...args] : args, { stdio: 'ignore' });
  if (asPostgres) {
    const fields =
      readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .find((l) => l.startsWith('postgres:'))
        ?.split(':') ?? [];
    for (const p of [dir, path.join(dir, 'sock')]) chownSync(p, Number(fields[2]), Number(fields[3]));
  }
  run('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${path.join(dir, 'sock')} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections}`;
  run('pg_ctl', ['-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  cleanups.push(() => {
    try {
      run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {
      /* already stopped */
    }
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: (db = 'postgres') => `postgres://postgres@/${db}?host=${encodeURIComponent(path.join(dir, 'sock'))}&port=${port}`,
    /** The postmaster's pid (its CPU is the database's, with its backends'). */
    postmaster: Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
  };
}
