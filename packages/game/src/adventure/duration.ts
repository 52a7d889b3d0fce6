import type { GearStats } from '../types.ts';

/** Spec 02 §9 / DECISIONS §2: base duration in minutes by adventure level 1..10 (the table wins). */
export const BASE_DURATION_MINUTES: readonly number[] = [1, 20, 30, 40, 50, 60, 75, 90, 105, 120];

/** Spec 02 §9: each point of an equipped item's speed stat shortens adventures by 2%. */
export const SPEED_REDUCTION_PERCENT_PER_POINT = 2;
/** Spec 02 §9: the total reduction is capped at 50%. */
export const MAX_SPEED_REDUCTION_PERCENT = 50;

const MS_PER_MINUTE = 60_000;

export interface AdventureDuration {
  /** The table's duration at RPG_TIME_SCALE 1, before the gear reduction. */
  originalMs: number;
  /** Whole percent taken off by speed gear, 0..50. */
  speedReductionPercent: number;
  /** What the adventure lasts: original x (100 - reduction)% / timeScale, rounded to the ms. */
  durationMs: number;
}

/**
 * Spec 02 §9: the reduction of equipped gear, in whole percent. Each item's
 * speed stat counts 2% per point (1, 2, 3, 4 -> 2, 4, 6, 8%); values above 4
 * keep the same 2% per point (5 -> 10%) with no per-item cap; a negative speed
 * stat counts as 0 (gear never lengthens an adventure). Total capped at 50%.
 */
export function speedReductionPercent(equipped: readonly { stats: GearStats }[]): number {
  let total = 0;
  for (const item of equipped) {
    const speed = item.stats.speed ?? 0;
    if (Number.isFinite(speed) && speed > 0) total += SPEED_REDUCTION_PERCENT_PER_POINT * speed;
  }
  return Math.min(MAX_SPEED_REDUCTION_PERCENT, total);
}

function assertLevel(level: number): void {
  if (!Number.isInteger(level) || level < 1 || level > BASE_DURATION_MINUTES.length) {
    throw new RangeError(`adventure level must be an integer 1..10, got ${level}`);
  }
}

/** DECISIONS §3: RPG_TIME_SCALE must be a positive, finite number. */
export function assertTimeScale(timeScale: number): void {
  if (!Number.isFinite(timeScale) || timeScale <= 0) throw new RangeError(`timeScale must be a positive number, got ${timeScale}`);
}

/**
 * Spec 02 §9 / DECISIONS §2: how long an adventure of this level lasts for a
 * character wearing `equipped`, with time sped up by `timeScale`.
 */
export function adventureDuration(level: number, equipped: readonly { stats: GearStats }[] = [], timeScale = 1): AdventureDuration {
  assertLevel(level);
  assertTimeScale(timeScale);
  const originalMs = (BASE_DURATION_MINUTES[level - 1] as number) * MS_PER_MINUTE;
  const reduction = speedReductionPercent(equipped);
  const durationMs = Math.max(1, Math.round((originalMs * (100 - reduction)) / 100 / timeScale));
  return { originalMs, speedReductionPercent: reduction, durationMs };
}
