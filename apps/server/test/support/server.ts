import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import type { Bus } from '../../src/realtime/bus.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

let template: Promise<Blob> | undefined;
/** One migrated PGlite per test process, cloned for each server (a fresh instance costs seconds). */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const client = new PGlite('memory://');
    await migrate(drizzle(client) as never, { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return template;
}

async function freePort(): Promise<number> {
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
async function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rpg_test_${process.pid}_${Date.now()}_${Math.floor(performance.now() * 1000) % 1_000_000}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: dropper(adminUrl, name) };
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
      ...options.env,
    },
    { port, host: '127.0.0.1', publicUrl: `http://localhost:${port}`, databaseUrl: dbUrl, webDist: path.join(dataDir, 'no-web') },
  );
  const database = dbUrl
    ? await openDatabase({ databaseUrl: dbUrl, dataDir })
    : options.reuse
      ? await openDatabase({ dataDir })
      : await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  const app = await buildApp({ config, database, ...(options.bus ? { bus: options.bus } : {}) });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    database,
    config,
    url: config.publicUrl,
    dataDir,
    async stop({ keepData = false } = {}) {
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
