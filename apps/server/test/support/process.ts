import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { sleep } from './adventure.ts';
import { registerProcessServer } from './contract.ts';
import { freePort, freshPostgres, prepareEmbeddedDataDir } from './server.ts';

/**
 * The one home of the tests that run the server as a real process (src/main.ts): to signal it
 * (SIGTERM), kill it (SIGKILL), restart it on the same data, or run two behind a proxy. Start
 * with `serverProcesses(name)`: a data folder and database of the test's own, every process and
 * proxy it starts stopped, and the database dropped, after the file's tests.
 */

const mainFile = path.resolve(import.meta.dirname, '../../src/main.ts');

/** A server in a process of its own (src/main.ts, as `npm start` runs it), to signal or kill. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr (its log). */
  output(): string;
  /** Resolves when it has exited: its code, or the signal that ended it, and when. */
  exited: Promise<ProcessExit>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

export interface ProcessDatabase {
  dataDir: string;
  /** With DATABASE_URL: a database of its own on that PostgreSQL. */
  databaseUrl?: string;
  drop?: () => Promise<void>;
}

/** A data folder (and, with DATABASE_URL, a PostgreSQL database) for server processes to share one after another. */
export async function processDatabase(dataDir: string): Promise<ProcessDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const fresh = await freshPostgres(adminUrl);
    return { dataDir, databaseUrl: fresh.url, drop: fresh.drop };
  }
  await prepareEmbeddedDataDir(dataDir);
  return { dataDir };
}

export async function startServerProcess(database: ProcessDatabase, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  registerProcessServer(url);
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DEV_OUTBOX: '1',
      LOG_LEVEL: 'warn',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      WEB_DIST: path.join(database.dataDir, 'no-web'),
      RATE_LIMIT_FACTOR: '20',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-42',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<ProcessExit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  let gone = false;
  void exited.then(() => (gone = true));
  // Slow on a loaded machine (8 test runs on 2 cores took 30 s): tsx compiles the server first.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone) throw new Error(`the server process exited at start:\n${output}`);
    try {
      const ready = await fetch(`${url}/api/ready`);
      if (ready.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server process did not get ready:\n${output}`);
    }
    await sleep(100);
  }
  return {
    url,
    child,
    output: () => output,
    exited,
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The server processes of one test file, on one database (and data folder), cleaned up after it. */
export interface ServerProcesses {
  /** The database, made on first use: PGlite in a temporary folder of the test's own, or a PostgreSQL database of its own with DATABASE_URL. */
  database(): Promise<ProcessDatabase>;
  /** A server process on the database (stopped after the file's tests if the test does not). */
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /** SIGTERM (a graceful shutdown), and its exit. */
  stop(server: ServerProcess): Promise<ProcessExit>;
  /**
   * The database opened from the test while no process runs on it (PGlite is one process's:
   * stop or kill the servers first), closed after `use`.
   */
  withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T>;
  /** Caddy in front of the running processes (skip the test without caddy: `hasCaddy`). */
  startCaddy(upstreams: readonly ServerProcess[], options?: CaddyOptions): Promise<Caddy>;
}

/** Registers the cleanup with the file's afterAll: call it at the top of the file or of a describe. */
export function serverProcesses(name: string): ServerProcesses {
  // Made on first use: a describe that is skipped leaves nothing behind.
  let work: string | undefined;
  const folder = () => (work ??= mkdtempSync(path.join(tmpdir(), `rpg-${name}-`)));
  let database: Promise<ProcessDatabase> | undefined;
  const running = new Set<ServerProcess>();
  const proxies: Caddy[] = [];
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await Promise.all([...running].map((server) => server.kill()));
    await (await database)?.drop?.();
    if (work) rmSync(work, { recursive: true, force: true });
  });
  const processes: ServerProcesses = {
    database: () => (database ??= processDatabase(path.join(folder(), 'data'))),
    async start(env = {}) {
      const server = await startServerProcess(await processes.database(), env);
      running.add(server);
      void server.exited.then(() => running.delete(server));
      return server;
    },
    async stop(server) {
      server.child.kill('SIGTERM');
      return server.exited;
    },
    async withDatabase(use) {
      const { dataDir, databaseUrl } = await processes.database();
      const opened = await openDatabase({ dataDir, databaseUrl });
      try {
        return await use(opened);
      } finally {
        await opened.close();
      }
    },
    async startCaddy(upstreams, options = {}) {
      const proxy = await startCaddy(folder(), upstreams, options);
      proxies.push(proxy);
      return proxy;
    },
  };
  return processes;
}

/** Caddy (Debian's package, as CI installs it) is on the PATH. */
export const hasCaddy = spawnSync('caddy', ['version']).status === 0;

export interface CaddyOptions {
  /** Caddy's lb_policy: round_robin (deploy/Caddyfile's) by default; ip_hash keeps each client address on one process. */
  policy?: 'round_robin' | 'ip_hash';
  /** Its port (a free one by default): the processes' PUBLIC_URL must name it before they start. */
  port?: number;
}

export interface Caddy {
  /** http://localhost:PORT, the game's public URL through the proxy. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Caddy as deploy/Caddyfile runs it (reverse_proxy to every process, WebSockets as they are), on plain HTTP. */
async function startCaddy(work: string, upstreams: readonly ServerProcess[], { policy = 'round_robin', port }: CaddyOptions): Promise<Caddy> {
  const listen = port ?? (await freePort());
  const url = `http://localhost:${listen}`;
  registerProcessServer(url);
  const to = upstreams.map((server) => `127.0.0.1:${new URL(server.url).port}`).join(' ');
  const caddyfile = path.join(work, `Caddyfile.${listen}`);
  writeFileSync(caddyfile, `{\n\tadmin off\n\tauto_https off\n}\nhttp://:${listen} {\n\treverse_proxy ${to} {\n\t\tlb_policy ${policy}\n\t}\n}\n`);
  let output = '';
  const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (up === 200) break;
    if (i > 100 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`caddy did not start:\n${output}`);
    }
    await sleep(100);
  }
  return {
    url,
    port: listen,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
