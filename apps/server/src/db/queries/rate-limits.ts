import { lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { prepared } from '../prepared.ts';
import { rateLimits } from '../schema/index.ts';

/** The shared fixed-window counters of the rate limits (http/rateLimit.ts decides what they allow). */

const counted = prepared('rate_limit_hit', (db) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), count: 1, windowStart: sql`${sql.placeholder('now')}::timestamptz` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${sql.placeholder('windowStart')}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${sql.placeholder('windowStart')}::timestamptz then ${sql.placeholder('now')}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart }),
);

/**
 * One attempt counted against `key` at `now`, in one atomic upsert (no read-modify-write across
 * awaits): a window that started at or before `windowStart` has ended, and starts again at `now`.
 * The window's count with this attempt and its start.
 */
export async function countAttempt(db: Db, key: string, now: Date, windowStart: Date): Promise<{ count: number; windowStart: Date } | undefined> {
  const [row] = await counted(db, { key, now: now.toISOString(), windowStart: windowStart.toISOString() });
  return row;
}

/** Deletes the counters whose window started before `cutoff`; how many. */
export async function deleteCountersBefore(db: Db, cutoff: Date): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff)).returning({ key: rateLimits.key });
  return gone.length;
}
