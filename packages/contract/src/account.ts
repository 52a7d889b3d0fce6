/** The API's account shapes, shared by the server (answers) and the web app (parses). */
import { z } from 'zod';
import { ROLES } from '@rpg/game';
import { lazySchema } from './lazy.ts';

/** GET /api/me: the signed-in player's user row. */
export const meResponseSchema = lazySchema(() =>
  z.object({
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
  }),
);
export type Me = z.infer<typeof meResponseSchema>;

/** Every refused answer (4xx) and the 500: `{ error, message, title? }` (apps/server/src/http/errors.ts). */
export const errorBodySchema = lazySchema(() =>
  z.object({
    /** A machine-readable code: 'not_found', 'invalid_input', a rule's code. */
    error: z.string(),
    /** The text the player reads. */
    message: z.string(),
    /** A rule's heading, when it has one. */
    title: z.string().optional(),
    /** On a 500: the request's id, as in the server's log and the x-request-id header. */
    requestId: z.string().optional(),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The 503s a player may meet, with `Retry-After` (seconds): nothing was done, and the web client
 * sends the request again by itself after that wait (docs/decisions/server.md, "When the database
 * or the server is away").
 */
export const UNAVAILABLE = {
  /** The database does not answer (a restart, a crash, the network): the request failed as a whole. */
  database: {
    error: 'database_unavailable',
    message: 'The game is briefly unavailable (its database is not answering). Please try again in a moment.',
    retryAfterSeconds: 2,
  },
  /** The process is stopping (a deployment): a request it had not accepted yet. */
  restarting: { error: 'restarting', message: 'The game server is restarting. Please try again in a moment.', retryAfterSeconds: 1 },
} as const;

/** GET /api/health (200) and its 503 when the database does not answer. */
export const healthResponseSchema = lazySchema(() => z.object({ ok: z.boolean(), db: z.enum(['pglite', 'postgres']) }));
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/ready (readiness): 200 when every check holds, else 503 with the same shape. */
export const readyResponseSchema = lazySchema(() =>
  z.object({ ready: z.boolean(), database: z.boolean(), migrations: z.boolean(), bus: z.boolean(), shuttingDown: z.boolean() }),
);
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

/** GET /api/dev/outbox (development only): the newest mails to one address first. */
export const outboxMailListSchema = lazySchema(() =>
  z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      link: z.string().nullable(),
      code: z.string().nullable(),
      /** ISO 8601. */
      sentAt: z.string(),
    }),
  ),
);
export type OutboxMailList = z.infer<typeof outboxMailListSchema>;

/** A 204 answer: no body (DELETE /api/characters/:id). */
export const noContentSchema = lazySchema(() => z.undefined());

/** Issue 43: GET /api/account/sessions, the account's signed-in devices, the newest seen first. */
export const sessionListSchema = lazySchema(() =>
  z.strictObject({
    sessions: z.array(
      z.strictObject({
        id: z.string(),
        /** "Firefox on Windows" (from the browser's User-Agent). */
        device: z.string(),
        /** The client address the session signed in from, when known. */
        ipAddress: z.string().nullable(),
        /** ISO 8601: when the device last used the session (to about five minutes). */
        lastSeen: z.string(),
        signedInAt: z.string(),
        /** The device asking. */
        current: z.boolean(),
      }),
    ),
  }),
);
export type SessionList = z.infer<typeof sessionListSchema>;
export type SessionView = SessionList['sessions'][number];

/** POST /api/account/sessions/:sessionId/revoke. */
export const sessionParamsSchema = lazySchema(() => z.strictObject({ sessionId: z.string().min(1).max(200) }));

/** POST /api/account/delete: the password entered again. */
export const deleteAccountBodySchema = lazySchema(() => z.strictObject({ password: z.string().max(128) }));
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

const row = () => z.record(z.string(), z.unknown());
/** Issue 43: GET /api/account/export, "Download my data" (GDPR Art. 15 and 20): one JSON file. */
export const accountExportSchema = lazySchema(() =>
  z.strictObject({
    exportedAt: z.string(),
    account: z.strictObject({ id: z.string(), email: z.string(), emailVerified: z.boolean(), createdAt: z.string(), profile: row().nullable() }),
    sessions: z.array(row()),
    characters: z.array(z.strictObject({ character: row(), inventory: z.array(row()), ledger: z.array(row()) })),
    auctionListings: z.array(row()),
    messages: z.array(row()),
    posts: z.array(row()),
    comments: z.array(row()),
    chatLines: z.array(row()),
    friends: z.array(row()),
    blocks: z.array(row()),
    gifts: z.array(row()),
  }),
);
export type AccountExport = z.infer<typeof accountExportSchema>;

/** Issue 43: GET /api/legal/terms and /api/legal/privacy: the host's text, or the game's plain default. */
export const legalDocumentSchema = lazySchema(() =>
  z.strictObject({
    title: z.string(),
    /** Plain text; paragraphs separated by blank lines. */
    text: z.string(),
    /** The host supplied it (a file); false: the game's default. */
    fromHost: z.boolean(),
  }),
);
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
export const legalParamsSchema = lazySchema(() => z.strictObject({ document: z.enum(['terms', 'privacy']) }));
