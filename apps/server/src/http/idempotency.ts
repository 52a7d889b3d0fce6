import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { keepAnswer, keptAnswer, runIdempotentWrite, type IdempotentWrite, type RepeatedRequest } from '../db/idempotency.ts';
import { HttpError } from './errors.ts';
import { REQUEST_TEXTS } from '@rpg/game';

/** A key: 8 to 100 visible ASCII characters (the web client sends 32 hex digits). */
const KEY = /^[\x21-\x7e]{8,100}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a retry waits for the answer of a first request still being answered. */
const WAIT_FOR_FIRST_MS = 5_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotentWrite?: IdempotentWrite;
  }
}

/**
 * Every write accepts an `Idempotency-Key` header (issue 46, finding 12): a retry with the same
 * key (a lost answer, a restart, a phone losing signal) answers what the first answered and
 * changes nothing. The key is claimed per account by the request's first transaction, inside it
 * (db/idempotency.ts), so duplicates sent at the same moment are safe; the answer is kept as it
 * is sent, and the retry gets it (`Idempotent-Replayed: true`). A write that failed before any
 * transaction committed (refused, the database away) claimed nothing: its retry runs anew.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !WRITES.has(request.method)) return done();
    if (typeof key !== 'string' || !KEY.test(key)) {
      return done(new HttpError(400, 'invalid_input', REQUEST_TEXTS.idempotencyKey));
    }
    const write: IdempotentWrite = {
      key,
      request: `${request.method} ${request.routeOptions.url ?? request.url}`,
      userId: () => request.signedIn?.userId,
      state: 'open',
    };
    request.idempotentWrite = write;
    runIdempotentWrite(write, done);
  });
  // The answer of the request that claimed its key, kept before it goes out.
  app.addHook('onSend', async (request, reply, payload) => {
    const write = request.idempotentWrite;
    const userId = write?.userId();
    if (write?.state !== 'claimed' || !userId) {
      // Answered without a claim: work the request started and that outlives it claims nothing.
      if (write) write.state = 'answered';
      return payload;
    }
    try {
      await keepAnswer(db, userId, write.key, reply.statusCode, typeof payload === 'string' ? payload : '');
    } catch (error) {
      // The answer still goes out; a retry is then told the action was done (replay below).
      request.log.error({ err: error }, 'keeping the answer of an idempotency key failed');
    }
    return payload;
  });
}

/** The answer to a repeated request: the first one's, once kept (waited for a moment while the first is answered). */
export async function replay(db: Db, reply: FastifyReply, repeated: RepeatedRequest): Promise<FastifyReply> {
  const until = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const kept = await keptAnswer(db, repeated.userId, repeated.key);
    if (kept && kept.request !== repeated.request) {
      return reply.status(422).send({ error: 'idempotency_key_reused', message: REQUEST_TEXTS.idempotencyKeyReused });
    }
    if (kept?.status != null) {
      void reply.header('idempotent-replayed', 'true');
      if (!kept.body) return reply.status(kept.status).send();
      return reply.status(kept.status).type('application/json; charset=utf-8').send(kept.body);
    }
    if (Date.now() > until) {
      return reply.status(409).send({ error: 'already_done', message: REQUEST_TEXTS.alreadyDone });
    }
    await sleep(50);
  }
}
