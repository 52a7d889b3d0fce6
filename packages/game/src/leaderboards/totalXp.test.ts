import { describe, expect, it } from 'vitest';
import { totalXp, totalXpBySteps } from './totalXp.ts';

describe('spec 03 §2 XP leaderboard value: total XP earned', () => {
  it('is the XP inside level 1, then adds 500, 1,500, ... for each level left', () => {
    expect(totalXp(1, 0)).toBe(0);
    expect(totalXp(1, 499)).toBe(499);
    expect(totalXp(2, 0)).toBe(500);
    expect(totalXp(3, 10)).toBe(500 + 1500 + 10);
  });

  it('equals the level-by-level sum up to the maximum level, so (level, xp) order is total XP order', () => {
    for (let level = 1; level <= 50; level += 1) expect(totalXp(level, 7)).toBe(totalXpBySteps(level, 7));
  });
});
