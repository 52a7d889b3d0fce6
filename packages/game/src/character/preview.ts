import { CLASS_DEFINITIONS } from '../content/classes.ts';
import { RACE_DEFINITIONS } from '../content/races.ts';
import { UPGRADABLE_ATTRIBUTES, type CharacterClass, type Race, type UpgradableAttribute } from '../types.ts';

/** Spec 01 §3 / §9: strength, dexterity, intelligence and constitution start at 5. */
export const BASE_PRIMARY_ATTRIBUTE = 5;
/** Spec 01 §3 "Combined stats preview": Health = 10 + constitution. */
export const BASE_HEALTH = 10;
/** Spec 01 §3 / §9: mage, necromancer and summoner start with 10 current and 10 max mana. */
export const STARTING_MANA = 10;

const PRIMARY = new Set<UpgradableAttribute>(['strength', 'dexterity', 'intelligence', 'constitution']);

/** The combined stats of a race and class pair before anything else touches them. */
export type StatsPreview = Record<UpgradableAttribute, number> & {
  /** 10 + constitution: the new character's max (and current) health. */
  health: number;
  /** 10 for a mana class, else 0. */
  mana: number;
};

/**
 * Spec 01 §3 "Combined stats preview": base 5 for the four primaries (0 for
 * attack, magic power, speed and defense) plus the race and class bonuses;
 * Health = 10 + constitution. Either choice may still be missing while the
 * player picks; a missing one adds nothing. The created character starts
 * from exactly these numbers (see newCharacter.ts).
 */
export function previewStats(race?: Race | null, characterClass?: CharacterClass | null): StatsPreview {
  const raceBonuses = race ? RACE_DEFINITIONS[race].bonuses : {};
  const classDefinition = characterClass ? CLASS_DEFINITIONS[characterClass] : undefined;
  const classBonuses = classDefinition?.bonuses ?? {};
  const stats = {} as Record<UpgradableAttribute, number>;
  for (const attribute of UPGRADABLE_ATTRIBUTES) {
    const base = PRIMARY.has(attribute) ? BASE_PRIMARY_ATTRIBUTE : 0;
    stats[attribute] = base + (raceBonuses[attribute] ?? 0) + (classBonuses[attribute] ?? 0);
  }
  return {
    ...stats,
    health: BASE_HEALTH + stats.constitution,
    mana: classDefinition?.usesMana ? STARTING_MANA : 0,
  };
}
