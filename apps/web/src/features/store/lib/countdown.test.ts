import { describe, expect, it } from 'vitest';
import { formatCountdown, isRefreshingSoon, remainingMs } from './countdown';

describe('store countdown (spec 03 section 2: hh:mm:ss, "Refreshing soon" at about 5 minutes)', () => {
  it('never goes below zero, also for a time already past or unreadable', () => {
    expect(remainingMs('2025-01-01T04:00:00.000Z', Date.parse('2025-01-01T04:00:05.000Z'))).toBe(0);
    expect(remainingMs('not a time', 0)).toBe(0);
    expect(formatCountdown(-500)).toBe('00:00:00');
  });

  it('counts from now to the next refresh', () => {
    expect(remainingMs('2025-01-01T04:00:00.000Z', Date.parse('2025-01-01T03:59:30.000Z'))).toBe(30_000);
  });

  it('shows hours, minutes and seconds with two digits, rounding part seconds up', () => {
    expect(formatCountdown(4 * 3_600_000)).toBe('04:00:00');
    expect(formatCountdown(3_600_000 + 2 * 60_000 + 3_000)).toBe('01:02:03');
    expect(formatCountdown(59_001)).toBe('00:01:00');
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(0)).toBe('00:00:00');
  });

  it('is refreshing soon from 5 minutes left', () => {
    expect(isRefreshingSoon(5 * 60_000 + 1)).toBe(false);
    expect(isRefreshingSoon(5 * 60_000)).toBe(true);
    expect(isRefreshingSoon(0)).toBe(true);
  });
});
