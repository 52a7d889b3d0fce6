import { MANA_CLASSES } from '../character/leveling.ts';
import { CLASSES, type CharacterClass } from '../types.ts';
import type { AttributeBonuses } from './races.ts';

export interface ClassDefinition {
  id: CharacterClass;
  /** The name shown on the creation screen and the character sheet. */
  name: string;
  bonuses: AttributeBonuses;
  abilities: readonly string[];
  restriction: string;
  /** The kinds of gear the class is trained in, as shown in the class panel. */
  allowedGear: readonly string[];
  /** One or two sentences for the creation screen's information panel. */
  description: string;
  /** Starts with 10 mana and gains mana per level (spec 01 §3, spec 02 §4). */
  usesMana: boolean;
}

/**
 * Spec 01 §3 "Classes (12)": the creation table, which DECISIONS §2 makes the
 * one table everywhere (the character sheet shows the same values).
 */
export const CLASS_DEFINITIONS: Readonly<Record<CharacterClass, ClassDefinition>> = {
  warrior: {
    id: 'warrior',
    name: 'Warrior',
    bonuses: { strength: 2, constitution: 1, speed: -1 },
    abilities: ['Melee Mastery'],
    restriction: 'Limited magic',
    allowedGear: ['heavy armor', 'melee weapons', 'shields'],
    description: 'A master of blade and shield who stands in the front rank. Warriors trade a little speed for raw strength and staying power.',
    usesMana: false,
  },
  mage: {
    id: 'mage',
    name: 'Mage',
    bonuses: { intelligence: 3 },
    abilities: ['Spellcasting'],
    restriction: 'No heavy armor',
    allowedGear: ['light armor', 'staves', 'wands'],
    description: 'A scholar of the arcane who bends the elements to their will. Mages hit hard from afar but cannot bear heavy armor.',
    usesMana: true,
  },
  rogue: {
    id: 'rogue',
    name: 'Rogue',
    bonuses: { dexterity: 2, speed: 1 },
    abilities: ['Dual Wielding', 'Steal'],
    restriction: 'Low base defense',
    allowedGear: ['light armor', 'daggers', 'bows'],
    description: 'A quick and quiet opportunist with a blade in each hand. Rogues strike first and take what they please.',
    usesMana: false,
  },
  cleric: {
    id: 'cleric',
    name: 'Cleric',
    bonuses: { constitution: 2, intelligence: 1 },
    abilities: ['Healing'],
    restriction: 'Cannot dual-wield',
    allowedGear: ['medium armor', 'maces', 'shields'],
    description: 'A servant of the gods who mends wounds and steadies allies. Clerics are hardier than they look.',
    usesMana: false,
  },
  ranger: {
    id: 'ranger',
    name: 'Ranger',
    bonuses: { dexterity: 2, intelligence: 1 },
    abilities: ['Ranged Mastery'],
    restriction: 'No melee specialization',
    allowedGear: ['medium armor', 'bows', 'spears'],
    description: 'A tracker of the wild places who never misses a shot. Rangers keep their distance and their wits.',
    usesMana: false,
  },
  paladin: {
    id: 'paladin',
    name: 'Paladin',
    bonuses: { strength: 2, defense: 2 },
    abilities: ['Holy Magic'],
    restriction: 'No dark magic',
    allowedGear: ['heavy armor', 'maces', 'swords', 'shields'],
    description: 'A holy knight sworn to protect the weak. Paladins wear their faith as armor and wield it as a weapon.',
    usesMana: false,
  },
  necromancer: {
    id: 'necromancer',
    name: 'Necromancer',
    bonuses: { intelligence: 3, constitution: -1 },
    abilities: ['Raise Undead'],
    restriction: 'No holy gear',
    allowedGear: ['light armor', 'staves', 'daggers'],
    description: 'A dark scholar who commands the restless dead. Necromancers pay for their power with their own vitality.',
    usesMana: true,
  },
  berserker: {
    id: 'berserker',
    name: 'Berserker',
    bonuses: { strength: 3 },
    abilities: ['Rage'],
    restriction: 'Cannot block or parry',
    allowedGear: ['medium armor', 'two-handed weapons', 'axes'],
    description: 'A frenzied fighter who wins by hitting harder than anyone else. Berserkers never step back to block.',
    usesMana: false,
  },
  monk: {
    id: 'monk',
    name: 'Monk',
    bonuses: { speed: 2, constitution: 1 },
    abilities: ['Martial Arts'],
    restriction: 'Cannot use weapons',
    allowedGear: ['light armor', 'fist weapons'],
    description: 'A disciplined ascetic whose body is the only weapon needed. Monks move faster than the eye can follow.',
    usesMana: false,
  },
  summoner: {
    id: 'summoner',
    name: 'Summoner',
    bonuses: { intelligence: 2, magicPower: 1 },
    abilities: ['Summon Creature'],
    restriction: 'Fragile',
    allowedGear: ['light armor', 'wands', 'staves'],
    description: 'A caller of spirits and beasts who lets others do the fighting. Summoners are dangerous company but frail alone.',
    usesMana: true,
  },
  alchemist: {
    id: 'alchemist',
    name: 'Alchemist',
    bonuses: { intelligence: 1, constitution: 1 },
    abilities: ['Potion Crafting'],
    restriction: 'Weaker attack',
    allowedGear: ['light armor', 'throw weapons', 'daggers'],
    description: 'A brewer of potions and volatile mixtures. Alchemists solve problems with the right flask rather than the sharpest blade.',
    usesMana: false,
  },
  bard: {
    id: 'bard',
    name: 'Bard',
    bonuses: { strength: 1, dexterity: 1, intelligence: 1, constitution: 1 },
    abilities: ['Inspiration'],
    restriction: 'Gear costs more',
    allowedGear: ['light armor', 'musical instruments', 'light weapons'],
    description: 'A travelling performer whose songs lift the spirits of every companion. Bards dabble in everything and pay a little extra for their finery.',
    usesMana: false,
  },
};

/**
 * Spec 02 §9: the classes that fight with mana. Cleric casts in combat even
 * though it does not start with mana (spec 01 §3 names only mage,
 * necromancer and summoner, which are `usesMana` above).
 */
export const COMBAT_MANA_CLASSES: readonly CharacterClass[] = [...MANA_CLASSES, 'cleric'];

export function usesManaInCombat(characterClass: CharacterClass): boolean {
  return COMBAT_MANA_CLASSES.includes(characterClass);
}

export function isCharacterClass(value: unknown): value is CharacterClass {
  return typeof value === 'string' && (CLASSES as readonly string[]).includes(value);
}
