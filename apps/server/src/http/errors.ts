import { UNAVAILABLE, type ErrorBody } from '@rpg/contract';
import { isRuleError, REQUEST_TEXTS, somethingWentWrong, TOO_MANY_REQUESTS } from '@rpg/game';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { RepeatedRequest } from '../db/idempotency.ts';
import { ZodError } from 'zod';
import { inputErrorMessage, MAX_INPUT_MESSAGE } from './inputError.ts';

/** An expected refusal that is not a game rule (not found, not signed in, too many requests). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly title?: string,
    /** Seconds to wait (a 429's Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = REQUEST_TEXTS.notFound) => new HttpError(404, 'not_found', message);
export const unauthorized = () => new HttpError(401, 'unauthorized', REQUEST_TEXTS.signIn);

/** Node's codes of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * PostgreSQL's SQLSTATEs of a database that is going away or not there yet: class 08 (connection
 * exception), 57P01-57P03 (shut down by an admin or a crash, cannot connect now), 53300 (too many
 * connections).
 */
const UNAVAILABLE_STATES = /^(08|57P0[123]$|53300$)/;
/** node-postgres' and PGlite's own texts for a connection that ended or cannot be used (they carry no code). */
const CONNECTION_TEXTS =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Connection ended|PGlite is closed)/;

/**
 * True when `error` (or what it wraps: drizzle wraps a driver's error as its `cause`) says the
 * database could not be reached or dropped the connection: the request failed as a whole, and
 * the same request may succeed in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    // A Unix socket that is not there (PostgreSQL restarting on the same machine).
    if (code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return true;
    if (CONNECTION_TEXTS.test(e.message)) return true;
  }
  return false;
}

/** The answer of every refusal: its shape is the contract's (errorBodySchema). */
export type { ErrorBody } from '@rpg/contract';

/**
 * One handler for every route (STYLE.md "Expected errors vs bugs"): rule errors and
 * HTTP errors answer 4xx with their message; anything else is a bug: logged, 500,
 * no internals in the answer.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  { replay }: { replay?: (reply: FastifyReply, repeated: RepeatedRequest) => Promise<FastifyReply> } = {},
): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    // A write repeated with its Idempotency-Key: the first one's answer (http/idempotency.ts).
    if (error instanceof RepeatedRequest && replay) return replay(reply, error);
    if (isRuleError(error)) {
      const body: ErrorBody = { error: error.code, message: error.message, ...(error.title ? { title: error.title } : {}) };
      return reply.status(error.status).send(body);
    }
    if (error instanceof HttpError) {
      if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
      const body: ErrorBody = { error: error.code, message: error.message, ...(error.title ? { title: error.title } : {}) };
      return reply.status(error.status).send(body);
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: 'invalid_input', message: inputErrorMessage(error) });
    }
    const fastifyError = error as FastifyError;
    // Issue 46: an unknown path answers 404 whatever its body (a malformed one, a wrong media type,
    // too large), as the hidden moderation routes do before they read it: they cannot be told apart.
    if (request.is404 && fastifyError.statusCode !== 429) return reply.status(404).send({ error: 'not_found', message: REQUEST_TEXTS.notFound });
    if (fastifyError.statusCode === 429) {
      return reply.status(429).send({ error: 'rate_limited', message: TOO_MANY_REQUESTS });
    }
    // Fastify's own refusals: fixed texts, since some of theirs quote the input (JSON.parse's
    // 'Unexpected token ... is not valid JSON' quotes the body, the media-type error the header).
    const refusal = fastifyRefusal(fastifyError);
    if (refusal) return reply.status(refusal.status).send({ error: refusal.code, message: refusal.message });
    // A database outage: the player is told to try again in a moment (the web client does it by itself).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const { error: code, message, retryAfterSeconds } = UNAVAILABLE.database;
      return reply.status(503).header('retry-after', String(retryAfterSeconds)).send({ error: code, message });
    }
    // The log line carries the request id (reqId); the answer too, so a player can quote it.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: somethingWentWrong(request.id), requestId: request.id });
  });
}

/** A 4xx raised by Fastify or a plugin, answered with a text that never repeats the request. */
function fastifyRefusal(error: FastifyError): { status: number; code: string; message: string } | undefined {
  const status = error.statusCode;
  if (error.validation) return { status: 400, code: 'invalid_input', message: REQUEST_TEXTS.requestNotValid };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, code: 'invalid_input', message: REQUEST_TEXTS.jsonOnly };
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { status: 400, code: 'invalid_input', message: REQUEST_TEXTS.emptyBody };
  if ((error instanceof SyntaxError && status === 400) || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, code: 'invalid_input', message: REQUEST_TEXTS.notJson };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, code: 'bad_request', message: REQUEST_TEXTS.tooLarge };
  if (!status || status < 400 || status >= 500) return undefined;
  // Other plugin refusals carry texts of their own (no input in them); capped all the same.
  const message = error.message.length > MAX_INPUT_MESSAGE ? REQUEST_TEXTS.refused : error.message;
  return { status, code: 'bad_request', message };
}
