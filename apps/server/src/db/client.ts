import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
// @ts-expect-error: pg's internal helpers ship without types; the one used is typed where it is patched.
import pgUtils from 'pg/lib/utils.js';
import type * as schema from './schema/index.ts';
import * as authSchema from './schema/auth.ts';
import { EmbeddedSocket } from './embedded-socket.ts';
import { LanePool } from './lanes.ts';

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
  close(): Promise<void>;
}

/**
 * The schema drizzle is given: only the auth tables, for better-auth's adapter (it reads them
 * through drizzle's relational API). The game's queries name their tables and never use that API,
 * and drizzle builds a relational query builder for every table of this schema in every
 * transaction: with all 34 tables that was ~2% of a console line's CPU, and its garbage.
 */
const relationalSchema = authSchema;

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; 'memory://' for a throwaway one. */
  dataDir: string;
  /** A PGlite data-directory dump to start from (tests clone one migrated template). */
  loadDataDir?: Blob | File | undefined;
}

/**
 * PostgreSQL: the shared pipelined connections that statements outside a transaction take
 * (lanes.ts), and how long a lane's oldest statement may be out before it takes no new ones. Two:
 * a slow statement on one leaves the other, and PostgreSQL runs each lane's backend on a core.
 * The embedded database is one session: no lanes.
 */
const LANES = 2;
const LANE_STALL_MS = 10;

/** Named prepared statements one connection keeps at most (each costs the server a little memory). */
const MAX_PREPARED_PER_CONNECTION = 2000;
const statementNames = new Map<string, string>();

/** The statement's name: a hash of its text, so the same text always gets the same name. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (statementNames.size >= 10_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Every parameterised query runs as a named prepared statement on its connection: PostgreSQL
 * parses it once per connection and, after a few runs, plans it once, where an unnamed statement
 * is parsed and planned on every call (the profile of GET /api/characters: parse and bind were
 * 90% of the database time, execute 10%). Statements without parameters (begin, commit,
 * migrations with several commands) stay unnamed.
 */
function preparedStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Set<string>();
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof (config as pg.QueryConfig).text === 'string' &&
      !(config as pg.QueryConfig).name &&
      Array.isArray(values ?? (config as pg.QueryConfig).values) &&
      ((values ?? (config as pg.QueryConfig).values) as unknown[]).length > 0
    ) {
      const name = statementName((config as pg.QueryConfig).text);
      if (named.has(name) || named.size < MAX_PREPARED_PER_CONNECTION) {
        named.add(name);
        config = { ...(config as pg.QueryConfig), name };
      }
    }
    return query(config, values, callback);
  };
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;
type Corkable = { cork(): void; uncork(): void };

const textOf = (config: unknown) => (typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text);
const streamOf = (client: pg.PoolClient) => (client as unknown as { connection: { stream: Corkable } }).connection.stream;

/** Per pooled connection: holds its writes until the transaction's `commit` or `rollback` is written. */
const holdUntilEnd = new WeakMap<pg.PoolClient, () => void>();

/**
 * A transaction's last statement sent in one write with the `commit` behind it (the connections
 * are pipelined): one round trip less for a transaction that ends with a write whose answer is
 * only needed after the commit. `statement` runs at once; the transaction's callback returns
 * without awaiting it, and the caller awaits `.result` after the transaction. Should the
 * statement fail, PostgreSQL turns the `commit` of the aborted transaction into a rollback, and
 * `.result` rejects with the statement's error: nothing is kept.
 */
export function withCommit<T>(tx: Tx, statement: () => Promise<T>): { result: Promise<T> } {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (client) holdUntilEnd.get(client)?.();
  // Once: a drizzle query is a thenable that runs again on every `then`.
  const result = Promise.resolve(statement());
  // Awaited after the commit: until then a failure must not count as unhandled.
  result.catch(() => undefined);
  return { result };
}

/**
 * A transaction's `begin` goes out with its first statement instead of taking a round trip of
 * its own (the connections are in pg's pipeline mode, which sends a query without waiting for the
 * answer to the one before). drizzle awaits `begin` before it runs the transaction's body, so the
 * `begin` is written to the corked socket and answered at once here; the body's first statement
 * is written behind it and both leave in one write. That statement's answer waits for the
 * `begin`'s: if the `begin` failed, the statement fails with its error, and drizzle rolls back.
 * A console line was five round trips (begin, locked read, insert, commit, the NOTIFY); with this
 * and withCommit, three.
 */
