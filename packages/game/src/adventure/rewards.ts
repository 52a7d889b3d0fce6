import { LOCATIONS, type LocationId } from '../content/locations.ts';
import { copper, type Copper } from '../currency/copper.ts';
import type { Rng } from '../rng.ts';

/**
 * XP base by adventure level 1..10 (docs/decisions/adventures.md, "Health, mana and
 * rewards"), departing from spec 02 §9's 50 ... 2,000, under which the one-minute level 1 paid
 * 3-10 times the XP per hour of any other: here an hour of forest pays 3,000 XP at level 1
 * and about 30% more at each level above (3,900 at 2 ... 30,000 at 10).
 */
export const XP_BASE: readonly number[] = [50, 1_300, 2_500, 4_300, 7_000, 11_000, 17_500, 27_000, 40_000, 60_000];
/**
 * Currency base in copper by adventure level 1..10 (docs/decisions/adventures.md,
 * "Health, mana and rewards"), departing from spec 02 §9's 80 ... 2,500: copper per hour of forest
 * rises with the level (720 at level 1 ... 9,000 at 10) instead of falling from 4,800 to 1,250.
 */
export const COPPER_BASE: readonly number[] = [12, 300, 650, 1_200, 2_000, 3_200, 5_250, 8_250, 12_250, 18_000];
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
