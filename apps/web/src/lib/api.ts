import type { z } from 'zod';
import { takeEarlyOk } from './early-fetch';
import { toast } from './toast';

/** An expected failure from the game API: `{ error, message, title? }` with a 4xx or 5xx status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The toast title the server suggests (e.g. 'Character Limit Reached'), when it gives one. */
  readonly title: string | undefined;
  /** The server's `Retry-After` in seconds (a 429 says when to try again), when it gave one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, title?: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.title = title;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** The request outlives the page (sent as the tab is hidden or closed). */
  keepalive?: boolean;
}

export const FALLBACK_MESSAGE = 'An error occurred';

async function readError(response: Response): Promise<ApiError> {
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown; title?: unknown };
    const code = typeof body.error === 'string' ? body.error : 'UNKNOWN';
    const message = typeof body.message === 'string' && body.message ? body.message : FALLBACK_MESSAGE;
    const title = typeof body.title === 'string' && body.title ? body.title : undefined;
    return new ApiError(response.status, code, message, title, retryAfter);
  } catch {
    return new ApiError(response.status, 'UNKNOWN', FALLBACK_MESSAGE, undefined, retryAfter);
  }
}

/**
 * A write that failed for a moment (a 503: the database away, the server restarting; or no
 * answer at all) is sent again by itself, with the same key, after these waits in seconds (a
 * 503's `Retry-After` when it names one); then its failure is the caller's. Reads are retried by
 * the query cache (and the console's refusal line), which shows their failure meanwhile.
 */
export const RETRY_WAITS_S = [1, 2, 4, 8] as const;

/** A new key for one user action (128 random bits as hex), sent as `Idempotency-Key` with each write and its retries. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

async function send(path: string, request: ApiRequest): Promise<Response> {
  const { body } = request;
  const method = request.method ?? 'GET';
  if (method === 'GET') {
    // A read index.html started early on a game path (lib/early-fetch.ts), used once.
    const early = await takeEarlyOk(path);
    if (early) return early;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  // One key per call (one user action), the same on its retries: the server does a write once
  // however many times it arrives (docs/security.md, "Retries").
  if (method !== 'GET') headers['Idempotency-Key'] = newIdempotencyKey();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  for (let attempt = 0; ; attempt++) {
    const retryWait = method === 'GET' ? undefined : RETRY_WAITS_S[attempt];
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        credentials: 'include',
        headers,
        body: payload,
        signal: request.signal,
        ...(request.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      // No answer (the network, a restart): sent again with the same key, unless given up on.
      if (retryWait === undefined || request.signal?.aborted) throw error;
      await pause(retryWait * 1000, request.signal);
      continue;
    }
    if (response.status === 503 && retryWait !== undefined) {
      const unavailable = await readError(response);
      toast.info(unavailable.message, { id: 'api-unavailable', description: 'Trying again by itself…' });
      await pause((unavailable.retryAfterSeconds ?? retryWait) * 1000, request.signal);
      continue;
    }
    if (!response.ok) throw await readError(response);
    return response;
  }
}

/**
 * Answers are parsed without zod's compiled fast path (same result): compiling it (`new Function`,
 * once per object schema) cost more than it saved on answers parsed a few times each. Parsing on
 * a 4x-throttled /game load: 164-186 ms of zod, 42-69 ms without.
 */
const PARSE = { jitless: true } as const;

/** Calls the same-origin game API with the session cookie and parses the answer with `schema`. */
export async function apiFetch<S extends z.ZodType>(path: string, schema: S, request: ApiRequest = {}): Promise<z.infer<S>> {
  const response = await send(path, request);
  return schema.parse(await response.json(), PARSE);
}

/** Like apiFetch, with a schema loaded on demand (pages that must not load zod before they need it). */
export async function apiFetchLazy<S extends z.ZodType>(path: string, loadSchema: () => Promise<S>, request: ApiRequest = {}): Promise<z.infer<S>> {
  const [response, schema] = await Promise.all([send(path, request), loadSchema()]);
  return schema.parse(await response.json(), PARSE);
}

/** Like apiFetch, for routes that answer 204 No Content. */
export async function apiSend(path: string, request: ApiRequest = {}): Promise<void> {
  await send(path, request);
}

/** Client errors (4xx) will not succeed on a retry; anything else may. */
export function isRetryableError(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}
