import { describe, expect, it } from 'vitest';
import { CLASS_DEFINITIONS } from '../content/classes.ts';
import { RACE_DEFINITIONS } from '../content/races.ts';
import { CLASSES, RACES } from '../types.ts';
import { previewStats } from './preview.ts';

const stats = (
  strength: number,
  dexterity: number,
  intelligence: number,
  constitution: number,
  attack: number,
  magicPower: number,
  speed: number,
  defense: number,
  health: number,
  mana: number,
) => ({ strength, dexterity, intelligence, constitution, attack, magicPower, speed, defense, health, mana });

describe('combined stats preview (spec 01 §3)', () => {
  it('shows the bare base while race and class are not picked yet', () => {
    expect(previewStats()).toEqual(stats(5, 5, 5, 5, 0, 0, 0, 0, 15, 0));
    expect(previewStats(null, null)).toEqual(stats(5, 5, 5, 5, 0, 0, 0, 0, 15, 0));
    expect(previewStats('troll')).toEqual(stats(5, 4, 5, 8, 0, 0, 0, 0, 18, 0));
    expect(previewStats(null, 'mage')).toEqual(stats(5, 5, 8, 5, 0, 0, 0, 0, 15, 10));
  });

  it('adds race and class bonuses to base 5, with Health = 10 + constitution', () => {
    expect(previewStats('human', 'warrior')).toEqual(stats(8, 6, 6, 7, 0, 0, -1, 0, 17, 0));
    expect(previewStats('elf', 'mage')).toEqual(stats(5, 7, 9, 5, 0, 0, 0, 0, 15, 10));
    expect(previewStats('undead', 'necromancer')).toEqual(stats(5, 5, 8, 2, 0, 0, 0, 2, 12, 10));
    expect(previewStats('dragonkin', 'summoner')).toEqual(stats(7, 5, 7, 5, 0, 2, 0, 0, 15, 10));
    expect(previewStats('fae', 'monk')).toEqual(stats(5, 5, 7, 6, 0, 0, 3, 0, 16, 0));
    expect(previewStats('troll', 'cleric')).toEqual(stats(5, 4, 6, 10, 0, 0, 0, 0, 20, 0));
    expect(previewStats('dwarf', 'paladin')).toEqual(stats(8, 5, 5, 7, 0, 0, 0, 2, 17, 0));
    expect(previewStats('orc', 'berserker')).toEqual(stats(11, 5, 4, 5, 0, 0, 0, 0, 15, 0));
  });

  it('agrees with the tables for every one of the 120 pairs', () => {
    for (const race of RACES) {
      for (const characterClass of CLASSES) {
        const preview = previewStats(race, characterClass);
        const r = RACE_DEFINITIONS[race].bonuses;
        const c = CLASS_DEFINITIONS[characterClass].bonuses;
        expect(preview.constitution).toBe(5 + (r.constitution ?? 0) + (c.constitution ?? 0));
        expect(preview.health).toBe(10 + preview.constitution);
        expect(preview.defense).toBe((r.defense ?? 0) + (c.defense ?? 0));
        expect(preview.mana).toBe(CLASS_DEFINITIONS[characterClass].usesMana ? 10 : 0);
      }
    }
  });
});
