import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_DIFFICULTIES, achievementById } from '../content/achievements.ts';
import { BATTLE_PASS_REWARDS, BATTLE_PASS_THRESHOLDS } from '../content/battlePass.ts';
import { levelForPoints, levelsGained, pointsToNextLevel } from './level.ts';

describe('spec 03 §3 the achievement catalogue', () => {
  it('holds 56 achievements with unique ids, the spec categories and difficulties', () => {
    expect(ACHIEVEMENTS).toHaveLength(56);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(56);
    for (const a of ACHIEVEMENTS) {
      expect(ACHIEVEMENT_CATEGORIES).toContain(a.category);
      expect(ACHIEVEMENT_DIFFICULTIES).toContain(a.difficulty);
    }
    expect(new Set(ACHIEVEMENTS.map((a) => a.category))).toEqual(new Set(ACHIEVEMENT_CATEGORIES));
  });

  it('uses the named ids and points; the rest are 5-100', () => {
    const named = { 'combat-first-blood': 5, 'combat-legend': 100, 'mastery-max-level': 150, 'collection-legendary-set': 150, 'special-100-percent': 200 };
    for (const [id, points] of Object.entries(named)) expect(achievementById(id)?.points).toBe(points);
    for (const a of ACHIEVEMENTS.filter((x) => !(x.id in named))) {
      expect(a.points).toBeGreaterThanOrEqual(5);
      expect(a.points).toBeLessThanOrEqual(100);
    }
    expect(achievementById('nope')).toBeUndefined();
  });

  it('hides the spec hidden ones', () => {
    const hidden = [
      'explore-secret-area',
      'hidden-easter-egg',
      'hidden-marathon',
      'hidden-master-trader',
      'hidden-charity',
      'hidden-night-owl',
      'explore-mountaintop',
      'explore-depths',
    ];
    expect(
      ACHIEVEMENTS.filter((a) => a.hidden)
        .map((a) => a.id)
        .sort(),
    ).toEqual(hidden.sort());
  });

  it('offers enough points to reach the last battle-pass level', () => {
    expect(ACHIEVEMENTS.reduce((sum, a) => sum + a.points, 0)).toBeGreaterThanOrEqual(3000);
  });
});

describe('spec 03 §4/§9 battle-pass levels and rewards', () => {
  it('has 15 thresholds 50 ... 950 (issue 42, in place of spec 03 §9 50 ... 3000) and rarities by level', () => {
    expect(BATTLE_PASS_THRESHOLDS).toEqual([50, 100, 150, 200, 275, 350, 425, 500, 600, 700, 750, 800, 850, 900, 950]);
    expect(BATTLE_PASS_REWARDS.map((r) => r.itemRarity)).toEqual([
      'common',
      'common',
      'common',
      'uncommon',
      'uncommon',
      'uncommon',
      'uncommon',
      'rare',
      'rare',
      'rare',
      'rare',
      'epic',
      'epic',
      'epic',
      'legendary',
    ]);
    expect(BATTLE_PASS_REWARDS[4]?.grant).toEqual({ kind: 'title', title: 'Explorer' });
    expect(BATTLE_PASS_REWARDS[12]?.grant).toEqual({ kind: 'title', title: 'Champion' });
    expect(new Set(BATTLE_PASS_REWARDS.map((r) => r.itemType))).toEqual(
      new Set(['pack', 'cloak', 'boots', 'charm', 'title', 'chest', 'medallion', 'crown', 'blade']),
    );
    for (const reward of BATTLE_PASS_REWARDS) if (reward.grant.kind === 'item') expect(reward.grant.item.tier).toBe(reward.itemRarity);
  });

  it('level is the highest threshold at or below the points; points to next is 0 at the top', () => {
    expect(levelForPoints(0)).toBe(0);
    expect(levelForPoints(49)).toBe(0);
    expect(levelForPoints(50)).toBe(1);
    expect(levelForPoints(949)).toBe(14);
    expect(levelForPoints(5000)).toBe(15);
    expect(pointsToNextLevel(0)).toBe(50);
    expect(pointsToNextLevel(60)).toBe(40);
    expect(pointsToNextLevel(950)).toBe(0);
    expect(levelsGained(45, 160)).toEqual([1, 2, 3]);
    expect(levelsGained(180, 180)).toEqual([]);
  });
});
