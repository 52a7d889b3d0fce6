import { copper, type Copper } from '../currency/copper.ts';
import { BASE_DURATION_MINUTES } from './duration.ts';

/**
 * Gear wears on the road (docs/decisions/economy.md, "Sinks"). Every adventure
 * costs repairs of 1% of the equipped gear's price per hour of the adventure's base
 * duration (spec 02 §9's table, whatever the time scale or speed gear), won or lost, rounded
 * up; a character pays what it holds at most, never going below 0. The sink grows with what a
 * character wears, so a rich level-50 character's wealth stops growing.
 */
export const GEAR_UPKEEP_PER_HOUR = 0.01;

/** The repair bill of one adventure of `level` for the equipped gear. */
export function gearUpkeep(equipped: readonly { price?: number }[], level: number): Copper {
  const minutes = BASE_DURATION_MINUTES[level - 1] ?? 0;
  const value = equipped.reduce((sum, item) => sum + Math.max(0, item.price ?? 0), 0);
  return copper(Math.ceil((value * GEAR_UPKEEP_PER_HOUR * minutes) / 60));
}