function beginWithFirstStatement(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  const stream = streamOf(client);
  let begun: Promise<unknown> | undefined;
  let corked = false;
  const flush = () => {
    if (!corked) return;
    corked = false;
    stream.uncork();
  };
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const text = textOf(config);
    const noValues = !Array.isArray(values ?? (config as { values?: unknown } | null)?.values) || ((values ?? (config as { values: unknown[] }).values) as unknown[]).length === 0;
    if (!begun && callback === undefined && typeof values !== 'function' && typeof text === 'string' && /^begin\b/i.test(text) && noValues) {
      stream.cork();
      corked = true;
      begun = query(config, values) as Promise<unknown>;
      begun.catch(() => undefined);
      // Nothing followed in this turn (a body that awaits something else first): the begin goes alone.
      setImmediate(flush);
      return Promise.resolve({ command: 'BEGIN', rowCount: null, oid: null, rows: [], fields: [] });
    }
    const result = query(config, values, callback);
    flush();
    if (!begun) return result;
    const before = begun;
    begun = undefined;
    if (!(result instanceof Promise)) return result;
    result.catch(() => undefined);
    return before.then(() => result);
  };
}

/**
 * withCommit's side on the connection: from the transaction's last statement its writes are held
 * (the socket corked) until the `commit` or `rollback` is written, so they leave in one write. A
 * transaction that does not end in the same turn (its callback awaited something else) is let go
 * at the next one, not held up.
 */
function commitWithLastStatement(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  const stream = streamOf(client);
  let hold: object | undefined;
  const release = () => {
    if (!hold) return;
    hold = undefined;
    stream.uncork();
  };
  holdUntilEnd.set(client, () => {
    if (hold) return;
    const mine = {};
    hold = mine;
    stream.cork();
    setImmediate(() => hold === mine && release());
  });
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const result = query(config, values, callback);
    const text = textOf(config);
    if (hold && typeof text === 'string' && /^(commit|rollback)\b/i.test(text)) release();
    return result;
  };
}

/**
 * node-postgres prepares, for every result, an empty row object with a key per column, for rows
 * read as objects. drizzle reads every row as an array, where that object is never used; on the
 * wide joins of the character reads building it was ~13% of GET /api/characters' CPU
 * (docs/performance.md, "The database driver"). Array results keep only what they use: the fields
 * and their parsers.
 */
let rowObjectsSkipped = false;
function skipUnusedRowObjects(): void {
  if (rowObjectsSkipped) return;
  rowObjectsSkipped = true;
  type Field = { dataTypeID: number; format?: string };
  type TypeParsers = { getTypeParser(oid: number, format: string): unknown };
  type ResultInternals = { rowAsArray: boolean; fields: Field[]; _parsers?: unknown[]; _types?: TypeParsers };
  const prototype = pg.Result.prototype as unknown as { addFields(this: ResultInternals, fields: Field[]): void };
  const addFields = prototype.addFields;
  prototype.addFields = function (fields) {
    if (!this.rowAsArray) return addFields.call(this, fields);
    this.fields = fields;
    const parsers = this._types ?? (pg.types as TypeParsers);
    this._parsers = fields.map((field) => parsers.getTypeParser(field.dataTypeID, field.format || 'text'));
  };
}

/**
 * node-postgres copies every query's config before it runs it, property descriptor by descriptor
 * (`Object.defineProperties(Object.create(proto), Object.getOwnPropertyDescriptors(config))`): ~5 us
 * a query here, 5.5% of GET /api/me's CPU on PostgreSQL (docs/performance.md, "The database driver");
 * a spread of drizzle's configs, of several shapes, still cost half of that. pg's Query reads the
 * copy's fields once, in its constructor, and keeps none of it: a plain config that holds only those
 * fields is copied into one literal of them (~0.1 us). Any other config (a prototype of its own, a
 * field pg may read elsewhere) still takes pg's way.
 */
const QUERY_CONFIG_FIELDS = new Set(['text', 'values', 'rows', 'types', 'name', 'queryMode', 'binary', 'portal', 'callback', 'rowMode']);
let configCopyShortened = false;
function copyQueryConfigsCheaply(): void {
  if (configCopyShortened) return;
  configCopyShortened = true;
  type Config = Record<string, unknown>;
  type Normalize = (config: unknown, values?: unknown, callback?: unknown) => Config;
  const utils = pgUtils as { normalizeQueryConfig: Normalize };
  const normalize = utils.normalizeQueryConfig;
  utils.normalizeQueryConfig = (config, values, callback) => {
    if (config === null || typeof config !== 'object' || Object.getPrototypeOf(config) !== Object.prototype) return normalize(config, values, callback);
    for (const field in config) if (!QUERY_CONFIG_FIELDS.has(field)) return normalize(config, values, callback);
    const c = config as Config;
    const valuesGiven = Boolean(values) && typeof values !== 'function';
    return {
      text: c.text,
      values: valuesGiven ? values : c.values,
      rows: c.rows,
      types: c.types,
      name: c.name,
      queryMode: c.queryMode,
      binary: c.binary,
      portal: c.portal,
      callback: callback || (typeof values === 'function' ? values : c.callback),
      rowMode: c.rowMode,
    };
  };
}

