import { describe, expect, it } from 'vitest';
import { LOCATIONS } from '../content/locations.ts';
import { createRng } from '../rng.ts';
import { BIOMES } from '../types.ts';
import { BASE_DURATION_MINUTES } from './duration.ts';
import { COPPER_BASE, rewardRange, rollRewards, XP_BASE } from './rewards.ts';

describe('adventure rewards (spec 02 §9 Rewards)', () => {
  it('refuses a level outside 1..10', () => {
    const rng = createRng(1);
    expect(() => rollRewards('forest', 0, rng)).toThrow(RangeError);
    expect(() => rollRewards('forest', 11, rng)).toThrow(RangeError);
  });

  it('has the XP and copper base tables (issue 42, in place of spec 02 §9 50 ... 2000 and 80 ... 2500)', () => {
    expect(XP_BASE).toEqual([50, 1_300, 2_500, 4_300, 7_000, 11_000, 17_500, 27_000, 40_000, 60_000]);
    expect(COPPER_BASE).toEqual([12, 300, 650, 1_200, 2_000, 3_200, 5_250, 8_250, 12_250, 18_000]);
  });

  it('pays more XP and copper per hour of the base duration at each level above (issue 42)', () => {
    const perHour = (table: readonly number[], level: number) => (table[level - 1]! * 60) / BASE_DURATION_MINUTES[level - 1]!;
    for (let level = 2; level <= 10; level++) {
      expect(perHour(XP_BASE, level)).toBeGreaterThan(perHour(XP_BASE, level - 1) * 1.2);
      expect(perHour(COPPER_BASE, level)).toBeGreaterThan(perHour(COPPER_BASE, level - 1));
    }
  });

  it('draws +-10% around base x location multiplier', () => {
    expect(rewardRange(50, 1)).toEqual([45, 55]);
    expect(rewardRange(2500, 1.5)).toEqual([3375, 4125]);
    expect(rewardRange(12, 1.2)).toEqual([13, 16]);
    for (const location of BIOMES) {
      for (let level = 1; level <= 10; level++) {
        const m = LOCATIONS[location].rewardMultiplier;
        const rng = createRng(`${location}-${level}`);
        const [xpMin, xpMax] = rewardRange(XP_BASE[level - 1]!, m);
        const [cMin, cMax] = rewardRange(COPPER_BASE[level - 1]!, m);
        for (let i = 0; i < 200; i++) {
          const r = rollRewards(location, level, rng);
          expect(r.xp).toBeGreaterThanOrEqual(xpMin);
          expect(r.xp).toBeLessThanOrEqual(xpMax);
          expect(r.copper).toBeGreaterThanOrEqual(cMin);
          expect(r.copper).toBeLessThanOrEqual(cMax);
        }
      }
    }
  });

  it('averages the base x multiplier and reaches both ends', () => {
    const rng = createRng('avg');
    let sum = 0;
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const { xp } = rollRewards('volcano', 10, rng);
      sum += xp;
      seen.add(xp);
    }
    expect(sum / 10_000).toBeGreaterThan(89_700);
    expect(sum / 10_000).toBeLessThan(90_300);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(81_000);
    expect(Math.max(...seen)).toBeLessThanOrEqual(99_000);
    const low = new Set(Array.from({ length: 2_000 }, () => rollRewards('volcano', 1, rng).xp));
    expect(low.has(68)).toBe(true);
    expect(low.has(83)).toBe(true);
  });
});
