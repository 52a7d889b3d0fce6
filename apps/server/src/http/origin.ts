import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API requests come from our own pages only: a browser always
 * sends Origin (or Sec-Fetch-Site) on a cross-site POST, and the body must be
 * JSON (or multipart for uploads), which a plain HTML form on a foreign page
 * cannot send without a CORS preflight we never answer.
 */
export interface OriginPolicy {
  /** The public URL's origin (and Vite's in development). */
  trustedOrigins: readonly string[];
  /** No PUBLIC_URL was set: an Origin naming the Host the request was sent to is ours too. */
  allowSameHost: boolean;
}

type Headers = FastifyRequest['headers'];

/**
 * The request's Origin when it names the very host the request was sent to (scheme
 * http or https, same host and port). A foreign page cannot produce this: the browser
 * sets both headers, and the Host is ours.
 */
export function sameHostOrigin(headers: Headers): string | undefined {
  const origin = headers.origin;
  const host = headers.host;
  if (!origin || !host || origin === 'null') return undefined;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase() ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function isTrustedOrigin(headers: Headers, policy: OriginPolicy): boolean {
  const origin = headers.origin;
  if (!origin || origin === 'null') return false;
  return policy.trustedOrigins.includes(origin) || (policy.allowSameHost && sameHostOrigin(headers) === origin);
}

export function isForeignRequest(request: Pick<FastifyRequest, 'headers'>, policy: OriginPolicy): boolean {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return !isTrustedOrigin(request.headers, policy);
  if (origin === 'null') return true;
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * Every state-changing request, whatever its path: the check never depends on how the
 * URL is spelled (the router decodes `/%61pi/...` to `/api/...`; a prefix test on the raw
 * URL would let it through). Only the API accepts such methods anyway.
 */
export function registerOriginCheck(app: FastifyInstance, policy: OriginPolicy): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isForeignRequest(request, policy)) {
      throw new HttpError(403, 'forbidden_origin', 'This request did not come from the game and was refused.');
    }
    const type = request.headers['content-type'] ?? '';
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (hasBody && !type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      throw new HttpError(415, 'unsupported_media_type', 'Requests must be sent as JSON.');
    }
  });
}
