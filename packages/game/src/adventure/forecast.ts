import { winChance, type CombatStats } from '../combat/winChance.ts';
import type { Enemy } from '../content/enemies.ts';
import { LOCATIONS, type LocationId } from '../content/locations.ts';
import type { LandConditions } from '../world/clock.ts';
import { statsInConditions } from './complete.ts';
import { COPPER_BASE, XP_BASE, rewardRange } from './rewards.ts';
import { gearUpkeep } from './upkeep.ts';

const MS_PER_HOUR = 3_600_000;

export interface ForecastInput {
  location: LocationId;
  level: number;
  enemy: Enemy;
  /** The character's fight stats (combatStatsOf: health when setting out included). */
  stats: CombatStats;
  /** The adventure's duration as the launcher shows it (after speed gear and RPG_TIME_SCALE). */
  durationMs: number;
  /** The equipped gear's prices (the repairs, gearUpkeep). */
  equipped?: readonly { price?: number }[];
  /** The land's conditions if it set out now (worldAt); none: no world. */
  conditions?: Pick<LandConditions, 'winChance' | 'rewardMultiplier'>;
}

export interface AdventureForecast {
  /** The chance to win now: health, gear, spells, skills and the land's conditions, clamped. */
  winChance: number;
  /** Expected XP per hour of the shown duration: win chance x the mean XP reward (with the world's multiplier). */
  xpPerHour: number;
  /** Expected copper per hour of the shown duration: win chance x the mean copper reward, less the gear's repairs (paid won or lost). */
  copperPerHour: number;
}

const mean = ([min, max]: [number, number]) => (min + max) / 2;

/**
 * Issue 42 point 6 ("players see why"): what one adventure is worth if it set out now, the
 * same rules completeAdventure settles it with: the win chance (statsInConditions, winChance),
 * the reward ranges (rewardRange, drawn uniformly, so their mean), the world's reward
 * multiplier and the repairs (gearUpkeep). Expected values per hour, rounded to whole numbers.
 */
export function adventureForecast({ location, level, enemy, stats, durationMs, equipped = [], conditions }: ForecastInput): AdventureForecast {
  if (!Number.isInteger(level) || XP_BASE[level - 1] === undefined) throw new RangeError(`adventure level must be an integer 1..10, got ${level}`);
  if (!(durationMs > 0)) throw new RangeError(`duration must be positive, got ${durationMs}`);
  const chance = winChance(statsInConditions(stats, conditions), enemy);
  const multiplier = LOCATIONS[location].rewardMultiplier;
  const boost = conditions?.rewardMultiplier ?? 1;
  const xp = mean(rewardRange(XP_BASE[level - 1]!, multiplier)) * boost;
  const coins = mean(rewardRange(COPPER_BASE[level - 1]!, multiplier)) * boost;
  const perHour = MS_PER_HOUR / durationMs;
  return {
    winChance: chance,
    xpPerHour: Math.round(chance * xp * perHour),
    copperPerHour: Math.round((chance * coins - gearUpkeep(equipped, level)) * perHour),
  };
}
