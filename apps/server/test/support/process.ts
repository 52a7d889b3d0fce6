import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sleep } from './adventure.ts';
import { registerProcessServer } from './contract.ts';
import { freePort, freshPostgres, prepareEmbeddedDataDir } from './server.ts';

const mainFile = path.resolve(import.meta.dirname, '../../src/main.ts');

/** A server in a process of its own (src/main.ts, as `npm start` runs it), to signal or kill. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr (its log). */
  output(): string;
  /** Resolves when it has exited: its code, or the signal that ended it, and when. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
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
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
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
