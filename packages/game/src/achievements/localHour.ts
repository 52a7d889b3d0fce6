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

/** The zones the clock knows, with a formatter each (made once: making one is the cost). */
let zoneClocks: Array<{ zone: string; hour: Intl.DateTimeFormat }> | undefined;
const zonesAt = new Map<string, string[]>();

/**
 * The zones the clock knows (Intl.supportedValuesOf) in which `now` is at local `hour`, worked
 * out once a minute. The hot achievement count (issue 45) leaves a player in one of these to the
 * full count, which reads the player's trusted hour (hidden-night-owl).
 */
export function zonesAtLocalHour(now: Date, hour: number): readonly string[] {
  const key = `${hour}@${Math.floor(now.getTime() / 60_000)}`;
  const found = zonesAt.get(key);
  if (found) return found;
  zoneClocks ??= Intl.supportedValuesOf('timeZone').map((zone) => ({
    zone,
    hour: new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }),
  }));
  const zones = zoneClocks.filter((c) => Number.parseInt(c.hour.format(now), 10) === hour).map((c) => c.zone);
  zonesAt.clear();
  zonesAt.set(key, zones);
  return zones;
}
