import { describe, expect, it } from 'vitest';
import { LOCATIONS } from '../content/locations.ts';
import { createRng } from '../rng.ts';
import { BIOMES } from '../types.ts';
import { COPPER_BASE, rewardRange, rollRewards, XP_BASE } from './rewards.ts';

describe('adventure rewards (spec 02 §9 Rewards)', () => {
  it('refuses a level outside 1..10', () => {
    const rng = createRng(1);
    expect(() => rollRewards('forest', 0, rng)).toThrow(RangeError);
    expect(() => rollRewards('forest', 11, rng)).toThrow(RangeError);
  });

  it('has the XP and copper base tables', () => {
    expect(XP_BASE).toEqual([50, 100, 200, 350, 500, 700, 900, 1200, 1500, 2000]);
    expect(COPPER_BASE).toEqual([80, 120, 180, 250, 350, 500, 700, 1000, 1500, 2500]);
  });

  it('draws +-10% around base x location multiplier', () => {
    expect(rewardRange(50, 1)).toEqual([45, 55]);
    expect(rewardRange(2500, 1.5)).toEqual([3375, 4125]);
    expect(rewardRange(80, 1.2)).toEqual([86, 106]);
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
    expect(sum / 10_000).toBeGreaterThan(2990);
    expect(sum / 10_000).toBeLessThan(3010);
    expect(seen.has(2700)).toBe(true);
    expect(seen.has(3300)).toBe(true);
  });
});
