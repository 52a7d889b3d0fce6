import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { REQUEST_TEXTS } from '@rpg/game';

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

/**
 * A loopback host (localhost, 127.0.0.0/8, [::1]), with or without a port: only the machine itself
 * reaches the game at such an address, so a mail link naming it cannot lead a player elsewhere.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  const parsed = parseHost(host);
  if (!parsed) return false;
  const name = parsed.hostname;
  return name === 'localhost' || name === '[::1]' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}

/** The Host header as a URL's host (lower case), or undefined when it is not one (a path, a user, spaces). */
function parseHost(host: string | undefined): URL | undefined {
  if (!host) return undefined;
  try {
    const url = new URL(`http://${host}`);
    return url.host === host.toLowerCase() && url.pathname === '/' && !url.username && !url.password ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a link in a mail leads: the PUBLIC_URL when it is set; else the host the request was
 * sent to only when it is a loopback host (http://localhost:3000, http://127.0.0.1:3000). Any
 * other Host is the client's word (a forged header, a rebinding name): undefined, no mail is sent.
 */
export function mailBaseUrl(headers: Headers, publicUrl: string, publicUrlFixed: boolean): string | undefined {
  if (publicUrlFixed) return publicUrl;
  const host = headers.host;
  if (!isLoopbackHost(host)) return undefined;
  return sameHostOrigin(headers) ?? `http://${host!.toLowerCase()}`;
}

/** The answer to a request that would send a mail when mailBaseUrl has no address for it. */
export const NO_MAIL_ADDRESS_MESSAGE = REQUEST_TEXTS.noMailAddress;

/** What the operator reads (at start, and at the first refused request). */
export const PUBLIC_URL_HINT =
  'PUBLIC_URL is not set: sign-up and verification mails work only at http://localhost or http://127.0.0.1.' +
  ' To serve players at another address, set PUBLIC_URL to it (e.g. PUBLIC_URL=https://rpg.example.com).';

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
      throw new HttpError(403, 'forbidden_origin', REQUEST_TEXTS.forbiddenOrigin);
    }
    const type = request.headers['content-type'] ?? '';
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (hasBody && !type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      throw new HttpError(415, 'unsupported_media_type', REQUEST_TEXTS.jsonOnly);
    }
  });
}
