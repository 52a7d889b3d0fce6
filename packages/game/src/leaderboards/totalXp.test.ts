import { describe, expect, it } from 'vitest';
import { xpToLeaveLevel } from '../character/leveling.ts';
import { totalXp, totalXpBySteps } from './totalXp.ts';

describe('spec 03 §2 XP leaderboard value: total XP earned', () => {
  it('is the XP inside level 1, then adds 100, 300, ... for each level left (issue 42 table)', () => {
    expect(totalXp(1, 0)).toBe(0);
    expect(totalXp(1, 99)).toBe(99);
    expect(totalXp(2, 0)).toBe(100);
    expect(totalXp(3, 10)).toBe(100 + 300 + 10);
  });

  it('orders by (level, xp): the top of a level is below the next level', () => {
    for (let level = 1; level < 50; level += 1) expect(totalXp(level, xpToLeaveLevel(level) - 1)).toBeLessThan(totalXp(level + 1, 0));
  });

  it('equals the level-by-level sum up to the maximum level, so (level, xp) order is total XP order', () => {
    for (let level = 1; level <= 50; level += 1) expect(totalXp(level, 7)).toBe(totalXpBySteps(level, 7));
  });
});
