import { isRuleError } from '@rpg/game';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** An expected refusal that is not a game rule (not found, not signed in, too many requests). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly title?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const unauthorized = () => new HttpError(401, 'unauthorized', 'Please log in to continue.');

export interface ErrorBody {
  error: string;
  message: string;
  title?: string;
}

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
      const body: ErrorBody = { error: error.code, message: error.message, ...(error.title ? { title: error.title } : {}) };
      return reply.status(error.status).send(body);
    }
    if (error instanceof ZodError) {
      const first = error.issues[0];
      const where = first?.path.length ? `${first.path.join('.')}: ` : '';
      return reply.status(400).send({ error: 'invalid_input', message: `${where}${first?.message ?? 'Invalid input'}` });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode === 429) {
      return reply.status(429).send({ error: 'rate_limited', message: 'Too many requests. Please slow down and try again in a moment.' });
    }
    if (fastifyError.validation || fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(fastifyError.statusCode ?? 400).send({ error: 'invalid_input', message: fastifyError.message });
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply.status(fastifyError.statusCode).send({ error: 'bad_request', message: fastifyError.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });
}
