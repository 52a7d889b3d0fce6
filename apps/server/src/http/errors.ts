import type { ErrorBody } from '@rpg/contract';
import { isRuleError } from '@rpg/game';
import type { FastifyError, FastifyInstance } from 'fastify';
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

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const unauthorized = () => new HttpError(401, 'unauthorized', 'Please log in to continue.');

/** The answer of every refusal: its shape is the contract's (errorBodySchema). */
export type { ErrorBody } from '@rpg/contract';

/**
 * One handler for every route (STYLE.md "Expected errors vs bugs"): rule errors and
 * HTTP errors answer 4xx with their message; anything else is a bug: logged, 500,
 * no internals in the answer.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
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
    if (request.is404 && fastifyError.statusCode !== 429) return reply.status(404).send({ error: 'not_found', message: 'Not found' });
    if (fastifyError.statusCode === 429) {
      return reply.status(429).send({ error: 'rate_limited', message: 'Too many requests. Please slow down and try again in a moment.' });
    }
    // Fastify's own refusals: fixed texts, since some of theirs quote the input (JSON.parse's
    // 'Unexpected token ... is not valid JSON' quotes the body, the media-type error the header).
    const refusal = fastifyRefusal(fastifyError);
    if (refusal) return reply.status(refusal.status).send({ error: refusal.code, message: refusal.message });
    // The log line carries the request id (reqId); the answer too, so a player can quote it.
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .header('x-request-id', request.id)
      .send({ error: 'internal', message: `Something went wrong on our side. Please try again. (Reference: ${request.id})`, requestId: request.id });
  });
}

/** A 4xx raised by Fastify or a plugin, answered with a text that never repeats the request. */
function fastifyRefusal(error: FastifyError): { status: number; code: string; message: string } | undefined {
  const status = error.statusCode;
  if (error.validation) return { status: 400, code: 'invalid_input', message: 'The request is not valid.' };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, code: 'invalid_input', message: 'Requests must be sent as JSON.' };
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { status: 400, code: 'invalid_input', message: 'The request body is empty; send a JSON object.' };
  if ((error instanceof SyntaxError && status === 400) || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, code: 'invalid_input', message: 'The request body is not valid JSON.' };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, code: 'bad_request', message: 'The request is too large.' };
  if (!status || status < 400 || status >= 500) return undefined;
  // Other plugin refusals carry texts of their own (no input in them); capped all the same.
  const message = error.message.length > MAX_INPUT_MESSAGE ? 'The request was refused.' : error.message;
  return { status, code: 'bad_request', message };
}
