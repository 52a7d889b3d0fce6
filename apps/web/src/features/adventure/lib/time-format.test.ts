import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDuration, journeyProgress, remainingMs } from './time-format';

describe("spec 02 §2 banner 'They will return in m:ss'", () => {
  it('never goes below 0:00', () => {
    expect(formatCountdown(-5_000)).toBe('0:00');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('rounds part seconds up, so a running journey never reads 0:00', () => {
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(2_001)).toBe('0:03');
    expect(formatCountdown(3_000)).toBe('0:03');
  });

  it('pads seconds and leaves minutes uncapped', () => {
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(20 * 60_000)).toBe('20:00');
    expect(formatCountdown(120 * 60_000)).toBe('120:00');
  });
});

describe('spec 02 §2 launcher durations (DECISIONS §2: the table after speed gear)', () => {
  it("shows 'm:ss' below an hour", () => {
    expect(formatDuration(3_000)).toBe('0:03');
    expect(formatDuration(60_000)).toBe('1:00');
    expect(formatDuration(18 * 60_000)).toBe('18:00');
    expect(formatDuration(59 * 60_000 + 59_000)).toBe('59:59');
  });

  it("shows 'h m' from an hour, whole minutes rounded up", () => {
    expect(formatDuration(60 * 60_000)).toBe('1h');
    expect(formatDuration(59 * 60_000 + 59_500)).toBe('1h');
    expect(formatDuration(75 * 60_000)).toBe('1h 15m');
    expect(formatDuration(105 * 60_000)).toBe('1h 45m');
    expect(formatDuration(120 * 60_000)).toBe('2h');
    expect(formatDuration(60 * 60_000 + 1_000)).toBe('1h 1m');
  });

  it('treats a negative length as nothing', () => {
    expect(formatDuration(-1)).toBe('0:00');
  });
});

describe('time left on a journey', () => {
  const end = '2030-01-01T00:01:00.000Z';
  const endMs = Date.parse(end);

  it('is 0 once the end time has passed, and for an unreadable end time', () => {
    expect(remainingMs(end, 60_000, endMs + 1)).toBe(0);
    expect(remainingMs('soon', 60_000, endMs)).toBe(0);
  });

  it('never exceeds the journey when the device clock runs behind the server', () => {
    expect(remainingMs(end, 60_000, endMs - 90_000)).toBe(60_000);
  });

  it('counts down by the device clock otherwise', () => {
    expect(remainingMs(end, 60_000, endMs - 12_345)).toBe(12_345);
    expect(journeyProgress(15_000, 60_000)).toBe(0.75);
    expect(journeyProgress(0, 0)).toBe(1);
  });
});
