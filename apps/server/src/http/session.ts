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

/**
 * The session cookie's value as better-auth reads it, or undefined. `name` is better-auth's own
 * (`authCookies.sessionToken.name` of its context: `__Secure-rpg.session_token` when the game is
 * served over https, `rpg.session_token` otherwise; see `SessionCache.cookieName`), and the value
 * is read as its cookie parser does (better-call's `parseCookies`): the first pair of that exact
 * name, trimmed, unquoted and percent-decoded. Any other cookie, the other prefix included, is
 * never read: a request carrying both is answered for the one better-auth checks.
 */
export function sessionCookie(headers: FastifyRequest['headers'], name: string): string | undefined {
  const header = headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    if (value.includes('%')) {
      try {
        value = decodeURIComponent(value);
      } catch {
        // Kept as sent, as better-call's tryDecode does.
      }
    }
    return value || undefined;
  }
  return undefined;
}

/** The session token a signed cookie value carries (`token.signature`). */
const tokenOf = (cookie: string) => cookie.slice(0, Math.max(0, cookie.lastIndexOf('.')));

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
 * session lookup was most of a request's cost). An entry is only ever stored under the cookie
 * better-auth itself read and validated: the same cookie name (`cookieName`), and `set` stores
 * nothing unless the cookie's token is the token of the session better-auth answered. So a key
 * it never issued is never a session (issue 25, point 4: a made-up cookie sent beside a real one
 * under the other name was cached as that session). At most `maxEntries` entries, the least
 * recently used dropped first. A sign-out or a revocation (password change,
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
  /** Told each session `readSession` read from the database (the app records it as seen: issue 43). */
  onRead?: (sessionId: string) => void;

  /** Take before reading a session from the database; pass to `set`. */
  get epoch(): number {
    return this.evictions;
  }

  constructor(
    readonly ttlMs: number,
    /** better-auth's session cookie name (`(await auth.$context).authCookies.sessionToken.name`). */
    readonly cookieName: string,
    private readonly maxEntries = 20_000,
    /**
     * Issue 46, point 6: whether the account may use a session, checked each time a session is
     * read from the database (before it is cached). False (a suspended account: app.ts) and the
     * session is not one: a sign-in that raced the suspension made it after the suspension ended
     * every session, so the check at its making passed. The function also ends such sessions.
     */
    readonly admit: (userId: string) => Promise<boolean> = async () => true,
  ) {}

  /** The request's session cookie, as better-auth reads it. */
  cookieOf(headers: FastifyRequest['headers']): string | undefined {
    return sessionCookie(headers, this.cookieName);
  }

  get(cookie: string, now = Date.now()): SignedIn | undefined {
    return this.fresh(cookie, now)?.signedIn;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The get-session answer cached with the cookie's session, while it is fresh. */
  answer(cookie: string, now = Date.now()): string | undefined {
    return this.fresh(cookie, now)?.answer;
  }

  /**
   * Keeps `signedIn` for `cookie`, the cookie better-auth read, whose session it validated and
   * answered with `sessionToken`: nothing is stored when the cookie does not carry that token.
   */
  set(cookie: string, signedIn: SignedIn, sessionToken: string, sessionExpiresAt: number, epoch = this.evictions, now = Date.now(), answer?: string): void {
    if (this.ttlMs <= 0 || epoch !== this.evictions || !sessionToken || tokenOf(cookie) !== sessionToken) return;
    this.entries.delete(cookie);
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
    // Least recently used first: a hit moves to the end (a Map keeps insertion order).
    this.entries.delete(cookie);
    this.entries.set(cookie, entry);
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

  /** Every entry (the bus lost its listener: an eviction from another process may have been missed). */
  clear(): void {
    this.evictions++;
    this.entries.clear();
  }

  evictUser(userId: string): void {
    this.evictions++;
    for (const [cookie, entry] of this.entries) if (entry.signedIn.userId === userId) this.entries.delete(cookie);
  }

  private prune(now: number): void {
    for (const [cookie, entry] of this.entries) if (entry.freshUntil <= now) this.entries.delete(cookie);
    // Still full: drop the least recently used tenth.
    if (this.entries.size >= this.maxEntries) {
      let drop = Math.ceil(this.entries.size / 10);
      for (const cookie of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.entries.delete(cookie);
      }
    }
  }
}

/** The verified player of the request's session cookie, from the cache when it is fresh. */
export async function readSession(auth: Auth, headers: FastifyRequest['headers'], cache?: SessionCache): Promise<SignedIn | undefined> {
  const cookie = cache?.cookieOf(headers);
  if (cache && !cookie) return undefined;
  const cached = cookie ? cache?.get(cookie) : undefined;
  if (cached) return cached;
  const epoch = cache?.epoch;
  const result = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!result || !result.user.emailVerified) return undefined;
  const signedIn = { userId: result.user.id, sessionId: result.session.id, email: result.user.email };
  if (cache && !(await cache.admit(signedIn.userId))) return undefined;
  if (cookie) cache?.set(cookie, signedIn, result.session.token, new Date(result.session.expiresAt).getTime(), epoch);
  cache?.onRead?.(signedIn.sessionId);
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
