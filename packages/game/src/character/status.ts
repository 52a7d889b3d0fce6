import { minutesSeconds } from '../adventure/texts.ts';
import { LOCATIONS, type LocationId } from '../content/locations.ts';
import { toCoins, type Copper } from '../currency/copper.ts';
import { MAX_LEVEL, xpToLeaveLevel } from './leveling.ts';

/** What /status reads of a character, its vitals (mana regenerated, max health with gear) and its open adventure. */
export interface CharacterStatus {
  name: string;
  level: number;
  race: string;
  characterClass: string;
  xp: number;
  currentHealth: number;
  maxHealth: number;
  currentMana: number;
  maxMana: number;
  copper: Copper;
  casinoChips: number;
  /** The adventure in progress, with the time left until it returns; null when there is none. */
  adventure: { location: LocationId; level: number; remainingMs: number } | null;
}

/** Spec 02 §9 "Commands": the lines of /status (/s): level, XP, health, mana, money, chips and the adventure in progress. */
export function statusLines(status: CharacterStatus): string[] {
  const toNext = xpToLeaveLevel(status.level);
  const coins = toCoins(status.copper);
  const { adventure } = status;
  return [
    `${status.name} - level ${status.level} ${status.race} ${status.characterClass}`,
    status.level >= MAX_LEVEL ? `XP: ${status.xp} (maximum level)` : `XP: ${status.xp} / ${toNext} (${toNext - status.xp} to next level)`,
    `Health: ${status.currentHealth}/${status.maxHealth}`,
    `Mana: ${status.currentMana}/${status.maxMana}`,
    `Gold: ${coins.gold}g ${coins.silver}s ${coins.copper}c`,
    `Chips: ${status.casinoChips}`,
    adventure
      ? `Adventure: ${LOCATIONS[adventure.location].name} level ${adventure.level}, returning in ${minutesSeconds(adventure.remainingMs)}`
      : 'Adventure: none',
  ];
}
