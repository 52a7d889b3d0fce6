import { LOCATIONS, type LocationId } from '../content/locations.ts';
import { copper, type Copper } from '../currency/copper.ts';
import type { Rng } from '../rng.ts';

/** Spec 02 §9 "Rewards": XP base by adventure level 1..10. */
export const XP_BASE: readonly number[] = [50, 100, 200, 350, 500, 700, 900, 1200, 1500, 2000];
/** Spec 02 §9 "Rewards": currency base in copper by adventure level 1..10. */
export const COPPER_BASE: readonly number[] = [80, 120, 180, 250, 350, 500, 700, 1000, 1500, 2500];
/** Spec 02 §9: +-10% variance. */
export const REWARD_VARIANCE = 0.1;

export interface AdventureRewards {
  xp: number;
  copper: Copper;
}

/** The whole-number range a reward is drawn from: base x multiplier x (1 +- 10%), rounded. */
export function rewardRange(base: number, multiplier: number): [min: number, max: number] {
  const centre = base * multiplier;
  return [Math.round(centre * (1 - REWARD_VARIANCE)), Math.round(centre * (1 + REWARD_VARIANCE))];
}

function baseFor(table: readonly number[], level: number): number {
  const value = table[level - 1];
  if (!Number.isInteger(level) || value === undefined) throw new RangeError(`adventure level must be an integer 1..10, got ${level}`);
  return value;
}

/**
 * Spec 02 §9 "Rewards": XP and copper for a won adventure, each drawn
 * uniformly from its whole-number range (XP first, then copper).
 */
export function rollRewards(location: LocationId, level: number, rng: Rng): AdventureRewards {
  const multiplier = LOCATIONS[location].rewardMultiplier;
  const [xpMin, xpMax] = rewardRange(baseFor(XP_BASE, level), multiplier);
  const [cMin, cMax] = rewardRange(baseFor(COPPER_BASE, level), multiplier);
  return { xp: rng.int(xpMin, xpMax), copper: copper(rng.int(cMin, cMax)) };
}
