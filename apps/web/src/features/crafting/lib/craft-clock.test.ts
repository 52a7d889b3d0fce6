import { describe, expect, it } from 'vitest';
import { craftClock, formatClock, levelBar } from './craft-clock';

const craft = { startedAt: '2025-01-01T00:00:00.000Z', endsAt: '2025-01-01T00:00:09.000Z', remainingMs: 6_000 };

describe('the running craft (spec 02 sections 2 and 4: a progress bar while crafting)', () => {
  it("counts down from the server's remaining time, whatever the browser's clock says", () => {
    const fetchedAt = 1_000_000;
    expect(craftClock(craft, fetchedAt, fetchedAt)).toEqual({ fraction: 1 / 3, remainingMs: 6_000, due: false });
    expect(craftClock(craft, fetchedAt, fetchedAt + 3_000)).toEqual({ fraction: 2 / 3, remainingMs: 3_000, due: false });
  });

  it('is due at the end and stays there', () => {
    expect(craftClock(craft, 0, 6_000)).toEqual({ fraction: 1, remainingMs: 0, due: true });
    expect(craftClock(craft, 0, 60_000)).toEqual({ fraction: 1, remainingMs: 0, due: true });
  });

  it('treats an empty span as finished and a clock behind the answer as no time passed', () => {
    expect(craftClock({ ...craft, endsAt: craft.startedAt, remainingMs: 0 }, 0, 0).fraction).toBe(1);
    expect(craftClock(craft, 5_000, 4_000).remainingMs).toBe(6_000);
  });
});

describe('times as m:ss', () => {
  it('rounds seconds up and never goes below 0:00', () => {
    expect(formatClock(-5)).toBe('0:00');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(1)).toBe('0:01');
    expect(formatClock(9_000)).toBe('0:09');
    expect(formatClock(180_000)).toBe('3:00');
    expect(formatClock(1_799_001)).toBe('30:00');
  });

  it('adds hours from an hour on', () => {
    expect(formatClock(3_600_000)).toBe('1:00:00');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });
});

describe('the crafting level bar (spec 02 section 4 XP table)', () => {
  it('spans the current level up to the next threshold', () => {
    expect(levelBar({ xp: 0, levelXp: 0, nextLevelXp: 20 })).toEqual({ value: 0, max: 20, text: '0 / 20 XP' });
    expect(levelBar({ xp: 75, levelXp: 60, nextLevelXp: 120 })).toEqual({ value: 15, max: 60, text: '75 / 120 XP' });
  });

  it('is full at the maximum level', () => {
    expect(levelBar({ xp: 1_300, levelXp: 1_200, nextLevelXp: null })).toEqual({ value: 1, max: 1, text: '1300 XP · Maximum level' });
  });
});
