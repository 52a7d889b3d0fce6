/**
 * Times shown by the console (spec 02 §2): the banner's 'They will return in m:ss' and the
 * launcher's durations. Whole seconds are rounded up, as the server's own lines do, so a journey
 * never reads 0:00 while it is still under way.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** 'm:ss' with minutes uncapped ('0:03', '20:00', '120:00'); negative times read '0:00'. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

/** A launcher duration: 'm:ss' below an hour, then 'h m' in whole minutes rounded up ('1h 15m', '2h'). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 3600) return formatCountdown(seconds * 1000);
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/**
 * Time left on a journey by this device's clock, between 0 and the journey's length. The upper
 * clamp absorbs a device clock that runs behind the server's; one that runs ahead reaches 0 early,
 * and the banner then asks the server until it has settled the adventure.
 */
export function remainingMs(endTime: string, durationMs: number, now: number): number {
  const end = Date.parse(endTime);
  if (Number.isNaN(end)) return 0;
  return Math.min(Math.max(end - now, 0), Math.max(durationMs, 0));
}

/** How far along the journey is, 0..1. */
export function journeyProgress(remaining: number, durationMs: number): number {
  if (durationMs <= 0) return 1;
  return Math.min(Math.max(1 - remaining / durationMs, 0), 1);
}

/** 'hh:mm' of a message, in the device's time zone. */
export function formatClock(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
