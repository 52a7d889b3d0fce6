/** Spec 03 §4/§9: the store refreshes every 4 hours at clock boundaries 00, 04, 08, 12, 16, 20 local time. */
export const STORE_WINDOW_HOURS = 4;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface StoreWindow {
  /** Epoch ms of the boundary the current stock began at (inclusive). */
  start: number;
  /** Epoch ms of the next boundary, when the stock refreshes (exclusive). */
  end: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The local wall clock at instant `t`, written as if it were UTC epoch ms (whole seconds). */
function wallClock(timeZone: string, t: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(t)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** Offset of local time from UTC at instant `t`, in ms. */
function offsetAt(timeZone: string, t: number): number {
  return wallClock(timeZone, t) - Math.floor(t / 1000) * 1000;
}

/**
 * The first instant the local clock reads `wall`. A wall time repeated by a
 * fall-back resolves to its first occurrence; one skipped by a spring-forward
 * resolves to the moment of the jump (the clock passes it there).
 * Assumes at most one offset change within a day either side, as in every IANA zone.
 */
function firstInstant(timeZone: string, wall: number): number {
  const before = offsetAt(timeZone, wall - DAY);
  const after = offsetAt(timeZone, wall + DAY);
  const valid = [wall - before, wall - after].filter((t) => offsetAt(timeZone, t) === wall - t);
  if (valid.length > 0) return Math.min(...valid);
  return wall - before;
}

/**
 * Spec 03 §4: the 4-hour window `now` falls in, for a player in `timeZone` (IANA name).
 * Boundaries are the first instants the local clock reads 00:00, 04:00, ... 20:00,
 * so windows never overlap or go backwards: around a DST change a window lasts
 * 3 or 5 hours instead of 4. Throws RangeError for an unknown time zone.
 */
export function storeWindow(now: number, timeZone: string): StoreWindow {
  if (!Number.isFinite(now)) throw new RangeError(`now must be epoch ms, got ${now}`);
  const local = wallClock(timeZone, now);
  let wall = Math.floor(local / (STORE_WINDOW_HOURS * HOUR)) * STORE_WINDOW_HOURS * HOUR;
  let start = firstInstant(timeZone, wall);
  // A skipped or repeated hour can leave the start after now: step back a window.
  while (start > now) {
    wall -= STORE_WINDOW_HOURS * HOUR;
    start = firstInstant(timeZone, wall);
  }
  let end = firstInstant(timeZone, wall + STORE_WINDOW_HOURS * HOUR);
  // Inside a repeated hour the next boundary may already have passed: the window that began there goes on.
  // A day skipped by a zone (Samoa, 2011) can map several boundaries to one instant: move past them.
  while (end <= now || end <= start) {
    if (end <= now) start = Math.max(start, end);
    wall += STORE_WINDOW_HOURS * HOUR;
    end = firstInstant(timeZone, wall + STORE_WINDOW_HOURS * HOUR);
  }
  return { start, end };
}
