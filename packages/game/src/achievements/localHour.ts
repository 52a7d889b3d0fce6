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

export function isTimeZone(value: string): boolean {
  if (value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