/**
 * A transaction's `begin`, `commit` and `rollback` sent as they are: drizzle built each as a query
 * of its own (an SQL template, a prepared-query object with its type parsers, tracing wrappers),
 * ~60 us of CPU a transaction over the three statements themselves, for statements that never
 * change (docs/performance.md, "The database driver"). The same statements, in the same order, with
 * the same errors (drizzle's DrizzleQueryError); a transaction with options (an isolation level,
 * read only) and a nested one (a savepoint) still go drizzle's way.
 */
let transactionsShortened = false;
function leanTransactions(): void {
  if (transactionsShortened) return;
  transactionsShortened = true;
  type Session = {
    client: pg.Pool | pg.PoolClient;
    dialect: unknown;
    schema: unknown;
    options: unknown;
    transaction(run: (tx: unknown) => Promise<unknown>, config?: unknown): Promise<unknown>;
  };
  const prototype = NodePgSession.prototype as unknown as Session;
  const drizzleTransaction = prototype.transaction;
  const statement = async (client: pg.PoolClient, text: string) => {
    try {
      await client.query(text);
    } catch (error) {
      throw new DrizzleQueryError(text, [], error as Error);
    }
  };
  prototype.transaction = async function (this: Session, run, config) {
    if (config !== undefined || !(this.client instanceof pg.Pool)) return drizzleTransaction.call(this, run, config);
    const client = await this.client.connect();
    const session = new NodePgSession(client as never, this.dialect as never, this.schema as never, this.options as never);
    const tx = new NodePgTransaction(this.dialect as never, session, this.schema as never);
    try {
      await statement(client, 'begin');
      try {
        const result = await run(tx);
        await statement(client, 'commit');
        return result;
      } catch (error) {
        await statement(client, 'rollback');
        throw error;
      }
    } finally {
      client.release();
    }
  };
}

/** True when the embedded database under `dataDir` has never been created (no PG_VERSION yet). */
export function embeddedDatabaseIsNew(dataDir: string): boolean {
  return dataDir !== 'memory://' && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * The pool and drizzle over it, migrated, for either database: every connection pipelined, its
 * parameterised statements named (preparedStatements) and its transactions' first and last
 * statements sent with their `begin` and `commit` (beginWithFirstStatement; withCommit with
 * commitWithLastStatement).
 */
async function driver(config: pg.PoolConfig, errorLabel: string, lanes = 0): Promise<{ pool: pg.Pool; db: Db }> {
  skipUnusedRowObjects();
  copyQueryConfigsCheaply();
  leanTransactions();
  const pool = new LanePool({ ...config, pipeline: true } as pg.PoolConfig, {
    count: lanes,
    stallMs: LANE_STALL_MS,
    setup: preparedStatements,
    onError: (error) => console.error(`[db] ${errorLabel} (lane):`, error.message),
  });
  pool.on('connect', (client) => {
    preparedStatements(client);
    beginWithFirstStatement(client);
    commitWithLastStatement(client);
  });
  // A connection that fails while idle (a server restart, an admin) must not crash the process.
  pool.on('error', (error) => console.error(`[db] ${errorLabel}:`, error.message));
  const db = drizzlePg(pool, { schema: relationalSchema }) as unknown as Db;
  if (lanes > 0) await migrateAlone(pool, db);
  else await migratePg(db as never, { migrationsFolder });
  await pool.openLanes();
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

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // jit=off: the game's statements touch a handful of rows. On tables not yet analyzed (a new
    // database) the planner guesses ~200,000 rows, and JIT compiling each statement cost 15-80 ms
    // where executing it costs 0.1 ms (GET /api/characters: 90 req/s with JIT, see docs/performance.md,
    // "The database driver").
    const { pool, db } = await driver({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' }, 'idle connection error', LANES);
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let dataDir = options.dataDir;
  if (dataDir !== 'memory://') {
    dataDir = path.join(dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await client.waitReady;
  // The embedded database through node-postgres, as PostgreSQL is: the same driver, parsers,
  // named statements and pipelining on both (embedded-socket.ts). PGlite is one session: one
  // connection, never closed while idle, so no two transactions interleave.
  const { pool, db } = await driver({ stream: () => new EmbeddedSocket(client), max: 1, idleTimeoutMillis: 0 }, 'embedded connection error');
  return {
    db,
    kind: 'pglite',
    // The bus's LISTEN/NOTIFY is PostgreSQL's: the embedded database has one process.
    pool: undefined,
    close: async () => {
      await pool.end();
      if (!client.closed) await client.close();
    },
  };
}
