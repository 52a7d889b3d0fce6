import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { AUTH_TEXTS, REQUEST_TEXTS, tooManyAttempts } from '@rpg/game';
import { RESET_PASSWORD_PATH } from '../auth/auth.ts';
import { deleteSessionByToken, passwordHashOf } from '../db/queries/accounts.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { mailBaseUrl, NO_MAIL_ADDRESS_MESSAGE, PUBLIC_URL_HINT } from '../http/origin.ts';
import { parseAuthBody } from '../http/schema.ts';
import { AUTH_LIMITS, authLimitKeys, DEFAULT_AUTH_LIMIT, emailKey, FullWindows, hitAll } from '../http/rateLimit.ts';
import { readSession, type SessionCache } from '../http/session.ts';

/** better-auth's codes answered with the spec's texts (spec 01 §5, §8). */
const MESSAGES: Record<string, string> = {
  PASSWORD_TOO_SHORT: AUTH_TEXTS.passwordTooShort,
  PASSWORD_TOO_LONG: AUTH_TEXTS.passwordTooLong,
  EMAIL_NOT_VERIFIED: AUTH_TEXTS.emailNotVerified,
  INVALID_EMAIL: AUTH_TEXTS.invalidEmail,
  INVALID_OTP: AUTH_TEXTS.invalidOtp,
  OTP_EXPIRED: AUTH_TEXTS.otpExpired,
  TOO_MANY_ATTEMPTS: AUTH_TEXTS.tooManyWrongCodes,
  INVALID_PASSWORD: AUTH_TEXTS.invalidPassword,
};

/**
 * The only better-auth endpoints the game uses (security: every other endpoint of the
 * library and its plugins, such as the e-mail OTP password reset and sign-in, answers 404).
 */
export const AUTH_ENDPOINTS: Readonly<Record<string, 'GET' | 'POST'>> = {
  '/sign-up/email': 'POST',
  '/sign-in/email': 'POST',
  '/sign-out': 'POST',
  '/get-session': 'GET',
  '/email-otp/send-verification-otp': 'POST',
  '/email-otp/verify-email': 'POST',
  '/verify-email': 'GET',
  '/send-verification-email': 'POST',
  '/change-password': 'POST',
  '/revoke-sessions': 'POST',
  '/revoke-other-sessions': 'POST',
  // Issue 43: "Forgot password?", a mailed code (and a link carrying it) through the e-mail OTP plugin.
  '/email-otp/request-password-reset': 'POST',
  [RESET_PASSWORD_PATH]: 'POST',
};

/** The endpoints that send a mail whose link must lead to the game (security: http/origin.ts mailBaseUrl). */
const MAILING_ENDPOINTS = new Set(['/sign-up/email', '/email-otp/send-verification-otp', '/send-verification-email', '/email-otp/request-password-reset']);

const notFound = () => new HttpError(404, 'not_found', REQUEST_TEXTS.notFound);

function toWebRequest(request: FastifyRequest, publicUrl: string, path: string, body: unknown): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, String(value));
  }
  const init: RequestInit = { method: request.method, headers };
  if (request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined) {
    init.body = JSON.stringify(body);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
  }
  // The path better-auth sees is the one we checked (never the raw, possibly percent-encoded URL).
  const { search } = new URL(request.url, publicUrl);
  return new Request(new URL(`/api/auth${path}${search}`, publicUrl), init);
}

export interface AuthRouteDeps {
  auth: Auth;
  db: Db;
  publicUrl: string;
  /** PUBLIC_URL was set: mail links use it; unset, mail is sent only for requests to a loopback host. */
  publicUrlFixed: boolean;
  rateLimitFactor: number;
  /** The guard's session cache: a sign-out evicts its browser's entry once the session row is gone. */
  sessions: SessionCache;
}

