import { xpToLeaveLevel } from '../character/leveling.ts';

/**
 * The XP leaderboard's value (spec 03 §2): every XP the character has earned, the XP to leave
 * each level below its own plus the XP inside its level. Since xpToLeaveLevel(k) = 250 k (k+1),
 * the levels below sum to 250 (L-1) L (L+1) / 3. Ordering by (level, xp) orders by this value.
 */
export function totalXp(level: number, xp: number): number {
  return (250 * (level - 1) * level * (level + 1)) / 3 + xp;
}

/** The same sum, one level at a time (for the test). */
export function totalXpBySteps(level: number, xp: number): number {
  let sum = xp;
  for (let k = 1; k < level; k += 1) sum += xpToLeaveLevel(k);
  return sum;
}
