import net from 'node:net';
import pg from 'pg';

/** One pipelined connection: its client once connected, and the statements sent on it and not yet answered. */
interface Line {
  client: pg.Client;
  /** The socket the client writes to, made here and given to node-postgres by its `stream` option. */
  socket: net.Socket;
  connected: Promise<unknown>;
  inFlight: number;
  /** Corked until the end of this turn of the event loop. */
  held: boolean;
}

/**
 * The PostgreSQL pool the game runs on (docs/decisions/database.md, "One driver, as published").
 * A transaction takes a connection of its own, as from any `pg.Pool` (`connect`, which drizzle's
 * `transaction` calls). A statement outside a transaction (`query`, which drizzle calls for
 * everything else) is sent on one of a few pipelined connections, node-postgres' published
 * `pipeline` option: it does not wait for a free connection nor for the answers before it, and
 * the answers of several statements come back in one read. On a plain pool each such statement
 * checked a connection out and back in and woke it for its answer alone: about 40 us of the
 * server's CPU more per statement in the floor test, twice the whole cost of a pipelined one.
 *
 * A statement goes to the line with the fewest unanswered statements, so a slow one (a
 * leaderboard over 100,000 characters) delays only the statements queued behind it on its line.
 * A line whose connection fails (a database restart) is dropped, and its statements fail as a
 * pooled connection's would; the next statement opens a new one.
 */
export class PipelinedPool extends pg.Pool {
  readonly #lineConfig: pg.ClientConfig;
  readonly #maxLines: number;
  readonly #lines: Line[] = [];
  readonly #timers: Array<(seconds: number) => void> = [];
  #ended = false;

  /** `lines`: how many pipelined connections the statements outside transactions share. */
  constructor(config: pg.PoolConfig, lines: number) {
    super(config);
    this.#lineConfig = { ...config, pipeline: true };
    this.#maxLines = lines;
  }

  /**
   * A statement outside a transaction, on a pipelined line; the promise forms only (what drizzle
   * and the game call).
   */
  // pg.Pool's `query` is a set of overloads over configs, texts, values and callbacks; this one
  // signature stands for the promise forms of all of them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, local/no-dependency-patching -- the pool subclass issue 45 (point 5) replaces: pg-pool's published pipeline option does not pipeline pool.query yet (node-postgres#3738)
  override query(config: any, values?: any, callback?: unknown): any {
    if (typeof callback === 'function' || typeof values === 'function' || typeof config?.submit === 'function') {
      throw new TypeError('PipelinedPool.query takes a statement and its values and answers a promise');
    }
    if (this.#ended) return Promise.reject(new Error('Cannot use a pool after calling end on the pool'));
    const line = this.#pick();
    line.inFlight += 1;
    const started = performance.now();
    return line.connected
      .then(() => {
        this.#hold(line);
        return line.client.query(config, values);
      })
      .finally(() => {
        line.inFlight -= 1;
        const seconds = (performance.now() - started) / 1000;
        for (const timer of this.#timers) timer(seconds);
      });
  }

  /** Calls `timer` with each statement's time outside a transaction, from sent to answered, in seconds (/metrics). */
  onStatement(timer: (seconds: number) => void): void {
    this.#timers.push(timer);
  }

  /** How many pipelined connections are open (the /metrics gauge counts them with the pool's). */
  get openLines(): number {
    return this.#lines.length;
  }

  // eslint-disable-next-line local/no-dependency-patching -- the pool subclass issue 45 (point 5) replaces: pg-pool's published pipeline option does not pipeline pool.query yet (node-postgres#3738)
  override async end(): Promise<void> {
    this.#ended = true;
    const lines = this.#lines.splice(0);
    await Promise.all(lines.map((line) => line.connected.then(() => line.client.end()).catch(() => undefined)));
    await super.end();
  }

  /** The line with the fewest unanswered statements; a new one while fewer than `lines` are open and all are busy. */
  #pick(): Line {
    let best: Line | undefined;
    for (const line of this.#lines) if (!best || line.inFlight < best.inFlight) best = line;
    if (best && (best.inFlight === 0 || this.#lines.length >= this.#maxLines)) return best;
    return this.#open();
  }

  /**
   * The statements sent on a line in one turn of the event loop leave in one write: its socket is
   * corked until the turn's end. Each statement node-postgres sends is a write, and on the 2-core
   * machine a write that wakes PostgreSQL cost ~40 us of the server's CPU, a fifth of GET /api/me's
   * (docs/performance.md, "The database driver").
   */
  #hold(line: Line): void {
    if (line.held) return;
    line.held = true;
    line.socket.cork();
    setImmediate(() => {
      line.held = false;
      line.socket.uncork();
    });
  }

  #open(): Line {
    const socket = new net.Socket();
    const client = new pg.Client({ ...this.#lineConfig, stream: () => socket });
    const line: Line = { client, socket, connected: client.connect(), inFlight: 0, held: false };
    const drop = (error?: Error) => {
      const at = this.#lines.indexOf(line);
      if (at >= 0) this.#lines.splice(at, 1);
      // Like the pool's idle clients: a connection lost while idle must not crash the process.
      if (error) this.emit('error', error, client as unknown as pg.PoolClient);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    line.connected.catch(() => drop());
    this.#lines.push(line);
    return line;
  }
}
