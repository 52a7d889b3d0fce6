import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { pipelinedLinesOf } from '../db/pipelined-pool.ts';
import { countStatements, type StatementCount } from '../db/statements.ts';
import { transactionsOpened } from '../db/transaction.ts';
import { isLoopbackHost } from './origin.ts';
import { registerProcessMetrics } from './process-metrics.ts';
import { REQUEST_TEXTS } from '@rpg/game';

/** What the metrics read from the rest of the app (app.ts wires them; this file imports no layer above it). */
declare module 'fastify' {
  interface FastifyRequest {
    /** The statements the request has sent (db/statements.ts), for db_request_statements. */
    statementCount?: StatementCount;
  }
}

export interface MetricSources {
  /** The database's connection pool (PostgreSQL's, or the embedded database's one connection). */
  pool: Database['pool'];
  /** This process's open WebSockets. */
  openSockets(): number;
  /** How late the scheduler last woke after the time it had set (ms). */
  schedulerLagMs(): number;
}

export interface Metrics {
  /** A flush of pushes to this process's tabs: how many, and how long the first waited after it reached the process (s). */
  observePushes(count: number, lagSeconds: number): void;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds for the client it forwards (any one of them: a proxied request). */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'via'];

/** Where the server is reached from, as far as /metrics is concerned (app.ts, from the config). */
export interface MetricsAccess {
  /** METRICS_TOKEN: `Authorization: Bearer TOKEN` reads /metrics from anywhere. */
  token: string | undefined;
  /**
   * Without the token, a loopback peer may read it: only when no proxy is configured
   * (TRUST_PROXY unset) and the game is not published at another address (PUBLIC_URL unset or a
   * loopback one). Behind a proxy, or published, the token is the only way in.
   */
  loopbackOpen: boolean;
}

/** Whether loopback alone may read /metrics: no proxy configured, and no public address (MetricsAccess). */
export function metricsLoopbackOpen(config: { trustProxy: unknown; publicUrl: string; publicUrlFixed: boolean }): boolean {
  return config.trustProxy === false && (!config.publicUrlFixed || isLoopbackHost(new URL(config.publicUrl).host));
}

/**
 * The request may read /metrics (issue 46, point 7): with the bearer token, or, when
 * `loopbackOpen`, from this machine directly: the socket's peer is loopback, the Host it was
 * sent to is a loopback name, and it carries none of the headers a proxy adds. A proxy on the same
 * host connects from loopback for every visitor: it names them in X-Forwarded-For or Forwarded,
 * passes the public Host on, or adds X-Real-IP or Via; and one that does none of these runs with
 * TRUST_PROXY or PUBLIC_URL set, where loopback alone never opens it.
 */
function mayRead(request: FastifyRequest, { token, loopbackOpen }: MetricsAccess): boolean {
  const header = request.headers.authorization;
  if (token && header?.startsWith('Bearer ')) {
    const given = Buffer.from(header.slice('Bearer '.length));
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  if (!loopbackOpen) return false;
  const peer = request.socket.remoteAddress ?? '';
  const proxied = PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
  return LOOPBACK.has(peer) && !proxied && isLoopbackHost(request.headers.host);
}

/**
 * GET /metrics in Prometheus' text format (prom-client): requests and their latency per route
 * pattern (never the raw URL: ids would make a series each), 5xx errors, the database pool and its
 * statements' and transactions' time,
 * open sockets, pushes and their delivery lag, the scheduler's lag, and the process's own (CPU,
 * memory, event-loop delay, garbage collection: process-metrics.ts). Anyone else gets the same 404 as an
 * unknown path.
 */
export function registerMetrics(app: FastifyInstance, { access, sources }: { access: MetricsAccess; sources: MetricSources }): Metrics {
  const register = new Registry();
  const stopProcessMetrics = registerProcessMetrics(register);
  app.addHook('onClose', async () => stopProcessMetrics());
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern', labelNames, registers: [register] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status, by route pattern',
    labelNames: ['method', 'route'],
    registers: [register],
  });
  new Gauge({
    name: 'realtime_open_sockets',
    help: "This process's open WebSockets",
    registers: [register],
    collect() {
      this.set(sources.openSockets());
    },
  });
  const pushes = new Counter({
    name: 'realtime_pushes_total',
    help: 'Pushes delivered to tabs of this process (a broadcast counts once)',
    registers: [register],
  });
  const pushLag = new Histogram({
    name: 'realtime_push_delivery_lag_seconds',
    help: 'From a push reaching this process to its write to the sockets',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1],
    registers: [register],
  });
  new Gauge({
    name: 'scheduler_lag_seconds',
    help: 'How late the scheduler last woke after its set time',
    registers: [register],
    collect() {
      this.set(sources.schedulerLagMs() / 1000);
    },
  });
  const { pool } = sources;
  if (pool) {
    const lines = pipelinedLinesOf(pool);
    const poolGauge = (name: string, help: string, read: (p: NonNullable<Database['pool']>) => number) =>
      new Gauge({
        name,
        help,
        registers: [register],
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge(
      'db_pool_connections',
      'Connections the database pool holds (with the pipelined ones on PostgreSQL)',
      (p) => p.totalCount + (lines?.openLines ?? 0),
    );
    poolGauge('db_pool_idle_connections', 'Idle connections in the database pool', (p) => p.idleCount);
    poolGauge('db_pool_waiting_requests', 'Callers waiting for a pooled connection', (p) => p.waitingCount);
    // A transaction holds a pooled connection for its whole body (begin to commit): the pool's own
    // events time it. A statement outside a transaction holds one too on the embedded database; on
    // PostgreSQL a prepared one is pipelined (db/pipelined-pool.ts), timed from sent to answered.
    const queryTime = new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Time a statement outside a transaction waited for its answer, or a whole transaction held a pooled connection',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [register],
    });
    const acquiredAt = new WeakMap<object, number>();
    pool.on('acquire', (client) => acquiredAt.set(client, performance.now()));
    pool.on('release', (_error, client) => {
      const at = acquiredAt.get(client);
      if (at === undefined) return;
      acquiredAt.delete(client);
      queryTime.observe((performance.now() - at) / 1000);
    });
    lines?.onStatement((seconds) => queryTime.observe(seconds));
    let counted = 0;
    new Counter({
      name: 'db_transactions_total',
      help: "Transactions the game's code ran (db/transaction.ts)",
      registers: [register],
      collect() {
        const now = transactionsOpened(pool);
        this.inc(now - counted);
        counted = now;
      },
    });
  }

  // Statements per request and route: the round trips of the hot writes (issue 45, point 3; the
  // table in docs/performance.md). Counted from the request's first hook that reads the database
  // (the rate limit's, registered after this) to its answer.
  const statements = new Histogram({
    name: 'db_request_statements',
    help: 'Statements a request sent to the database before its answer (begin and commit included), by route pattern',
    labelNames: ['method', 'route'],
    buckets: [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32],
    registers: [register],
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const count: StatementCount = { statements: 0 };
    request.statementCount = count;
    countStatements(count, done);
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: request.method, route });
    if (request.statementCount) statements.observe({ method: request.method, route }, request.statementCount.statements);
  });

  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    if (!mayRead(request, access)) return reply.status(404).send({ error: 'not_found', message: REQUEST_TEXTS.notFound });
    return reply.type(register.contentType).send(await register.metrics());
  });

  return {
    observePushes(count, lagSeconds) {
      pushes.inc(count);
      pushLag.observe(lagSeconds);
    },
  };
}
