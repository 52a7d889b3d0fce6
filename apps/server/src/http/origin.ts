import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API requests come from our own pages only: a browser always
 * sends Origin (or Sec-Fetch-Site) on a cross-site POST, and the body must be
 * JSON (or multipart for uploads), which a plain HTML form on a foreign page
 * cannot send without a CORS preflight we never answer.
 */
export function isForeignRequest(request: Pick<FastifyRequest, 'headers'>, trustedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return !trustedOrigins.includes(origin);
  if (origin === 'null') return true;
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (isForeignRequest(request, trustedOrigins)) {
      throw new HttpError(403, 'forbidden_origin', 'This request did not come from the game and was refused.');
    }
    const type = request.headers['content-type'] ?? '';
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (hasBody && !type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      throw new HttpError(415, 'unsupported_media_type', 'Requests must be sent as JSON.');
    }
  });
}
