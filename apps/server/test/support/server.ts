import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { embeddedDatabaseIsNew, openDatabase, type Database } from '../../src/db/client.ts';
import { createFromTemplate, templateIsCurrent, writeTemplate } from '../../src/db/template.ts';
import type { Bus } from '../../src/realtime/bus.ts';
import { registerContractServer, unregisterContractServer } from './contract.ts';

/**
 * The migrated database every test server starts from (src/db/template.ts), kept in the temporary
 * folder across test processes and rebuilt when the migrations change: a fresh database (initdb)
 * costs seconds, cloning this a fraction of that.
 */
const templateFile = path.join(tmpdir(), 'rpg-test-pglite-template.tar.gz');
let template: Promise<Blob> | undefined;
/** The template, built when needed, unpacked once per test process (a tar PGlite's loadDataDir clones). */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    if (!templateIsCurrent({ templateFile })) await writeTemplate({ templateFile });
    return new Blob([gunzipSync(readFileSync(templateFile))], { type: 'application/x-tar' });
  })();
  return template;
}

/** A new embedded data folder, unpacked from the template (as a server's first start does). */
export async function prepareEmbeddedDataDir(dataDir: string): Promise<void> {
  if (!embeddedDatabaseIsNew(dataDir)) return;
  await pgliteTemplate();
  createFromTemplate(dataDir, { templateFile });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** With DATABASE_URL set, each test server gets a database of its own on that PostgreSQL. */
export async function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rpg_test_${process.pid}_${Date.now()}_${Math.floor(performance.now() * 1000) % 1_000_000}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: dropper(adminUrl, name) };
}

/**
 * Ends a pool and waits until each of its connections has closed. `pool.end()` resolves once its
 * clients are told to end, not once they have: a `DROP DATABASE ... WITH (FORCE)` right after it
 * terminates a connection still closing, and the pool then emits that as an error (thrown when the
 * pool has no listener).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

function dropper(adminUrl: string, name: string): () => Promise<void> {
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  url: string;
  dataDir: string;
  /** The PostgreSQL database of this server (with DATABASE_URL), to start again on it. */
  databaseUrl?: string;
  /** Stop the server; keep the database (to start again on it) unless `drop`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Replace the push bus (a bus whose publish fails). */
  bus?: Bus;
  /** Re-open an existing data folder / database (restart tests). */
  reuse?: { dataDir: string; databaseUrl?: string };
  /** Receives the log lines (JSON, one per write). */
  logStream?: { write(line: string): void };
}

/**
 * A second server on the PostgreSQL database of `server` (as a second process would be: a data
 * folder of its own), for the scaling-out tests. Its stop keeps the database (the first drops it).
 */
export async function startServerBeside(server: TestServer, options: Omit<StartOptions, 'reuse'> = {}): Promise<TestServer> {
  if (!server.databaseUrl) throw new Error('a second server shares a PostgreSQL database: run with DATABASE_URL');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-test-beside-'));
  const beside = await startTestServer({ ...options, reuse: { dataDir, databaseUrl: server.databaseUrl } });
  return {
    ...beside,
    async stop() {
      await beside.stop({ keepData: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'rpg-test-'));
  const adminUrl = process.env.DATABASE_URL;
  let dbUrl = options.reuse?.databaseUrl;
  let drop: (() => Promise<void>) | undefined;
  // A reused database is dropped when the last server on it stops without keepData.
  if (adminUrl && dbUrl) drop = dropper(adminUrl, new URL(dbUrl).pathname.slice(1));
  if (adminUrl && !dbUrl) {
    const fresh = await freshPostgres(adminUrl);
    dbUrl = fresh.url;
    drop = fresh.drop;
  }
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DEV_OUTBOX: '1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      RATE_LIMIT_FACTOR: '20',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-42',
      // RPG_GATEWAY=process in the environment runs every test server's gateway in its own process.
      ...(process.env.RPG_GATEWAY ? { RPG_GATEWAY: process.env.RPG_GATEWAY } : {}),
      ...options.env,
    },
    { port, host: '127.0.0.1', publicUrl: `http://localhost:${port}`, databaseUrl: dbUrl, webDist: path.join(dataDir, 'no-web') },
  );
  if (!dbUrl && options.reuse && embeddedDatabaseIsNew(dataDir)) {
    // A new data folder (restart tests) starts from the template too, as the server's first start does.
    await pgliteTemplate();
    createFromTemplate(dataDir, { templateFile });
  }
  const database = dbUrl
    ? await openDatabase({ databaseUrl: dbUrl, dataDir })
    : options.reuse
      ? await openDatabase({ dataDir })
      : await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  const app = await buildApp({
    config,
    database,
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.listen({ port, host: '127.0.0.1' });
  // Every TestClient of this server parses its answers with the routes' contract schemas.
  registerContractServer(`http://127.0.0.1:${port}`, app);
  return {
    app,
    database,
    config,
    url: config.publicUrl,
    dataDir,
    async stop({ keepData = false } = {}) {
      unregisterContractServer(`http://127.0.0.1:${port}`, app);
      await app.close();
      await database.close();
      if (!keepData) {
        await drop?.();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    ...(dbUrl ? { databaseUrl: dbUrl } : {}),
  };
}
