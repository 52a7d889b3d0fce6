import net from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';
import { relationalSchema } from './schema/relational.ts';
import { statementCounter } from './statements.ts';

/** One pipelined connection: an ordinary `pg.Client` made with pg's published `pipeline` option, and drizzle over it. */
interface Line {
  client: pg.Client;
  /** drizzle-orm/node-postgres over this client: what a statement sent on this line is built on. */
  db: Db;
  /** The socket the client writes to, made here and given to node-postgres by its `stream` option. */
  socket: net.Socket;
  connected: boolean;
  /** Statements run through `onLine` and not yet answered. */
  inFlight: number;
  /** Corked until the end of this turn of the event loop. */
  held: boolean;
}

/**
 * The pipelined connections of a PostgreSQL database (docs/decisions/database.md, "One driver, as
 * published"): up to `max` ordinary `pg.Client`s with `pipeline: true`, each with a drizzle handle
 * of its own. A pipelined statement does not wait for a free connection nor for the answers before
 * it, and the answers of several come back in one read; through a pool's `query` each statement
 * checked a connection out and back in and woke it for its answer alone (50 concurrent reads: 132
 * against 25.6 us of CPU each, docs/performance.md, "The database driver").
 *
 * The game's handle reaches these lines through drizzle's published `withReplicas` (db/client.ts):
 * its reads (`select`, `query`, `$count`) are built on the handle `pick` gives, its other statements
 * and its transactions on the pool's. Prepared queries (db/prepared.ts, the game's hot reads and
 * writes) run through `onLine`, built once per line and counted while unanswered, so a statement
 * goes to the line with the fewest unanswered ones, and a slow one (a leaderboard over 100,000
 * characters) delays only the statements queued behind it on its line. A read drizzle's builder
 * makes goes to the least busy line too, but is not counted: drizzle tells nothing of its answer.
 *
 * A line whose connection fails (a database restart) leaves `handles` at once, and its unanswered
 * statements fail as a pooled connection's would; the next statement opens a new line. No handle
 * of a dead line is kept: the game's handle and the prepared queries look a line up per statement.
 */
export class PipelinedLines {
  /** The lines' drizzle handles, the array `withReplicas` is given (kept to the open lines). */
  readonly handles: Db[] = [];
  readonly #lines: Line[] = [];
  readonly #config: pg.ClientConfig;
  readonly #max: number;
  readonly #onError: (error: Error) => void;
  readonly #timers: Array<(seconds: number) => void> = [];
  #ended = false;
  /** After `end`: a line whose client was ended, so a statement fails as on an ended pool ("Client was closed"). */
  #closed: Line | undefined;

  /** `onError`: a line's connection failed (logged; its statements fail by themselves). */
  constructor(config: pg.ClientConfig, max: number, onError: (error: Error) => void) {
    this.#config = { ...config, pipeline: true };
    this.#max = max;
    this.#onError = onError;
    this.#open();
  }

  /** How many pipelined connections are open (the /metrics gauge counts them with the pool's). */
  get openLines(): number {
    return this.#lines.length;
  }

  /** Calls `timer` with each counted statement's time, from sent to answered, in seconds (/metrics). */
  onStatement(timer: (seconds: number) => void): void {
    this.#timers.push(timer);
  }

  /**
   * The handle of the line with the fewest unanswered statements; a new line while fewer than
   * `max` are open and all are busy. Its socket is held until the end of the turn (`#hold`).
   */
  pick(): Db {
    return this.#pickLine().db;
  }

  /** Runs `statement` on the handle of the least busy line, counted and timed until it is answered. */
  onLine<R>(statement: (handle: Db) => Promise<R>): Promise<R> {
    const line = this.#pickLine();
    line.inFlight += 1;
    const started = performance.now();
    return statement(line.db).finally(() => {
      line.inFlight -= 1;
      const seconds = (performance.now() - started) / 1000;
      for (const timer of this.#timers) timer(seconds);
    });
  }

  async end(): Promise<void> {
    this.#ended = true;
    const lines = this.#lines.splice(0);
    this.handles.splice(0);
    await Promise.all(lines.map((line) => line.client.end().catch(() => undefined)));
  }

  #pickLine(): Line {
    if (this.#ended) {
      if (!this.#closed) {
        this.#closed = this.#line(new net.Socket());
        void this.#closed.client.end();
      }
      return this.#closed;
    }
    let best: Line | undefined;
    for (const line of this.#lines) if (!best || line.inFlight < best.inFlight) best = line;
    if (!best || (best.inFlight > 0 && this.#lines.length < this.#max)) best = this.#open();
    this.#hold(best);
    return best;
  }

  /**
   * The statements sent on a line in one turn of the event loop leave in one write: its socket is
   * corked until the turn's end. Each statement node-postgres sends is a write, and on the 2-core
   * machine a write that wakes PostgreSQL cost ~40 us of the server's CPU, a fifth of GET /api/me's
   * (docs/performance.md, "The database driver"). A statement picked here and sent in a later turn
   * is written at once.
   */
  #hold(line: Line): void {
    if (line.held || !line.connected) return;
    line.held = true;
    line.socket.cork();
    setImmediate(() => {
      line.held = false;
      line.socket.uncork();
    });
  }

  #line(socket: net.Socket): Line {
    const client = new pg.Client({ ...this.#config, stream: () => socket });
    return {
      client,
      db: drizzle(client, { schema: relationalSchema, logger: statementCounter }) as unknown as Db,
      socket,
      connected: false,
      inFlight: 0,
      held: false,
    };
  }

  #open(): Line {
    const line = this.#line(new net.Socket());
    const drop = (error?: Error) => {
      const at = this.#lines.indexOf(line);
      if (at < 0) return;
      this.#lines.splice(at, 1);
      this.handles.splice(this.handles.indexOf(line.db), 1);
      // Like the pool's idle clients: a connection lost must not crash the process.
      if (error && !this.#ended) this.#onError(error);
    };
    line.client.on('error', drop);
    line.client.on('end', () => drop());
    line.client.connect().then(
      () => (line.connected = true),
      (error: Error) => drop(error),
    );
    this.#lines.push(line);
    this.handles.push(line.db);
    return line;
  }
}

/** The pipelined lines each database handle and pool runs beside (set by db/client.ts on PostgreSQL). */
const linesOf = new WeakMap<object, PipelinedLines>();

export function registerLines(db: Db, pool: pg.Pool, lines: PipelinedLines): void {
  linesOf.set(db, lines);
  linesOf.set(pool, lines);
}

/** The pipelined lines beside `pool` (/metrics), when it is PostgreSQL's. */
export function pipelinedLinesOf(pool: pg.Pool): PipelinedLines | undefined {
  return linesOf.get(pool);
}

/** Runs `statement` on a pipelined line of `db` when it has them (PostgreSQL), else on `db` itself. */
export function onLine<R>(db: Db, statement: (handle: Db) => Promise<R>): Promise<R> {
  const lines = linesOf.get(db);
  return lines ? lines.onLine(statement) : statement(db);
}
