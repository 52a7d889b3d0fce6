import { timeZoneResponseSchema } from '@rpg/contract';
import { apiFetch } from '@/lib/api';

/** PUT /api/achievements/time-zone: the browser's own time zone (DECISIONS §4: 3 AM is the player's 3 AM). */
export function reportTimeZone(timeZone: string): Promise<unknown> {
  return apiFetch('/api/achievements/time-zone', timeZoneResponseSchema, { method: 'PUT', body: { timeZone } });
}
