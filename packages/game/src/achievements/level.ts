import { BATTLE_PASS_THRESHOLDS } from '../content/battlePass.ts';

/** Spec 03 §4: the highest level whose points are at or below the total (0 below the first). */
export function levelForPoints(totalPoints: number): number {
  return BATTLE_PASS_THRESHOLDS.filter((threshold) => threshold <= totalPoints).length;
}

/** Spec 03 §2/§4: points still needed for the next level; 0 when every level is reached. */
export function pointsToNextLevel(totalPoints: number): number {
  const next = BATTLE_PASS_THRESHOLDS.find((threshold) => threshold > totalPoints);
  return next === undefined ? 0 : next - totalPoints;
}

/** The levels gained going from `before` to `after` points, lowest first. */
export function levelsGained(before: number, after: number): number[] {
  const from = levelForPoints(before);
  const to = levelForPoints(after);
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i + 1);
}
