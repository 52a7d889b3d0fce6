import { describe, expect, it } from 'vitest';
import { CRAFTING_MAX_LEVEL, craftingBonuses, craftingLevel, craftingLevelProgress } from './level.ts';

describe('spec 02 §4 crafting levels', () => {
  it('derives the level from total XP with the table 0, 20, 60, 120, 200, 300, 450, 650, 900, 1200', () => {
    const thresholds = [0, 20, 60, 120, 200, 300, 450, 650, 900, 1200];
    thresholds.forEach((xp, i) => {
      expect(craftingLevel(xp)).toBe(i + 1);
      if (xp > 0) expect(craftingLevel(xp - 1)).toBe(i);
    });
    expect(craftingLevel(1_000_000)).toBe(CRAFTING_MAX_LEVEL);
    expect(CRAFTING_MAX_LEVEL).toBe(10);
  });

  it('shows the progress to the next level, none at the maximum', () => {
    expect(craftingLevelProgress(75)).toEqual({ level: 3, xp: 75, levelXp: 60, nextLevelXp: 120 });
    expect(craftingLevelProgress(5000)).toEqual({ level: 10, xp: 5000, levelXp: 1200, nextLevelXp: null });
  });
});

describe('spec 02 §9 crafting bonuses, interpolated linearly from level 1 to 10', () => {
  it('rounds each level to whole percent', () => {
    const levels = Array.from({ length: 10 }, (_, i) => craftingBonuses(i + 1));
    expect(levels.map((b) => b.speedReduction)).toEqual([0, 6, 11, 17, 22, 28, 33, 39, 44, 50]);
    expect(levels.map((b) => b.resourceDiscount)).toEqual([0, 3, 6, 8, 11, 14, 17, 19, 22, 25]);
    expect(levels.map((b) => b.qualityBonus)).toEqual([0, 3, 6, 8, 11, 14, 17, 19, 22, 25]);
  });

  it('clamps levels outside 1..10', () => {
    expect(craftingBonuses(0)).toEqual(craftingBonuses(1));
    expect(craftingBonuses(12)).toEqual({ speedReduction: 50, resourceDiscount: 25, qualityBonus: 25 });
  });
});
