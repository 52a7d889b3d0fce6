import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

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

export function scaleRule(rule: LimitRule, factor: number): LimitRule {
  return { ...rule, max: Math.max(1, Math.round(rule.max * factor)) };
}

export function rateLimitMessage(seconds: number): string {
  const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}
