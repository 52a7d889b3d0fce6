import { rateLimits } from '../../src/db/schema/index.ts';
import { PLAYER_LIMITS, playerLimitKey, scaleRule, type PlayerLimit } from '../../src/http/rateLimit.ts';
import type { TestServer } from './server.ts';

/**
 * Sets the player's current window of `limit` so that only `left` more attempts fit (as if they
 * had just made the others): the server's own counter, in the shared rate_limits table.
 */
export async function usePlayerLimit(server: TestServer, limit: PlayerLimit, userId: string, left: number): Promise<void> {
  const max = scaleRule(PLAYER_LIMITS[limit].rule, server.config.rateLimitFactor).max;
  const row = { key: playerLimitKey(limit, userId), count: max - left, windowStart: new Date() };
  await server.database.db
    .insert(rateLimits)
    .values(row)
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: row.count, windowStart: row.windowStart } });
}
