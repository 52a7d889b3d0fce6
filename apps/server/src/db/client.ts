import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { withReplicas, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type * as schema from './schema/index.ts';
import { relationalSchema } from './schema/relational.ts';
import { EmbeddedSocket } from './embedded-socket.ts';
import { PipelinedLines, registerLines } from './pipelined-pool.ts';
import { statementCounter } from './statements.ts';
import { registerPool } from './transaction.ts';

export type Schema = typeof schema;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;
/** A transaction handle: every query function takes `Db | Tx` first, so callers can pass either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A pg pool when on PostgreSQL (LISTEN/NOTIFY needs its own client from it). */
  pool: pg.Pool | undefined;
  /** The pool drizzle runs on, on either database (its use and times in /metrics). */
  connections: pg.Pool;
  /**
   * The embedded database only: a gzipped tar of its data folder, consistent at one
   * point in time: taken while holding its one connection (no transaction open), after a
   * CHECKPOINT, and PGlite runs no statement while it writes the tar (issue 46: backups while the
   * game runs).
   */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** shared_buffers of the embedded database (see embeddedStartParams). */
export const EMBEDDED_SHARED_BUFFERS = '64MB';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; 'memory://' for a throwaway one. */
  dataDir: string;
  /** A PGlite data-directory dump to start from (tests clone one migrated template). */
  loadDataDir?: Blob | File | undefined;
  /** false: open as it is, without applying newer migrations (the command lines never change the schema). */
  migrate?: boolean;
}

/** True when the embedded database under `dataDir` has never been created (no PG_VERSION yet). */
export function embeddedDatabaseIsNew(dataDir: string): boolean {
  return dataDir !== 'memory://' && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * Drizzle over `pool`, migrated: node-postgres and drizzle as published. Statements that drizzle's
 * `.prepare(name)` built are named, so each connection parses and plans them once
 * (db/prepared.ts); transactions take a pooled connection for their body. On PostgreSQL, `lines`:
 * the game's handle is drizzle's `withReplicas` over the pool's handle and the pipelined lines'
 * (db/pipelined-pool.ts), its reads built on the least busy line, its other statements and its
 * transactions (drizzle's `transaction` on a `pg.Pool` connects) on the pool.
 */
async function driver(
  pool: pg.Pool,
  lines: PipelinedLines | undefined,
  errorLabel: string,
  migrateLocked: boolean,
  migrate = true,
): Promise<{ pool: pg.Pool; db: Db }> {
  // A connection that fails while idle (a server restart, an admin) must not crash the process.
  pool.on('error', (error) => console.error(`[db] ${errorLabel}:`, error.message));
  const primary = drizzlePg(pool, { schema: relationalSchema, logger: statementCounter }) as unknown as Db;
  const db = lines ? (withReplicas(primary, lines.handles as [Db, ...Db[]], () => lines.pick()) as unknown as Db) : primary;
  registerPool(db, pool);
  if (lines) registerLines(db, pool, lines);
  if (!migrate) return { pool, db };
  if (migrateLocked) await migrateAlone(pool, primary);
  else await migratePg(primary as never, { migrationsFolder });
  return { pool, db };
}

/** The advisory lock a process holds while it migrates PostgreSQL (any number, the same in every process). */
const MIGRATIONS_LOCK = 7_215_031_443;

/**
 * PostgreSQL: the migrations run by one process at a time. drizzle's migrator reads the last
 * migration applied and then applies the newer ones, with no lock: two processes started together
 * on a new database (a deployment of two game processes) both applied the first migration, and one
 * failed to start ("relation already exists"). The second now waits for the first, then finds
 * nothing to do.
 */
async function migrateAlone(pool: pg.Pool, db: Db): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    try {
      await migratePg(db as never, { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
    }
  } finally {
    lock.release();
  }
}

let knownMigrations: number | undefined;

/** Readiness: how many migrations this code has (drizzle's journal) and how many the database has applied. */
export async function migrationState(db: Db): Promise<{ known: number; applied: number }> {
  knownMigrations ??= (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
  const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ applied: number }> };
  return { known: knownMigrations, applied: result.rows[0]?.applied ?? 0 };
}

/**
 * The embedded database's start: PGlite's own parameters, and shared_buffers at 64 MB instead of
 * PostgreSQL's 128 MB. PGlite keeps its shared memory inside the WebAssembly memory and touches all
 * of it at start, so every megabyte of shared_buffers is a megabyte of resident memory from the
 * first second (idle RSS 494 -> 427 MB by itself, docs/performance.md). A page not in them is read from the
 * operating system's file cache.
 */
const embeddedStartParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // jit=off: the game's statements touch a handful of rows. On tables not yet analyzed (a new
    // database) the planner guesses ~200,000 rows, and JIT compiling each statement cost 15-80 ms
    // where executing it costs 0.1 ms (GET /api/characters: 90 req/s with JIT, see docs/performance.md,
    // "The database driver").
    // Ten pooled connections for transactions and the statements that are not reads, up to four
    // pipelined ones for the reads and prepared statements outside transactions (db/pipelined-pool.ts).
    const config = { connectionString: options.databaseUrl, options: '-c jit=off' };
    const lines = new PipelinedLines(config, 4, (error) => console.error('[db] pipelined connection error:', error.message));
    const { pool, db } = await driver(new pg.Pool({ ...config, max: 10 }), lines, 'idle connection error', true, options.migrate).catch(
      async (error: unknown) => {
        await lines.end();
        throw error;
      },
    );
    return {
      db,
      kind: 'postgres',
      pool,
      connections: pool,
      close: async () => {
        await lines.end();
        await pool.end();
      },
    };
  }
  let dataDir = options.dataDir;
  if (dataDir !== 'memory://') {
    dataDir = path.join(dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite(dataDir, { startParams: embeddedStartParams, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  await client.waitReady;
  // The embedded database through node-postgres, as PostgreSQL is: the same driver, parsers and
  // named statements on both (embedded-socket.ts, given to pg's `stream` option). PGlite is one
  // session: one connection, never closed while idle, so no two transactions interleave.
  const { pool, db } = await driver(
    new pg.Pool({ stream: () => new EmbeddedSocket(client), max: 1, idleTimeoutMillis: 0 }),
    undefined,
    'embedded connection error',
    false,
    options.migrate,
  );
  return {
    db,
    kind: 'pglite',
    async dump() {
      // The pool's one connection: while this holds it, no transaction of the game is open.
      const connection = await pool.connect();
      try {
        await connection.query('CHECKPOINT');
        return new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
      } finally {
        connection.release();
      }
    },
    // The bus's LISTEN/NOTIFY is PostgreSQL's: the embedded database has one process.
    pool: undefined,
    connections: pool,
    close: async () => {
      await pool.end();
      if (!client.closed) await client.close();
    },
  };
}
