import { describe, expect, it } from 'vitest';
import { gainXp, MAX_LEVEL, xpToLeaveLevel, type LevelState } from './leveling.ts';

const base = (characterClass: LevelState['characterClass'], over: Partial<LevelState> = {}): LevelState => ({
  level: 1,
  xp: 0,
  characterClass,
  attributes: { health: 10, currentHealth: 10, maxHealth: 10, currentMana: 0, maxMana: characterClass === 'mage' ? 10 : 0 },
  ...over,
});

describe('experience (spec 02 §9, DECISIONS §3)', () => {
  it('needs 250 n (n+1) XP to leave level n', () => {
    expect(xpToLeaveLevel(1)).toBe(500);
    expect(xpToLeaveLevel(2)).toBe(1500);
    expect(xpToLeaveLevel(10)).toBe(27500);
    for (let n = 1; n < 20; n++) {
      let sum = 0;
      for (let k = 1; k <= n; k++) sum += 500 * k;
      expect(xpToLeaveLevel(n)).toBe(sum);
    }
  });

  it('refuses a negative or fractional gain', () => {
    expect(() => gainXp(base('warrior'), -1)).toThrow(RangeError);
    expect(() => gainXp(base('warrior'), 1.5)).toThrow(RangeError);
  });

  it('keeps the level below the requirement', () => {
    const { state, levelsGained } = gainXp(base('warrior'), 499);
    expect(levelsGained).toBe(0);
    expect(state).toMatchObject({ level: 1, xp: 499 });
  });

  it('loops through several levels, subtracting each requirement, +5 max health each', () => {
    const { state, levelsGained } = gainXp(base('warrior'), 500 + 1500 + 10);
    expect(levelsGained).toBe(2);
    expect(state.level).toBe(3);
    expect(state.xp).toBe(10);
    expect(state.attributes.maxHealth).toBe(20);
    expect(state.attributes.maxMana).toBe(0);
  });

  it('gives mana classes +5 max mana and restores half of max mana, capped', () => {
    const start = base('mage', { attributes: { health: 10, currentHealth: 10, maxHealth: 10, currentMana: 2, maxMana: 10 } });
    const { state } = gainXp(start, 500);
    expect(state.attributes.maxMana).toBe(15);
    expect(state.attributes.currentMana).toBe(2 + 7);
    const full = gainXp(base('mage', { attributes: { health: 10, currentHealth: 10, maxHealth: 10, currentMana: 10, maxMana: 10 } }), 500).state;
    expect(full.attributes.currentMana).toBe(15);
  });

  it('stops at the maximum level', () => {
    const { state } = gainXp(base('warrior', { level: MAX_LEVEL }), 10_000_000);
    expect(state.level).toBe(MAX_LEVEL);
    expect(state.xp).toBe(10_000_000);
  });
});
