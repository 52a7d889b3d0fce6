import { describe, expect, it } from 'vitest';
import { gainXp, legacyXpToLeaveLevel, MAX_LEVEL, migrateLevelXp, xpToLeaveLevel, xpToReachLevel, type LevelState } from './leveling.ts';

const base = (characterClass: LevelState['characterClass'], over: Partial<LevelState> = {}): LevelState => ({
  level: 1,
  xp: 0,
  characterClass,
  attributes: { health: 10, currentHealth: 10, maxHealth: 10, currentMana: 0, maxMana: characterClass === 'mage' ? 10 : 0 },
  ...over,
});

describe('experience (spec 02 §9, DECISIONS §3)', () => {
  it('needs 50 n (n+1) XP to leave level n below 10, then hours x XP per hour (issue 42, in place of spec 02 §9 250 n (n+1))', () => {
    expect(xpToLeaveLevel(1)).toBe(100);
    expect(xpToLeaveLevel(2)).toBe(300);
    expect(xpToLeaveLevel(9)).toBe(4_500);
    // 2 hours at 3,900 XP an hour; 3 hours at 3,900 x 1.3; 9.8 hours at 3,900 x 1.3^7.8.
    expect(xpToLeaveLevel(10)).toBe(7_800);
    expect(xpToLeaveLevel(15)).toBe(15_200);
    expect(xpToLeaveLevel(49)).toBe(295_800);
    for (let n = 1; n < 50; n++) expect(xpToLeaveLevel(n + 1)).toBeGreaterThan(xpToLeaveLevel(n));
    expect(xpToReachLevel(10)).toBe(16_500);
    expect(legacyXpToLeaveLevel(10)).toBe(27_500);
  });

  it('maps an old level and XP onto the new table: the level stays, the share of the level too (issue 42)', () => {
    expect(migrateLevelXp(1, 250)).toEqual({ level: 1, xp: 50 });
    expect(migrateLevelXp(10, 27_499)).toEqual({ level: 10, xp: 7_799 });
    expect(migrateLevelXp(10, 0)).toEqual({ level: 10, xp: 0 });
    expect(migrateLevelXp(49, 2 * legacyXpToLeaveLevel(49))).toEqual({ level: 49, xp: xpToLeaveLevel(49) - 1 });
    expect(migrateLevelXp(MAX_LEVEL, 123_456)).toEqual({ level: MAX_LEVEL, xp: 123_456 });
  });

  it('refuses a negative or fractional gain', () => {
    expect(() => gainXp(base('warrior'), -1)).toThrow(RangeError);
    expect(() => gainXp(base('warrior'), 1.5)).toThrow(RangeError);
  });

  it('keeps the level below the requirement', () => {
    const { state, levelsGained } = gainXp(base('warrior'), 99);
    expect(levelsGained).toBe(0);
    expect(state).toMatchObject({ level: 1, xp: 99 });
  });

  it('loops through several levels, subtracting each requirement, +5 max health each', () => {
    const { state, levelsGained } = gainXp(base('warrior'), 100 + 300 + 10);
    expect(levelsGained).toBe(2);
    expect(state.level).toBe(3);
    expect(state.xp).toBe(10);
    expect(state.attributes.maxHealth).toBe(20);
    expect(state.attributes.maxMana).toBe(0);
  });

  it('gives mana classes +5 max mana and restores half of max mana, capped', () => {
    const start = base('mage', { attributes: { health: 10, currentHealth: 10, maxHealth: 10, currentMana: 2, maxMana: 10 } });
    const { state } = gainXp(start, 100);
    expect(state.attributes.maxMana).toBe(15);
    expect(state.attributes.currentMana).toBe(2 + 7);
    const full = gainXp(base('mage', { attributes: { health: 10, currentHealth: 10, maxHealth: 10, currentMana: 10, maxMana: 10 } }), 100).state;
    expect(full.attributes.currentMana).toBe(15);
  });

  it('stops at the maximum level', () => {
    const { state } = gainXp(base('warrior', { level: MAX_LEVEL }), 10_000_000);
    expect(state.level).toBe(MAX_LEVEL);
    expect(state.xp).toBe(10_000_000);
  });
});
