import { describe, expect, it } from 'vitest';
import { storeWindow } from './window.ts';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString();
const window = (now: string, zone: string): [string, string] => {
  const { start, end } = storeWindow(at(now), zone);
  return [iso(start), iso(end)];
};

describe('store refresh window (spec 03 §4 store, §9: every 4 hours at local clock boundaries)', () => {
  it('refuses an unknown time zone and a non-finite now', () => {
    expect(() => storeWindow(0, 'Not/A_Zone')).toThrow(RangeError);
    expect(() => storeWindow(Number.NaN, 'UTC')).toThrow(RangeError);
  });

  it('cuts the UTC day at 00, 04, 08, 12, 16, 20', () => {
    expect(window('2024-06-01T05:30:00Z', 'UTC')).toEqual(['2024-06-01T04:00:00.000Z', '2024-06-01T08:00:00.000Z']);
    expect(window('2024-06-01T23:59:59.999Z', 'UTC')).toEqual(['2024-06-01T20:00:00.000Z', '2024-06-02T00:00:00.000Z']);
    expect(window('2024-12-31T21:00:00Z', 'UTC')).toEqual(['2024-12-31T20:00:00.000Z', '2025-01-01T00:00:00.000Z']);
  });

  it('starts a window exactly at the boundary (start inclusive, end exclusive)', () => {
    expect(window('2024-06-01T08:00:00Z', 'UTC')).toEqual(['2024-06-01T08:00:00.000Z', '2024-06-01T12:00:00.000Z']);
    expect(window('2024-06-01T07:59:59.999Z', 'UTC')).toEqual(['2024-06-01T04:00:00.000Z', '2024-06-01T08:00:00.000Z']);
  });

  it('follows local time in other zones, including half-hour offsets', () => {
    // New York in summer is UTC-4: 08:00 local = 12:00Z
    expect(window('2024-07-01T13:00:00Z', 'America/New_York')).toEqual(['2024-07-01T12:00:00.000Z', '2024-07-01T16:00:00.000Z']);
    // Kolkata is UTC+5:30: 08:00 local = 02:30Z
    expect(window('2024-06-01T05:30:00Z', 'Asia/Kolkata')).toEqual(['2024-06-01T02:30:00.000Z', '2024-06-01T06:30:00.000Z']);
  });

  it('New York spring forward (02:00 -> 03:00): the 00-04 window lasts 3 hours', () => {
    expect(window('2024-03-10T06:00:00Z', 'America/New_York')).toEqual(['2024-03-10T05:00:00.000Z', '2024-03-10T08:00:00.000Z']);
    expect(window('2024-03-10T08:00:00Z', 'America/New_York')).toEqual(['2024-03-10T08:00:00.000Z', '2024-03-10T12:00:00.000Z']);
  });

  it('New York fall back (02:00 -> 01:00): the 00-04 window lasts 5 hours, also inside the repeated hour', () => {
    const expected = ['2024-11-03T04:00:00.000Z', '2024-11-03T09:00:00.000Z'];
    expect(window('2024-11-03T05:30:00Z', 'America/New_York')).toEqual(expected); // 01:30 EDT
    expect(window('2024-11-03T06:30:00Z', 'America/New_York')).toEqual(expected); // 01:30 EST
    expect(window('2024-11-03T08:59:59Z', 'America/New_York')).toEqual(expected);
  });

  it('a skipped midnight (Havana, 00:00 -> 01:00) starts the window at the jump', () => {
    expect(window('2024-03-10T04:30:00Z', 'America/Havana')).toEqual(['2024-03-10T01:00:00.000Z', '2024-03-10T05:00:00.000Z']);
    expect(window('2024-03-10T06:00:00Z', 'America/Havana')).toEqual(['2024-03-10T05:00:00.000Z', '2024-03-10T08:00:00.000Z']);
  });

  it('a repeated midnight (Havana, 01:00 -> 00:00) never moves the window backwards', () => {
    const expected = ['2024-11-03T04:00:00.000Z', '2024-11-03T09:00:00.000Z'];
    expect(window('2024-11-03T03:30:00Z', 'America/Havana')).toEqual(['2024-11-03T00:00:00.000Z', '2024-11-03T04:00:00.000Z']);
    expect(window('2024-11-03T04:30:00Z', 'America/Havana')).toEqual(expected); // 00:30 first time
    expect(window('2024-11-03T05:30:00Z', 'America/Havana')).toEqual(expected); // 00:30 second time
  });

  it('windows tile time without gaps or overlaps across a DST year', () => {
    for (const zone of ['UTC', 'America/New_York', 'Europe/Berlin', 'America/Havana', 'Australia/Lord_Howe']) {
      let current = storeWindow(at('2024-01-01T00:00:00Z'), zone);
      while (current.start < at('2025-01-01T00:00:00Z')) {
        const next = storeWindow(current.end, zone);
        expect(next.start).toBe(current.end);
        expect(next.end - next.start).toBeGreaterThanOrEqual(3 * 3_600_000);
        expect(next.end - next.start).toBeLessThanOrEqual(5 * 3_600_000);
        expect(storeWindow(Math.floor((next.start + next.end) / 2), zone)).toEqual(next);
        current = next;
      }
    }
    // 11,000 windows through Intl: about 2 s alone, more on a busy machine.
  }, 30_000);
});
