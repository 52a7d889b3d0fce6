import { describe, expect, it } from 'vitest';
import { adventureDuration, BASE_DURATION_MINUTES, speedReductionPercent } from './duration.ts';

const gear = (...speeds: number[]) => speeds.map((speed) => ({ stats: { speed } }));

describe('adventure duration (spec 02 §9 Adventure locations and duration, DECISIONS §2)', () => {
  it('refuses a level outside 1..10 and a non-positive time scale', () => {
    expect(() => adventureDuration(0)).toThrow(RangeError);
    expect(() => adventureDuration(11)).toThrow(RangeError);
    expect(() => adventureDuration(1.5)).toThrow(RangeError);
    expect(() => adventureDuration(1, [], 0)).toThrow(RangeError);
    expect(() => adventureDuration(1, [], -2)).toThrow(RangeError);
    expect(() => adventureDuration(1, [], Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('uses the table 1, 20, 30, 40, 50, 60, 75, 90, 105, 120 minutes, not 1 + (level - 1)', () => {
    expect(BASE_DURATION_MINUTES).toEqual([1, 20, 30, 40, 50, 60, 75, 90, 105, 120]);
    BASE_DURATION_MINUTES.forEach((minutes, i) => {
      expect(adventureDuration(i + 1)).toEqual({ originalMs: minutes * 60_000, speedReductionPercent: 0, durationMs: minutes * 60_000 });
    });
  });

  it('gives 2, 4, 6, 8 % per item for speed 1, 2, 3, 4 and keeps 2% per point above 4', () => {
    expect(speedReductionPercent(gear(1))).toBe(2);
    expect(speedReductionPercent(gear(2))).toBe(4);
    expect(speedReductionPercent(gear(3))).toBe(6);
    expect(speedReductionPercent(gear(4))).toBe(8);
    expect(speedReductionPercent(gear(5))).toBe(10);
    expect(speedReductionPercent(gear(1, 2, 3))).toBe(12);
  });

  it('ignores items without speed and negative speed', () => {
    expect(speedReductionPercent([{ stats: { attack: 5 } }, ...gear(-3, 2)])).toBe(4);
    expect(speedReductionPercent([])).toBe(0);
  });

  it('caps the total reduction at 50%', () => {
    expect(speedReductionPercent(gear(4, 4, 4, 4, 4, 4))).toBe(48);
    expect(speedReductionPercent(gear(4, 4, 4, 4, 4, 4, 4, 4))).toBe(50);
    expect(adventureDuration(10, gear(4, 4, 4, 4, 4, 4, 4, 4)).durationMs).toBe(60 * 60_000);
  });

  it('applies the reduction and then divides by the time scale', () => {
    expect(adventureDuration(2, gear(4, 1))).toEqual({ originalMs: 1_200_000, speedReductionPercent: 10, durationMs: 1_080_000 });
    expect(adventureDuration(2, gear(4, 1), 60).durationMs).toBe(18_000);
    expect(adventureDuration(1, [], 0.5).durationMs).toBe(120_000);
    expect(adventureDuration(1, [], 1e9).durationMs).toBe(1);
  });
});
