import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { HttpError } from './errors.ts';

export interface LimitRule {
  /** How many attempts a key may make per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database, so every server process shares them.
 * Returns the seconds to wait, or 0 when the attempt is allowed. One atomic
 * upsert per key: no read-modify-write across awaits.
 */
export async function hit(db: Db, key: string, rule: LimitRule, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStart.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row || row.count <= rule.max) return 0;
  return Math.max(1, Math.ceil((row.windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
}

/** Per-IP and per-address limits of the account routes (issue: sign-in, sign-up, code checks, verification mails). */
export const AUTH_LIMITS: Record<string, { ip: LimitRule; address: LimitRule }> = {
  '/sign-in/email': { ip: { max: 30, windowSeconds: 300 }, address: { max: 10, windowSeconds: 300 } },
  '/sign-up/email': { ip: { max: 20, windowSeconds: 600 }, address: { max: 5, windowSeconds: 600 } },
  '/email-otp/verify-email': { ip: { max: 30, windowSeconds: 300 }, address: { max: 10, windowSeconds: 300 } },
  '/email-otp/send-verification-otp': { ip: { max: 10, windowSeconds: 600 }, address: { max: 3, windowSeconds: 300 } },
  '/send-verification-email': { ip: { max: 10, windowSeconds: 600 }, address: { max: 3, windowSeconds: 300 } },
  '/change-password': { ip: { max: 20, windowSeconds: 600 }, address: { max: 10, windowSeconds: 600 } },
};

/** The backstop for every other POST under /api/auth/* (sign-out, session revocation). */
export const DEFAULT_AUTH_LIMIT = { ip: { max: 60, windowSeconds: 300 }, address: { max: 20, windowSeconds: 300 } };

/**
 * Per-player throttles of the social actions (docs/decisions.md): friend requests and direct
 * messages, counted in the same shared fixed windows (scaled by RATE_LIMIT_FACTOR like the rest).
 */
export const PLAYER_LIMITS = {
  friendRequests: { rule: { max: 20, windowSeconds: 600 }, message: 'You are sending friend requests too quickly. Try again in a few minutes.' },
  directMessages: { rule: { max: 10, windowSeconds: 10 }, message: 'You are sending messages too quickly. Slow down a little.' },
  /** Issue 25: every image upload (avatar, banner, post image, character avatar and background). */
  uploads: { rule: { max: 30, windowSeconds: 600 }, message: 'You are uploading images too quickly. Try again in a few minutes.' },
} as const satisfies Record<string, { rule: LimitRule; message: string }>;

export type PlayerLimit = keyof typeof PLAYER_LIMITS;

/** The counter key of one player's limit (a test may fill it). */
export const playerLimitKey = (limit: PlayerLimit, userId: string) => `player:${userId}:${limit}`;

/** Counts one attempt of `limit` by the player; over the limit it refuses with 429, Retry-After and the limit's message. */
export async function throttlePlayer(db: Db, limit: PlayerLimit, userId: string, factor: number, now = new Date()): Promise<void> {
  const { rule, message } = PLAYER_LIMITS[limit];
  const wait = await hit(db, playerLimitKey(limit, userId), scaleRule(rule, factor), now);
  if (wait > 0) throw new HttpError(429, 'rate_limited', message, 'Slow Down', wait);
}

/** Rows older than this are no longer part of any window (the longest is 10 minutes). */
export const RATE_LIMIT_RETENTION_SECONDS = 60 * 60;

const EMAIL = /^[^\s@\p{Cc}]{1,64}@[^\s@\p{Cc}]{1,189}$/u;

/**
 * The per-address key of an e-mail as sent: lower-cased, or undefined when it is not a
 * plausible address (such a request is refused later and counts against the IP only).
 */
export function emailKey(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : undefined;
}

/** Deletes the counters whose window ended long ago (the table would otherwise grow with every address tried). */
export async function pruneRateLimits(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000);
  const gone = await db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff)).returning({ key: rateLimits.key });
  return gone.length;
}

export function scaleRule(rule: LimitRule, factor: number): LimitRule {
  return { ...rule, max: Math.max(1, Math.round(rule.max * factor)) };
}

export function rateLimitMessage(seconds: number): string {
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

/** PRUNE_EVERY_MS: how often each process deletes ended rate-limit windows (idempotent, so several processes may). */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** A scheduler task that keeps the rate_limits table to the windows still running. */
export function rateLimitPruner(db: Db, log: { error(o: object, m?: string): void }) {
  let next = new Date(Date.now() + PRUNE_EVERY_MS);
  return {
    name: 'rate-limit-prune',
    async nextDue() {
      return next;
    },
    async settleDue(now: Date) {
      if (now < next) return 0;
      next = new Date(now.getTime() + PRUNE_EVERY_MS);
      return pruneRateLimits(db, now).catch((error: unknown) => {
        log.error({ err: error }, 'pruning rate limits failed');
        return 0;
      });
    },
  };
}
