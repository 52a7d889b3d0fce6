import type { Recipe } from '../content/recipes.ts';
import { craftingBonuses } from './level.ts';

export const MINUTE_MS = 60_000;
/** Spec 02 §9: requiredLevel x 3 minutes before the speed bonus. */
export const MINUTES_PER_REQUIRED_LEVEL = 3;
/** Spec 02 §9: a craft never takes less than 1 minute (before the time scale). */
export const MIN_CRAFT_MINUTES = 1;

/**
 * Spec 02 §9: craft time = requiredLevel x 3 minutes less the speed bonus,
 * at least 1 minute, divided by the time scale (RPG_TIME_SCALE, DECISIONS §3),
 * rounded to whole milliseconds.
 */
export function craftDurationMs(recipe: Pick<Recipe, 'requiredLevel'>, craftingLevel: number, timeScale = 1): number {
  if (!Number.isFinite(timeScale) || timeScale <= 0) throw new RangeError(`timeScale must be a positive number, got ${timeScale}`);
  const { speedReduction } = craftingBonuses(craftingLevel);
  const baseMs = recipe.requiredLevel * MINUTES_PER_REQUIRED_LEVEL * MINUTE_MS;
  const reducedMs = Math.max(MIN_CRAFT_MINUTES * MINUTE_MS, (baseMs * (100 - speedReduction)) / 100);
  return Math.round(reducedMs / timeScale);
}
