import { RuleError } from '../errors.ts';

/**
 * DECISIONS §4: the hour of `now` in the player's own time zone, as the browser reports it
 * (an IANA name such as 'Europe/Berlin'); null when the zone is missing or unknown.
 */
export function localHour(now: Date, timeZone: string | null | undefined): number | null {
  if (!timeZone || !isTimeZone(timeZone)) return null;
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now);
  const value = Number.parseInt(hour, 10);
  return Number.isInteger(value) ? value : null;
}

export const UNKNOWN_TIME_ZONE = 'Unknown time zone.';

/** DECISIONS §4: the zone the browser reports is one the clock knows, or the request is refused. */
export function checkTimeZone(value: string): void {
  if (!isTimeZone(value)) throw new RuleError('invalid_time_zone', UNKNOWN_TIME_ZONE);
}

export function isTimeZone(value: string): boolean {
  if (value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A time zone counts for the hour-of-day achievements only once it has been kept this long. */
export const TIME_ZONE_SETTLE_MS = 24 * 60 * 60 * 1000;

/**
 * The local hour the achievements may trust: none while the zone was set or changed less than a
 * day ago, so a player cannot pick whichever zone reads 3 AM right now (hidden-night-owl).
 */
export function trustedLocalHour(now: Date, timeZone: string | null | undefined, timeZoneSetAt: Date | null | undefined): number | null {
  if (!timeZoneSetAt || now.getTime() - timeZoneSetAt.getTime() < TIME_ZONE_SETTLE_MS) return null;
  return localHour(now, timeZone);
}
