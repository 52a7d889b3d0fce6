import { xpToLeaveLevel, xpToReachLevel } from '../character/leveling.ts';

/**
 * The XP leaderboard's value (spec 03 §2): every XP the character has earned, the XP to leave
 * each level below its own plus the XP inside its level. Ordering by (level, xp) orders by this
 * value, as a level's XP is always below the XP to leave it.
 */
export function totalXp(level: number, xp: number): number {
  return xpToReachLevel(level) + xp;
}

/** The same sum, one level at a time (for the test). */
export function totalXpBySteps(level: number, xp: number): number {
  let sum = xp;
  for (let k = 1; k < level; k += 1) sum += xpToLeaveLevel(k);
  return sum;
}
