// First: zod's configuration, before this module builds a schema (lib/zod-config.ts).
import '@/lib/zod-config';
import { z } from 'zod';

/** The push the server sends every tab at each 4-hour boundary. */
export const storeRefreshedSchema = z.object({ type: z.literal('store-refreshed'), windowStart: z.string(), nextRefresh: z.string() });

/**
 * Once per key: true the first time a key is seen. Several server processes may each announce
 * the same refresh, and the toast must show once.
 */
export function createOnce(): (key: string) => boolean {
  const seen = new Set<string>();
  return (key) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

/** The `nextRefresh` of a push that announces a refresh not announced before in this tab, else null. */
export function newRefresh(message: unknown, firstTime: (key: string) => boolean): string | null {
  const parsed = storeRefreshedSchema.safeParse(message);
  if (!parsed.success) return null;
  return firstTime(parsed.data.nextRefresh) ? parsed.data.nextRefresh : null;
}
