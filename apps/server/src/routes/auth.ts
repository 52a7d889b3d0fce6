import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { MIN_PASSWORD_LENGTH } from '../auth/auth.ts';
import type { Db } from '../db/client.ts';
import { AUTH_LIMITS, hit, rateLimitMessage, scaleRule } from '../http/rateLimit.ts';
import { readSession } from '../http/session.ts';

/** better-auth's codes answered with the spec's texts (spec 01 §5, §8). */
const MESSAGES: Record<string, string> = {
  PASSWORD_TOO_SHORT: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  EMAIL_NOT_VERIFIED: 'Please check your email to verify your account before logging in.',
  INVALID_EMAIL: 'Please enter a valid email address',
  INVALID_OTP: 'That code is not right. Check the e-mail and try again.',
  OTP_EXPIRED: 'That code has expired. Ask for a new e-mail.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Ask for a new e-mail.',
  INVALID_PASSWORD: 'Current password is incorrect',
};

function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, String(value));
  }
  const init: RequestInit = { method: request.method, headers };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined) {
    init.body = JSON.stringify(request.body);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
  }
  return new Request(new URL(request.url, publicUrl), init);
}

export interface AuthRouteDeps {
  auth: Auth;
  db: Db;
  publicUrl: string;
  rateLimitFactor: number;
}

/** Mounts better-auth at /api/auth/*, behind our per-IP and per-address limits. */
export async function authRoutes(app: FastifyInstance, { auth, db, publicUrl, rateLimitFactor }: AuthRouteDeps) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rateLimit: false },
    handler: async (request, reply) => {
      const path = new URL(request.url, publicUrl).pathname.replace(/^\/api\/auth/, '');
      const limits = request.method === 'POST' ? AUTH_LIMITS[path] : undefined;
      if (limits) {
        // A password change carries no address: its per-address limit counts against the signed-in account.
        const email = path === '/change-password' ? (await readSession(auth, request.headers))?.email : (request.body as { email?: unknown } | undefined)?.email;
        const keys: Array<[string, ReturnType<typeof scaleRule>]> = [[`ip:${request.ip}:${path}`, scaleRule(limits.ip, rateLimitFactor)]];
        if (typeof email === 'string' && email) keys.push([`address:${email.toLowerCase()}:${path}`, scaleRule(limits.address, rateLimitFactor)]);
        for (const [key, rule] of keys) {
          const wait = await hit(db, key, rule);
          if (wait > 0) {
            return reply.status(429).header('retry-after', String(wait)).send({ code: 'RATE_LIMITED', message: rateLimitMessage(wait) });
          }
        }
      }
      const response = await auth.handler(toWebRequest(request, publicUrl));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status >= 400 && text && (response.headers.get('content-type') ?? '').includes('json')) {
        const body = JSON.parse(text) as { code?: string; message?: string };
        const message = body.message?.includes('[body.email]') ? MESSAGES.INVALID_EMAIL : body.code ? MESSAGES[body.code] : undefined;
        return reply.send(message ? { ...body, message } : body);
      }
      return reply.send(text || null);
    },
  });
}
