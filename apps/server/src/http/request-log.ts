import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { outsideIdempotentWrites } from '../db/idempotency.ts';

/**
 * The logger of the request being served (issue 28: every log line of a request carries its
 * request id). Parts of the server that are built once and log both while serving a request and
 * outside one (better-auth's events, the adventures' settlement) take `requestLog(app.log)`: a
 * line logged during a request goes through that request's logger (its `reqId`), any other
 * through the process's. The request's logger is found through AsyncLocalStorage, entered in the
 * first onRequest hook, as @fastify/request-context does.
 */
const current = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * First of the hooks: the rest of each request (hooks, handler, what they start) runs with its
 * logger at hand, and every answer carries the request's id (`x-request-id`), so a player's report
 * of any answer is found in the logs by it.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    current.run(request.log, done);
  });
}

export interface LineLogger {
  error(o: object, m?: string): void;
  warn(o: object, m?: string): void;
  info(o: object, m?: string): void;
}

/** Logs through the logger of the request being served, or `fallback` outside any request. */
export function requestLog(fallback: FastifyBaseLogger): LineLogger {
  const log = () => current.getStore() ?? fallback;
  return {
    error: (o, m) => log().error(o, m),
    warn: (o, m) => log().warn(o, m),
    info: (o, m) => log().info(o, m),
  };
}

/**
 * Runs `work` outside any request: a timer armed while serving one (the scheduler's next wake-up)
 * must not log its later lines under that request's id.
 */
export function outsideRequests<T>(work: () => T): T {
  // Nor claim that request's idempotency key (db/idempotency.ts).
  return current.exit(() => outsideIdempotentWrites(work));
}
