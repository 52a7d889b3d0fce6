import { describe, expect, it } from 'vitest';
import type { Enemy } from '../content/enemies.ts';
import { createRng } from '../rng.ts';
import { applyHealthLoss, defenseRatio, healthLossFor, resolveFight } from './resolve.ts';
import { winChance, type CombatStats } from './winChance.ts';

const enemy: Enemy = { id: 'dummy', name: 'Dummy', location: 'forest', level: 1, hp: 10, attack: 10, defense: 10, speed: 10 };
const even: CombatStats = { attack: 10, defense: 10, speed: 10, magicPower: 10, maxHealth: 100, characterClass: 'warrior' };

describe('fight resolution (spec 02 §9 Combat)', () => {
  it('never takes health below 1 nor raises it', () => {
    expect(applyHealthLoss(3, 10)).toBe(1);
    expect(applyHealthLoss(1, 4)).toBe(1);
    expect(applyHealthLoss(10, 3)).toBe(7);
    expect(applyHealthLoss(0, 3)).toBe(0);
  });

  it('takes max(5%, 30% - 10% x defense ratio) of max health on a win, rounded up', () => {
    expect(healthLossFor(true, 100, 0)).toBe(30);
    expect(healthLossFor(true, 100, 1)).toBe(20);
    expect(healthLossFor(true, 100, 2)).toBe(10);
    expect(healthLossFor(true, 100, 2.5)).toBe(5);
    expect(healthLossFor(true, 100, 10)).toBe(5);
    expect(healthLossFor(true, 10, 0)).toBe(3);
    expect(healthLossFor(true, 10, 10)).toBe(1);
    expect(healthLossFor(true, 30, 2)).toBe(3);
  });

  it('takes max(10%, 40% - 5% x defense ratio) of max health on a loss, rounded up', () => {
    expect(healthLossFor(false, 100, 0)).toBe(40);
    expect(healthLossFor(false, 100, 1)).toBe(35);
    expect(healthLossFor(false, 100, 4)).toBe(20);
    expect(healthLossFor(false, 100, 6)).toBe(10);
    expect(healthLossFor(false, 100, 20)).toBe(10);
    expect(healthLossFor(false, 15, 0)).toBe(6);
  });

  it('measures the defense ratio with the shield, never below 0', () => {
    expect(defenseRatio({ ...even, defense: 5, bonusDefense: 15 }, enemy)).toBe(2);
    expect(defenseRatio({ ...even, defense: -3 }, enemy)).toBe(0);
    expect(defenseRatio(even, { ...enemy, defense: 0 })).toBe(10);
  });

  it('replays the same fight for the same seed', () => {
    const a = resolveFight(even, enemy, createRng('fight'));
    expect(resolveFight(even, enemy, createRng('fight'))).toEqual(a);
    expect(a.healthLoss).toBe(a.won ? 20 : 35);
    expect(a.winChance).toBe(0.5);
  });

  it('wins at the computed rate over 10,000 seeded fights, within 3 standard errors', () => {
    const lines: CombatStats[] = [
      { ...even, attack: 0, defense: 0, speed: 0 },
      even,
      { ...even, attack: 16, defense: 6, speed: 13, characterClass: 'mage', magicPower: 12, bonusWinChance: 0.05 },
      { ...even, attack: 30, defense: 25, speed: 20 },
      { ...even, attack: 1000, defense: 1000, speed: 1000, characterClass: 'cleric', magicPower: 1000 },
    ];
    const n = 10_000;
    lines.forEach((line, i) => {
      const p = winChance(line, enemy);
      const rng = createRng(`stat-${i}`);
      let wins = 0;
      for (let k = 0; k < n; k++) if (resolveFight(line, enemy, rng).won) wins++;
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(wins / n - p)).toBeLessThan(3 * se);
    });
  });
});