/** Mounts better-auth at /api/auth/*, behind our per-IP and per-address limits. */
export async function authRoutes(app: FastifyInstance, { auth, db, publicUrl, publicUrlFixed, rateLimitFactor, sessions }: AuthRouteDeps) {
  // Counters found full: refused again in memory until their window ends (no write per refusal).
  const full = new FullWindows();
  let hinted = false;
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Also under the general limit (get-session included): the account limits below come on top for POSTs.
    handler: async (request, reply) => {
      // The matched wildcard is already percent-decoded by the router: one spelling per endpoint.
      const path = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
      const known = AUTH_ENDPOINTS[path] === request.method;
      // Checked before anything reads it (http/schema.ts): e-mail, password, name, code; no control characters.
      let body = parseAuthBody(path, request.body) as Record<string, unknown> | undefined;
      if (request.method === 'POST') {
        body = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
        // Every POST counts, known or not (an unknown path shares one counter): guessing loops end in 429.
        const limits = (known && AUTH_LIMITS[path]) || DEFAULT_AUTH_LIMIT;
        const bucket = known ? path : '/other';
        // A password change carries no address: its per-address limit counts against the signed-in account.
        const email = known && path === '/change-password' ? (await readSession(auth, request.headers))?.email : emailKey(body.email);
        const wait = await hitAll(db, full, authLimitKeys(limits, bucket, request.ip, email, rateLimitFactor));
        if (wait > 0)
          return reply
            .status(429)
            .header('retry-after', String(wait))
            .send({ code: 'RATE_LIMITED', message: tooManyAttempts(wait) });
      }
      if (!known) throw notFound();
      if (MAILING_ENDPOINTS.has(path) && !mailBaseUrl(request.headers, publicUrl, publicUrlFixed)) {
        if (!hinted) {
          hinted = true;
          request.log.warn({ host: request.headers.host }, `a request that sends mail reached a host that is not loopback. ${PUBLIC_URL_HINT}`);
        }
        throw new HttpError(403, 'public_url_required', NO_MAIL_ADDRESS_MESSAGE);
      }
      // The session as the web app reads it (on every page load and focus): answered from the session
      // cache while fresh, as the guard is (a sign-out or revocation evicts it at once). better-auth's
      // handler builds its router on every call: ~480 req/s against thousands (docs/performance.md,
      // "Sessions, HTTP and start").
      const cookie = path === '/get-session' && !request.url.includes('?') ? sessions.cookieOf(request.headers) : undefined;
      const cachedAnswer = cookie ? sessions.answer(cookie) : undefined;
      if (cachedAnswer)
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').type('application/json; charset=utf-8').send(cachedAnswer);
      const epoch = sessions.epoch;
      if (request.method === 'POST' && body) {
        // Only e-mail verification codes exist in this game (no OTP sign-in or password reset).
        if (path === '/email-otp/send-verification-otp' && body.type !== 'email-verification') {
          throw new HttpError(400, 'invalid_input', AUTH_TEXTS.onlyVerificationCodes);
        }
        // Security: a password change always signs out every other session, whatever the client asks.
        if (path === '/change-password') body = { ...body, revokeOtherSessions: true };
      }
      // Issue 43: a sign-in that checked the password a reset was replacing may make its session after
      // the reset deleted every session: the hash read before and after tells, and that session goes.
      const signInEmail = path === '/sign-in/email' && typeof body?.email === 'string' ? body.email : undefined;
      const hashBefore = signInEmail ? await passwordHashOf(db, signInEmail) : null;
      const response = await auth.handler(toWebRequest(request, publicUrl, path, body));
      const text = await response.text();
      if (signInEmail && response.status === 200 && (await passwordHashOf(db, signInEmail)) !== hashBefore) {
        const token = (JSON.parse(text) as { token?: string }).token;
        if (token) await deleteSessionByToken(db, token);
        return reply.status(401).send({ code: 'INVALID_EMAIL_OR_PASSWORD', message: AUTH_TEXTS.invalidCredentials });
      }
      // The sign-out's own hook evicted the session before better-auth deleted it; a read in
      // flight in between may have cached it again (SessionCache.epoch): evicted once more now.
      if (path === '/sign-out') sessions.evictCookie(sessions.cookieOf(request.headers));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      // A plain answer (no cookie refreshed or cleared) of a verified player's session is kept; one
      // of an account that may not use it (suspended: SessionCache.admit) is no session.
      if (cookie && response.status === 200 && cookies.length === 0 && !(await cacheSessionAnswer(sessions, cookie, text, epoch))) return reply.send(null);
      if (response.status >= 400 && text && (response.headers.get('content-type') ?? '').includes('json')) {
        const answer = JSON.parse(text) as { code?: string; message?: string };
        const message = answer.message?.includes('[body.email]') ? MESSAGES.INVALID_EMAIL : answer.code ? MESSAGES[answer.code] : undefined;
        return reply.send(message ? { ...answer, message } : answer);
      }
      return reply.send(text || null);
    },
  });
}

/**
 * Keeps get-session's answer with the cookie's cached session (SessionCache), when it is a verified
 * player's. False when it names a session its account may not use (SessionCache.admit).
 */
async function cacheSessionAnswer(sessions: SessionCache, cookie: string, text: string, epoch: number): Promise<boolean> {
  const answer = JSON.parse(text) as {
    session?: { id: string; userId: string; token: string; expiresAt: string };
    user?: { id: string; email: string; emailVerified: boolean };
  } | null;
  if (!answer?.session || !answer.user?.emailVerified || answer.user.id !== answer.session.userId) return true;
  if (!(await sessions.admit(answer.user.id))) return false;
  const signedIn = { userId: answer.user.id, sessionId: answer.session.id, email: answer.user.email };
  sessions.set(cookie, signedIn, answer.session.token, new Date(answer.session.expiresAt).getTime(), epoch, Date.now(), text);
  return true;
}
