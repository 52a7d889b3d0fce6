import { RACES, type Race, type UpgradableAttribute } from '../types.ts';

/**
 * What a race or class adds to (or takes from) a new character's attributes.
 * Attributes not listed get nothing.
 */
export type AttributeBonuses = Readonly<Partial<Record<UpgradableAttribute, number>>>;

export interface RaceDefinition {
  id: Race;
  /** The name shown on the creation screen and the character sheet. */
  name: string;
  bonuses: AttributeBonuses;
  abilities: readonly string[];
  /** The race's drawback, or null when it has none. */
  restriction: string | null;
  /** One or two sentences for the creation screen's information panel. */
  description: string;
}

/**
 * Spec 01 §3 "Races (10)": the creation table, which DECISIONS §2 makes the
 * one table everywhere (the character sheet shows the same values).
 */
export const RACE_DEFINITIONS: Readonly<Record<Race, RaceDefinition>> = {
  elf: {
    id: 'elf',
    name: 'Elf',
    bonuses: { dexterity: 2, intelligence: 1 },
    abilities: ['Night Vision', 'Magic Affinity'],
    restriction: null,
    description: 'Long-lived wanderers of the old forests, quick of hand and keen of mind. Elves see by starlight and take to magic as others take to walking.',
  },
  dwarf: {
    id: 'dwarf',
    name: 'Dwarf',
    bonuses: { constitution: 2, strength: 1 },
    abilities: ['Poison Resistance', 'Crafting Expertise'],
    restriction: null,
    description: 'Stout folk of the mountain halls who shrug off poison and ale alike. No one works metal and stone better than a dwarf.',
  },
  human: {
    id: 'human',
    name: 'Human',
    bonuses: { strength: 1, dexterity: 1, intelligence: 1, constitution: 1 },
    abilities: ['Balanced Versatility'],
    restriction: null,
    description: 'Ambitious and adaptable, humans are found in every trade and on every road. They are a little good at everything.',
  },
  orc: {
    id: 'orc',
    name: 'Orc',
    bonuses: { strength: 3, intelligence: -1 },
    abilities: ['Rage Mode'],
    restriction: 'Cannot use advanced magic',
    description: 'Towering warriors from the badlands whose fury turns the tide of any brawl. Subtle arts come hard to them.',
  },
  goblin: {
    id: 'goblin',
    name: 'Goblin',
    bonuses: { dexterity: 2, constitution: -1 },
    abilities: ['Trap Sense'],
    restriction: 'Low HP growth',
    description: 'Small, sly and nimble, goblins smell a trap long before they step in one. What they lack in toughness they make up in cunning.',
  },
  troll: {
    id: 'troll',
    name: 'Troll',
    bonuses: { constitution: 3, dexterity: -1 },
    abilities: ['Health Regen'],
    restriction: 'Slow speed',
    description: 'Hulking swamp-dwellers whose wounds close almost as fast as they are dealt. They are never in a hurry.',
  },
  dragonkin: {
    id: 'dragonkin',
    name: 'Dragonkin',
    bonuses: { strength: 2, magicPower: 1 },
    abilities: ['Fire Breath'],
    restriction: 'Weak to ice',
    description: 'Scaled descendants of the ancient dragons, with fire in their lungs and pride in their blood. The cold saps their strength.',
  },
  fae: {
    id: 'fae',
    name: 'Fae',
    bonuses: { intelligence: 2, speed: 1 },
    abilities: ['Flight Dash'],
    restriction: 'Fragile defense',
    description: 'Winged spirits of the twilight courts, bright of wit and swift on the wind. A solid blow hurts them more than most.',
  },
  undead: {
    id: 'undead',
    name: 'Undead',
    bonuses: { defense: 2, constitution: -2 },
    abilities: ['Immune to Poison'],
    restriction: 'Cannot be healed normally',
    description: 'Souls who refused to stay in the grave, hard to wound and harder to kill. Ordinary healing does little for flesh that is already dead.',
  },
  lizardfolk: {
    id: 'lizardfolk',
    name: 'Lizardfolk',
    bonuses: { dexterity: 1, constitution: 1 },
    abilities: ['Amphibious Movement'],
    restriction: 'Weak to fire',
    description: 'Patient hunters of the marshes, as much at home under the water as above it. Flame is their old enemy.',
  },
};

export function isRace(value: unknown): value is Race {
  return typeof value === 'string' && (RACES as readonly string[]).includes(value);
}
