/** Spec 02 §4 "Crafting": total crafting XP needed for levels 1..10. */
export const CRAFTING_XP_TABLE: readonly number[] = [0, 20, 60, 120, 200, 300, 450, 650, 900, 1200];
export const CRAFTING_MAX_LEVEL = CRAFTING_XP_TABLE.length;

/** Spec 02 §9: the bonuses at level 10, in whole percent; level 1 has none. */
export const MAX_SPEED_REDUCTION = 50;
export const MAX_RESOURCE_DISCOUNT = 25;
export const MAX_QUALITY_BONUS = 25;

/** The crafting level a total of crafting XP reaches (1..10). */
export function craftingLevel(xp: number): number {
  let level = 1;
  while (level < CRAFTING_MAX_LEVEL && xp >= (CRAFTING_XP_TABLE[level] as number)) level++;
  return level;
}

export interface CraftingLevelProgress {
  level: number;
  xp: number;
  /** Total XP at which the current level began. */
  levelXp: number;
  /** Total XP the next level needs; null at the maximum level. */
  nextLevelXp: number | null;
}

/** The crafting drawer's level line: level, XP and the next threshold. */
export function craftingLevelProgress(xp: number): CraftingLevelProgress {
  const level = craftingLevel(xp);
  return {
    level,
    xp,
    levelXp: CRAFTING_XP_TABLE[level - 1] as number,
    nextLevelXp: level < CRAFTING_MAX_LEVEL ? (CRAFTING_XP_TABLE[level] as number) : null,
  };
}

export interface CraftingBonuses {
  /** Percent taken off the craft time. */
  speedReduction: number;
  /** Percent taken off each ingredient quantity. */
  resourceDiscount: number;
  /** Percent added to a crafted item's potency, restore amount or positive stats. */
  qualityBonus: number;
}

function interpolate(max: number, level: number): number {
  const clamped = Math.min(CRAFTING_MAX_LEVEL, Math.max(1, Math.floor(level)));
  return Math.round((max * (clamped - 1)) / (CRAFTING_MAX_LEVEL - 1));
}

/**
 * Spec 02 §9 gives only the ends (level 1: 0, level 10: 50/25/25 percent).
 * Levels between are interpolated linearly and rounded to whole percent:
 * speed 0, 6, 11, 17, 22, 28, 33, 39, 44, 50; discount and quality
 * 0, 3, 6, 8, 11, 14, 17, 19, 22, 25.
 */
export function craftingBonuses(level: number): CraftingBonuses {
  return {
    speedReduction: interpolate(MAX_SPEED_REDUCTION, level),
    resourceDiscount: interpolate(MAX_RESOURCE_DISCOUNT, level),
    qualityBonus: interpolate(MAX_QUALITY_BONUS, level),
  };
}
