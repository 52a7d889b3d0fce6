import type { Biome } from '../types.ts';
import type { Discovery } from './events.ts';

/**
 * The rare adventure outcomes behind the hidden exploration achievements (maintainers:
 * docs/maintainers/secrets.md). Only a won adventure discovers anything; `roll` is one draw
 * in [0, 1) from a generator of its own, so the fight and the drops are not changed.
 */
export const DISCOVERY_CHANCE: Readonly<Record<Discovery, number>> = {
  'hidden-grove': 0.03,
  mountaintop: 0.1,
  depths: 0.1,
};
/** The summit and the depths are only found on the hardest paths. */
export const DISCOVERY_MIN_LEVEL = 8;

export function rollDiscovery(adventure: { location: Biome; level: number; won: boolean }, roll: number): Discovery | null {
  if (!adventure.won) return null;
  const { location, level } = adventure;
  if (location === 'forest') return roll < DISCOVERY_CHANCE['hidden-grove'] ? 'hidden-grove' : null;
  if (location === 'ice' && level >= DISCOVERY_MIN_LEVEL) return roll < DISCOVERY_CHANCE.mountaintop ? 'mountaintop' : null;
  if (location === 'caves' && level >= DISCOVERY_MIN_LEVEL) return roll < DISCOVERY_CHANCE.depths ? 'depths' : null;
  return null;
}

/** The console line of a discovery, shown with the adventure's return. */
export const DISCOVERY_MESSAGES: Readonly<Record<Discovery, string>> = {
  'hidden-grove': 'Off the beaten path you find a silent grove that is on no map.',
  mountaintop: 'Past the last marker you climb until there is only sky: the frozen summit.',
  depths: 'A draught pulls you down a forgotten shaft to the very bottom of the caves.',
};
