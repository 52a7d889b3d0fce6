import pg from 'pg';

/**
 * Statements outside a transaction share a few pipelined connections, the lanes, instead of each
 * taking a pooled connection of its own for one round trip (docs/performance.md, "The database driver").
 *
 * With a connection per statement, every statement was a write to its own socket, a wake-up of its
 * own PostgreSQL backend and a read of its own answer: on this machine that, not the SQL, was most
 * of a read route's cost (a bare Fastify route with one query: 6,400 req/s through the pool,
 * 14,000 on one pipelined connection). On a lane, what the requests of one turn of the event loop
 * send leaves in one write, one backend runs the statements in order, and their answers come back
 * together. Each statement keeps its own Sync, so it is its own implicit transaction: one that
 * fails fails alone, exactly as on a pooled connection.
 *
 * Transactions never run on a lane (they take a pooled connection: `pool.connect()`), and no lane
 * holds session state: nothing on one may SET, LISTEN or take a session lock.
 *
 * A statement goes to the lane of the current turn, chosen as the one with the fewest statements in
 * flight. A lane whose oldest statement has been out longer than `stallMs` (a slow query heads it)
 * takes nothing new; with every lane stalled, closed or still connecting, a statement takes a pooled
 * connection as before. A lane that fails is replaced on a later statement, never in a loop.
 */
export interface LaneOptions {
  /** How many lanes (0: every statement takes a pooled connection). */
  count: number;
  /** A lane whose oldest statement is older than this (ms) takes no new ones. */
  stallMs: number;
  /** Prepares each new lane's client (named statements) before it is used. */
  setup(client: pg.Client): void;
  onError(error: Error): void;
}

interface Lane {
  client: pg.Client | undefined;
  connecting: boolean;
  /** When the last connection attempt failed (performance.now()): retried after RECONNECT_MS. */
  failedAt: number;
  /** When each statement in flight was sent (performance.now()), oldest first. */
  sentAt: number[];
}

const RECONNECT_MS = 1000;

type Corkable = { cork(): void; uncork(): void };
const streamOf = (client: pg.Client) => (client as unknown as { connection: { stream: Corkable } }).connection.stream;

export class LanePool extends pg.Pool {
  private readonly lanes: Lane[];
  /** The lane this turn's statements go to (so they leave in one write), until the turn ends. */
  private turnLane: Lane | undefined;
  private closing = false;

  constructor(
    config: pg.PoolConfig,
    private readonly laneOptions: LaneOptions,
  ) {
    super(config);
    this.lanes = Array.from({ length: laneOptions.count }, () => ({ client: undefined, connecting: false, failedAt: -Infinity, sentAt: [] }));
  }

  /** Opens every lane (resolves when they are connected or have failed; a failed one is retried later). */
  async openLanes(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => this.connectLane(lane)));
  }

  /** How many statements each lane has in flight (tests). */
  laneLoads(): number[] {
    return this.lanes.map((lane) => (lane.client ? lane.sentAt.length : -1));
  }

  // pg.Pool's overloads: a statement with a callback, a submittable (a cursor), or one no lane can take goes the pool's way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const submittable = typeof config === 'object' && config !== null && typeof config.submit === 'function';
    if (submittable || typeof values === 'function' || typeof callback === 'function' || typeof config === 'function') return super.query(config, values, callback);
    const lane = this.pick();
    if (!lane?.client) return super.query(config, values);
    const sentAt = lane.sentAt;
    sentAt.push(performance.now());
    const result = lane.client.query(config, values) as Promise<pg.QueryResult>;
    // Answers come in the order the statements were sent: the settled one is the oldest.
    const settled = () => void sentAt.shift();
    result.then(settled, settled);
    return result;
  }

  override async end(): Promise<void> {
    this.closing = true;
    const clients = this.lanes.flatMap((lane) => (lane.client ? [lane.client] : []));
    for (const lane of this.lanes) lane.client = undefined;
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await super.end();
  }

  private pick(): Lane | undefined {
    const now = performance.now();
    if (this.turnLane?.client && !this.stalled(this.turnLane, now)) return this.turnLane;
    let best: Lane | undefined;
    for (const lane of this.lanes) {
      if (!lane.client) {
        if (!lane.connecting && now - lane.failedAt > RECONNECT_MS) void this.connectLane(lane);
        continue;
      }
      if (this.stalled(lane, now)) continue;
      if (!best || lane.sentAt.length < best.sentAt.length) best = lane;
    }
    if (best?.client) {
      // Held until the turn's I/O callbacks have run; then what they sent leaves in one write.
      const stream = streamOf(best.client);
      stream.cork();
      this.turnLane = best;
      setImmediate(() => {
        if (this.turnLane === best) this.turnLane = undefined;
        stream.uncork();
      });
    }
    return best;
  }

  private stalled(lane: Lane, now: number): boolean {
    const oldest = lane.sentAt[0];
    return oldest !== undefined && now - oldest > this.laneOptions.stallMs;
  }

  private async connectLane(lane: Lane): Promise<void> {
    if (this.closing || lane.connecting) return;
    lane.connecting = true;
    const client = new pg.Client(this.options as pg.ClientConfig);
    const drop = (error?: Error) => {
      if (lane.client === client) {
        lane.client = undefined;
        lane.failedAt = performance.now();
        lane.sentAt = [];
      }
      if (error && !this.closing) this.laneOptions.onError(error);
    };
    // A connection lost while open must not crash the process: its statements fail, the lane is replaced.
    client.on('error', drop);
    client.on('end', () => drop());
    try {
      await client.connect();
      this.laneOptions.setup(client);
      if (this.closing) {
        await client.end();
        return;
      }
      lane.client = client;
      lane.sentAt = [];
    } catch (error) {
      lane.failedAt = performance.now();
      if (!this.closing) this.laneOptions.onError(error as Error);
    } finally {
      lane.connecting = false;
    }
  }
}
