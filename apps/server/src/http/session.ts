import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { unauthorized } from './errors.ts';

export interface SignedIn {
  userId: string;
  sessionId: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    signedIn?: SignedIn;
  }
}

const SESSION_COOKIES = ['rpg.session_token', '__Secure-rpg.session_token'];

/** The signed session cookie exactly as sent (token and signature), or undefined. */
export function sessionCookie(headers: FastifyRequest['headers']): string | undefined {
  const header = headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (SESSION_COOKIES.includes(part.slice(0, at).trim())) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

interface CachedSession {
  signedIn: SignedIn;
  /** When the session itself expires (ms). */
  sessionExpiresAt: number;
  /** When this entry must be read again from the database (ms). */
  freshUntil: number;
  /** GET /api/auth/get-session's answer for this cookie, when that route read it (routes/auth.ts). */
  answer?: string;
}

/**
 * Sessions already read, by their exact signed cookie, for a short time (performance: the
 * session lookup was most of a request's cost). Only an exact cookie a browser holds can
 * hit, so nothing can be forged through it. A sign-out or a revocation (password change,
 * "sign out everywhere") evicts at once: in the process that handled it before it answers,
 * in the others through the bus; anything else (a row deleted by hand, a lost message) takes
 * effect within `ttlMs`. An expired session never passes.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /**
   * Counts evictions. A read of the database that began before an eviction may have seen the
   * session still valid: `set` with the epoch taken before that read stores nothing then, so a
   * revoked session is never put back by a request that was in flight (evictions are rare: at
   * worst a few reads go uncached).
   */
  private evictions = 0;

  /** Take before reading a session from the database; pass to `set`. */
  get epoch(): number {
    return this.evictions;
  }

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  get(cookie: string, now = Date.now()): SignedIn | undefined {
    return this.fresh(cookie, now)?.signedIn;
  }

  /** The get-session answer cached with the cookie's session, while it is fresh. */
  answer(cookie: string, now = Date.now()): string | undefined {
    return this.fresh(cookie, now)?.answer;
  }

  set(cookie: string, signedIn: SignedIn, sessionExpiresAt: number, epoch = this.evictions, now = Date.now(), answer?: string): void {
    if (this.ttlMs <= 0 || epoch !== this.evictions) return;
    if (this.entries.size >= this.maxEntries) this.prune(now);
    this.entries.set(cookie, { signedIn, sessionExpiresAt, freshUntil: now + this.ttlMs, ...(answer === undefined ? {} : { answer }) });
  }

  private fresh(cookie: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(cookie);
    if (!entry) return undefined;
    if (entry.freshUntil <= now || entry.sessionExpiresAt <= now) {
      this.entries.delete(cookie);
      return undefined;
    }
    return entry;
  }

  evictSession(sessionId: string): void {
    this.evictions++;
    for (const [cookie, entry] of this.entries) if (entry.signedIn.sessionId === sessionId) this.entries.delete(cookie);
  }

  /** One browser's entry (its sign-out has been answered: the session row is gone). */
  evictCookie(cookie: string | undefined): void {
    this.evictions++;
    if (cookie) this.entries.delete(cookie);
  }

  evictUser(userId: string): void {
    this.evictions++;
    for (const [cookie, entry] of this.entries) if (entry.signedIn.userId === userId) this.entries.delete(cookie);
  }

  private prune(now: number): void {
    for (const [cookie, entry] of this.entries) if (entry.freshUntil <= now) this.entries.delete(cookie);
    // Still full: drop the oldest half (Map keeps insertion order).
    if (this.entries.size >= this.maxEntries) {
      let drop = Math.ceil(this.entries.size / 2);
      for (const cookie of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.entries.delete(cookie);
      }
    }
  }
}

/** The verified player of the request's session cookie, from the cache when it is fresh. */
export async function readSession(auth: Auth, headers: FastifyRequest['headers'], cache?: SessionCache): Promise<SignedIn | undefined> {
  const cookie = cache ? sessionCookie(headers) : undefined;
  if (cache && !cookie) return undefined;
  const cached = cookie ? cache?.get(cookie) : undefined;
  if (cached) return cached;
  const epoch = cache?.epoch;
  const result = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!result || !result.user.emailVerified) return undefined;
  const signedIn = { userId: result.user.id, sessionId: result.session.id, email: result.user.email };
  if (cookie) cache?.set(cookie, signedIn, new Date(result.session.expiresAt).getTime(), epoch);
  return signedIn;
}

/** preHandler for every game route: a verified, signed-in player or 401. */
export function requireUser(auth: Auth, cache?: SessionCache) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const signedIn = await readSession(auth, request.headers, cache);
    if (!signedIn) throw unauthorized();
    request.signedIn = signedIn;
  };
}

/** The signed-in player of a route guarded by requireUser. */
export function player(request: FastifyRequest): SignedIn {
  if (!request.signedIn) throw unauthorized();
  return request.signedIn;
}
