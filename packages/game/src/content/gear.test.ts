import { describe, expect, it } from 'vitest';
import { GEAR_SLOTS, GEAR_STATS, TIERS } from '../types.ts';
import { GEAR_SLOT_CONTENT, GEAR_SPEED_RANGE, GEAR_STAT_COUNT, GEAR_TIER_MULTIPLIER, TIER_LABEL } from './gear.ts';

describe('gear content (spec 02 §3 gear, §9 rarity multipliers)', () => {
  it('has name parts and a base stat for all 8 slots', () => {
    expect(Object.keys(GEAR_SLOT_CONTENT).sort()).toEqual([...GEAR_SLOTS].sort());
    for (const slot of GEAR_SLOTS) {
      const content = GEAR_SLOT_CONTENT[slot];
      expect(content.materials.length).toBeGreaterThanOrEqual(4);
      expect(content.nouns.length).toBeGreaterThanOrEqual(4);
      expect(GEAR_STATS).toContain(content.primary);
      expect(content.base).toBeGreaterThan(0);
    }
  });

  it('uses the multipliers 1, 1.2, 1.5, 1.8, 2.5 and a label per tier', () => {
    expect(TIERS.map((tier) => GEAR_TIER_MULTIPLIER[tier])).toEqual([1, 1.2, 1.5, 1.8, 2.5]);
    expect(TIERS.map((tier) => TIER_LABEL[tier])).toEqual(['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary']);
  });

  it('keeps speed within 1..4 and the stat count within 1..3', () => {
    for (const tier of TIERS) {
      const [minSpeed, maxSpeed] = GEAR_SPEED_RANGE[tier];
      expect(minSpeed).toBeGreaterThanOrEqual(1);
      expect(maxSpeed).toBeLessThanOrEqual(4);
      const [minCount, maxCount] = GEAR_STAT_COUNT[tier];
      expect(minCount).toBeGreaterThanOrEqual(1);
      expect(maxCount).toBeLessThanOrEqual(3);
    }
  });
});
