import { describe, expect, it } from 'vitest';
import { enemyFor, type Enemy } from '../content/enemies.ts';
import { COMBAT_MANA_CLASSES } from '../content/classes.ts';
import { startingAttributes } from '../character/newCharacter.ts';
import { advantage, combatStatsOf, winChance, winChanceTerms, woundTerm, type CombatStats } from './winChance.ts';

const enemy: Enemy = { id: 'dummy', name: 'Dummy', location: 'forest', level: 1, hp: 10, attack: 10, defense: 10, speed: 10 };
const even: CombatStats = { attack: 10, defense: 10, speed: 10, magicPower: 10, maxHealth: 10, characterClass: 'warrior' };

describe('win chance (spec 02 §9 Combat, DECISIONS §2)', () => {
  it('clamps to 0.1 at worst and 0.95 at best', () => {
    expect(winChance({ ...even, attack: 0, defense: 0, speed: 0 }, enemy)).toBe(0.1);
    expect(winChance({ ...even, attack: 0, defense: 0, speed: 0, bonusWinChance: 0.15 }, enemy)).toBeCloseTo(0.25, 12);
    expect(winChance({ ...even, attack: -5, defense: 0, speed: 0, characterClass: 'mage', magicPower: 0 }, enemy)).toBe(0.1);
    expect(winChance({ ...even, attack: 1000, defense: 1000, speed: 1000, characterClass: 'mage', magicPower: 1000 }, enemy)).toBe(0.95);
  });

  it('measures advantage as (mine - theirs) / max(mine, theirs), in [-1, 1]', () => {
    expect(advantage(10, 10)).toBe(0);
    expect(advantage(20, 10)).toBe(0.5);
    expect(advantage(5, 10)).toBe(-0.5);
    expect(advantage(0, 10)).toBe(-1);
    expect(advantage(-4, 10)).toBe(-1);
    expect(advantage(40, 10)).toBe(0.75);
    expect(advantage(0, 0)).toBe(0);
  });

  it('starts at 0.5 for even stats and weighs attack 0.15, defense 0.15, speed 0.1', () => {
    expect(winChance(even, enemy)).toBe(0.5);
    expect(winChanceTerms({ ...even, attack: 20 }, enemy).attack).toBeCloseTo(0.075, 12);
    expect(winChanceTerms({ ...even, defense: 5 }, enemy).defense).toBeCloseTo(-0.075, 12);
    expect(winChanceTerms({ ...even, speed: 20 }, enemy).speed).toBeCloseTo(0.05, 12);
    expect(winChance({ ...even, attack: 20, defense: 5, speed: 20 }, enemy)).toBeCloseTo(0.55, 12);
  });

  it('counts magic (0.1 x a non-negative advantage over enemy defense) only for mage, necromancer, summoner, cleric', () => {
    expect([...COMBAT_MANA_CLASSES].sort()).toEqual(['cleric', 'mage', 'necromancer', 'summoner']);
    for (const characterClass of COMBAT_MANA_CLASSES) {
      expect(winChanceTerms({ ...even, magicPower: 20, characterClass }, enemy).magic).toBeCloseTo(0.05, 12);
      expect(winChanceTerms({ ...even, magicPower: 2, characterClass }, enemy).magic).toBe(0);
    }
    expect(winChanceTerms({ ...even, magicPower: 40, characterClass: 'warrior' }, enemy).magic).toBe(0);
    expect(winChanceTerms({ ...even, magicPower: 40, characterClass: 'paladin' }, enemy).magic).toBe(0);
  });

  it('adds spell win chance and shield defense', () => {
    expect(winChance({ ...even, bonusWinChance: 0.08 }, enemy)).toBeCloseTo(0.58, 12);
    expect(winChanceTerms({ ...even, bonusDefense: 10 }, enemy).defense).toBeCloseTo(0.075, 12);
  });

  it('derives combat stats from attributes, their primaries, gear and pending spells', () => {
    const stats = combatStatsOf({
      characterClass: 'mage',
      attributes: { strength: 5, dexterity: 6, intelligence: 7, constitution: 5, attack: 1, defense: 0, speed: -1, magicPower: 2, maxHealth: 15 },
      equipped: [{ stats: { attack: 3, speed: 2 } }, { stats: { defense: 4, health: 6 } }],
      effects: { bonusWinChance: 0.05, bonusDefense: 5 },
    });
    expect(stats).toEqual({
      attack: 9,
      defense: 9,
      speed: 7,
      magicPower: 9,
      maxHealth: 21,
      characterClass: 'mage',
      bonusWinChance: 0.05,
      bonusDefense: 5,
    });
  });

  it('gives a fresh level-1 warrior a good chance in forest level 1', () => {
    const warrior = combatStatsOf({
      characterClass: 'warrior',
      attributes: { strength: 7, dexterity: 5, intelligence: 5, constitution: 6, attack: 0, defense: 0, speed: -1, magicPower: 0, maxHealth: 16 },
    });
    // attack 7 vs 3, defense 6 vs 1, speed 4 vs 2
    expect(winChance(warrior, enemyFor('forest', 1)!)).toBeCloseTo(0.5 + 0.15 * (4 / 7) + 0.15 * (5 / 6) + 0.1 * 0.5, 12);
  });
});

describe('issue 42: a wounded character fights worse', () => {
  it('loses 0.3 x the share of max health missing, nothing at full health or when health is unknown', () => {
    expect(woundTerm({ maxHealth: 20, currentHealth: 20 })).toBe(0);
    expect(woundTerm({ maxHealth: 20, currentHealth: 10 })).toBe(-0.15);
    expect(woundTerm({ maxHealth: 20, currentHealth: 0 })).toBe(-0.3);
    expect(woundTerm({ maxHealth: 20 })).toBe(0);
  });

  it('counts current health from the attributes in the fight', () => {
    const attributes = startingAttributes('human', 'warrior');
    const enemy = enemyFor('volcano', 3)!;
    const full = winChanceTerms(combatStatsOf({ characterClass: 'warrior', attributes }), enemy);
    const hurt = winChanceTerms(combatStatsOf({ characterClass: 'warrior', attributes: { ...attributes, currentHealth: 1 } }), enemy);
    expect(full.wounds).toBe(0);
    expect(hurt.wounds).toBeLessThan(-0.25);
    expect(hurt.total).toBeLessThan(full.total - 0.2);
  });
});
