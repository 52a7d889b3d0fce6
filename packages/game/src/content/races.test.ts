import { describe, expect, it } from 'vitest';
import { RACES } from '../types.ts';
import { isRace, RACE_DEFINITIONS } from './races.ts';

describe('races (spec 01 §3, DECISIONS §2)', () => {
  it('refuses anything that is not one of the 10 race ids', () => {
    expect(isRace('wizard')).toBe(false);
    expect(isRace('Elf')).toBe(false);
    expect(isRace('')).toBe(false);
    expect(isRace(undefined)).toBe(false);
    expect(isRace(3)).toBe(false);
  });

  it('has exactly the 10 races, each keyed by its own id', () => {
    expect(Object.keys(RACE_DEFINITIONS).sort()).toEqual([...RACES].sort());
    for (const race of RACES) {
      expect(isRace(race)).toBe(true);
      expect(RACE_DEFINITIONS[race].id).toBe(race);
      expect(RACE_DEFINITIONS[race].description.length).toBeGreaterThan(20);
    }
  });

  it('uses the creation table bonuses', () => {
    const bonuses = Object.fromEntries(RACES.map((race) => [race, RACE_DEFINITIONS[race].bonuses]));
    expect(bonuses).toEqual({
      elf: { dexterity: 2, intelligence: 1 },
      dwarf: { constitution: 2, strength: 1 },
      human: { strength: 1, dexterity: 1, intelligence: 1, constitution: 1 },
      orc: { strength: 3, intelligence: -1 },
      goblin: { dexterity: 2, constitution: -1 },
      troll: { constitution: 3, dexterity: -1 },
      dragonkin: { strength: 2, magicPower: 1 },
      fae: { intelligence: 2, speed: 1 },
      undead: { defense: 2, constitution: -2 },
      lizardfolk: { dexterity: 1, constitution: 1 },
    });
  });

  it('lists the abilities and restrictions of the table', () => {
    const rows = Object.fromEntries(
      RACES.map((race) => [race, [RACE_DEFINITIONS[race].name, RACE_DEFINITIONS[race].abilities, RACE_DEFINITIONS[race].restriction]]),
    );
    expect(rows).toEqual({
      elf: ['Elf', ['Night Vision', 'Magic Affinity'], null],
      dwarf: ['Dwarf', ['Poison Resistance', 'Crafting Expertise'], null],
      human: ['Human', ['Balanced Versatility'], null],
      orc: ['Orc', ['Rage Mode'], 'Cannot use advanced magic'],
      goblin: ['Goblin', ['Trap Sense'], 'Low HP growth'],
      troll: ['Troll', ['Health Regen'], 'Slow speed'],
      dragonkin: ['Dragonkin', ['Fire Breath'], 'Weak to ice'],
      fae: ['Fae', ['Flight Dash'], 'Fragile defense'],
      undead: ['Undead', ['Immune to Poison'], 'Cannot be healed normally'],
      lizardfolk: ['Lizardfolk', ['Amphibious Movement'], 'Weak to fire'],
    });
  });
});
