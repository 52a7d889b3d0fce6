/** The API's account shapes, shared by the server (answers) and the web app (parses). */
import { z } from 'zod';
import { ROLES } from '@rpg/game';
import { lazySchema } from './lazy.ts';

/** GET /api/me: the signed-in player's user row. */
export const meResponseSchema = lazySchema(() => z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  /** ISO 8601, or null before the first sign-in is recorded. */
  lastLogin: z.string().nullable(),
  isOnline: z.boolean(),
  /** ISO 8601. */
  lastSeen: z.string().nullable(),
  /** Issue 28: moderators and admins see the moderation screen. */
  role: z.enum(ROLES),
}));
export type Me = z.infer<typeof meResponseSchema>;

/** Every refused answer (4xx) and the 500: `{ error, message, title? }` (apps/server/src/http/errors.ts). */
export const errorBodySchema = lazySchema(() => z.object({
  /** A machine-readable code: 'not_found', 'invalid_input', a rule's code. */
  error: z.string(),
  /** The text the player reads. */
  message: z.string(),
  /** A rule's heading, when it has one. */
  title: z.string().optional(),
  /** On a 500: the request's id, as in the server's log and the x-request-id header. */
  requestId: z.string().optional(),
}));
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The 503s a player may meet, with `Retry-After` (seconds): nothing was done, and the web client
 * sends the request again by itself after that wait (docs/decisions.md, "When the database or the
 * server is away").
 */
export const UNAVAILABLE = {
  /** The database does not answer (a restart, a crash, the network): the request failed as a whole. */
  database: { error: 'database_unavailable', message: 'The game is briefly unavailable (its database is not answering). Please try again in a moment.', retryAfterSeconds: 2 },
  /** The process is stopping (a deployment): a request it had not accepted yet. */
  restarting: { error: 'restarting', message: 'The game server is restarting. Please try again in a moment.', retryAfterSeconds: 1 },
} as const;

/** GET /api/health (200) and its 503 when the database does not answer. */
export const healthResponseSchema = lazySchema(() => z.object({ ok: z.boolean(), db: z.enum(['pglite', 'postgres']) }));
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/ready (readiness): 200 when every check holds, else 503 with the same shape. */
export const readyResponseSchema = lazySchema(() => z.object({ ready: z.boolean(), database: z.boolean(), migrations: z.boolean(), bus: z.boolean(), shuttingDown: z.boolean() }));
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

/** GET /api/dev/outbox (development only): the newest mails to one address first. */
export const outboxMailListSchema = lazySchema(() => z.array(z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  code: z.string().nullable(),
  /** ISO 8601. */
  sentAt: z.string(),
})));
export type OutboxMailList = z.infer<typeof outboxMailListSchema>;

/** A 204 answer: no body (DELETE /api/characters/:id). */
export const noContentSchema = lazySchema(() => z.undefined());
