import { describe, expect, it } from 'vitest';
import { hasManaClass, MANA_CLASSES } from '../character/leveling.ts';
import { CLASSES } from '../types.ts';
import { CLASS_DEFINITIONS, COMBAT_MANA_CLASSES, isCharacterClass, usesManaInCombat } from './classes.ts';

describe('classes (spec 01 §3, DECISIONS §2)', () => {
  it('refuses anything that is not one of the 12 class ids', () => {
    expect(isCharacterClass('druid')).toBe(false);
    expect(isCharacterClass('Warrior')).toBe(false);
    expect(isCharacterClass(null)).toBe(false);
  });

  it('has exactly the 12 classes, each keyed by its own id', () => {
    expect(Object.keys(CLASS_DEFINITIONS).sort()).toEqual([...CLASSES].sort());
    for (const characterClass of CLASSES) {
      expect(isCharacterClass(characterClass)).toBe(true);
      expect(CLASS_DEFINITIONS[characterClass].id).toBe(characterClass);
      expect(CLASS_DEFINITIONS[characterClass].description.length).toBeGreaterThan(20);
    }
  });

  it('uses the creation table bonuses, not the shorter sheet table', () => {
    const bonuses = Object.fromEntries(CLASSES.map((c) => [c, CLASS_DEFINITIONS[c].bonuses]));
    expect(bonuses).toEqual({
      warrior: { strength: 2, constitution: 1, speed: -1 },
      mage: { intelligence: 3 },
      rogue: { dexterity: 2, speed: 1 },
      cleric: { constitution: 2, intelligence: 1 },
      ranger: { dexterity: 2, intelligence: 1 },
      paladin: { strength: 2, defense: 2 },
      necromancer: { intelligence: 3, constitution: -1 },
      berserker: { strength: 3 },
      monk: { speed: 2, constitution: 1 },
      summoner: { intelligence: 2, magicPower: 1 },
      alchemist: { intelligence: 1, constitution: 1 },
      bard: { strength: 1, dexterity: 1, intelligence: 1, constitution: 1 },
    });
  });

  it('lists the abilities, restrictions and allowed gear of the table', () => {
    const rows = Object.fromEntries(
      CLASSES.map((c) => {
        const { name, abilities, restriction, allowedGear } = CLASS_DEFINITIONS[c];
        return [c, [name, abilities, restriction, allowedGear]];
      }),
    );
    expect(rows).toEqual({
      warrior: ['Warrior', ['Melee Mastery'], 'Limited magic', ['heavy armor', 'melee weapons', 'shields']],
      mage: ['Mage', ['Spellcasting'], 'No heavy armor', ['light armor', 'staves', 'wands']],
      rogue: ['Rogue', ['Dual Wielding', 'Steal'], 'Low base defense', ['light armor', 'daggers', 'bows']],
      cleric: ['Cleric', ['Healing'], 'Cannot dual-wield', ['medium armor', 'maces', 'shields']],
      ranger: ['Ranger', ['Ranged Mastery'], 'No melee specialization', ['medium armor', 'bows', 'spears']],
      paladin: ['Paladin', ['Holy Magic'], 'No dark magic', ['heavy armor', 'maces', 'swords', 'shields']],
      necromancer: ['Necromancer', ['Raise Undead'], 'No holy gear', ['light armor', 'staves', 'daggers']],
      berserker: ['Berserker', ['Rage'], 'Cannot block or parry', ['medium armor', 'two-handed weapons', 'axes']],
      monk: ['Monk', ['Martial Arts'], 'Cannot use weapons', ['light armor', 'fist weapons']],
      summoner: ['Summoner', ['Summon Creature'], 'Fragile', ['light armor', 'wands', 'staves']],
      alchemist: ['Alchemist', ['Potion Crafting'], 'Weaker attack', ['light armor', 'throw weapons', 'daggers']],
      bard: ['Bard', ['Inspiration'], 'Gear costs more', ['light armor', 'musical instruments', 'light weapons']],
    });
  });
});

describe('mana classes (spec 01 §3, spec 02 §9)', () => {
  it('gives starting mana to mage, necromancer and summoner only, as leveling does', () => {
    const manaUsers = CLASSES.filter((c) => CLASS_DEFINITIONS[c].usesMana);
    expect(manaUsers).toEqual(['mage', 'necromancer', 'summoner']);
    for (const c of CLASSES) expect(CLASS_DEFINITIONS[c].usesMana).toBe(hasManaClass(c));
    expect([...MANA_CLASSES].sort()).toEqual(manaUsers);
  });

  it('adds cleric to the classes that use mana in combat', () => {
    expect([...COMBAT_MANA_CLASSES].sort()).toEqual(['cleric', 'mage', 'necromancer', 'summoner']);
    expect(CLASSES.filter(usesManaInCombat)).toEqual(['mage', 'cleric', 'necromancer', 'summoner']);
    expect(usesManaInCombat('warrior')).toBe(false);
  });
});
