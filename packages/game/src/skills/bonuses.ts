import { skillTreeOf, type SkillBonus } from '../content/skillTrees.ts';
import type { CharacterClass } from '../types.ts';

/** The summed effect of a character's unlocked skills (docs/decisions/progression.md, "Skill trees"). */
export interface SkillBonuses {
  attack: number;
  defense: number;
  speed: number;
  magicPower: number;
  /** Added to the adventure win chance (0.01 = 1 point), before the clamp. */
  winChance: number;
}

export const NO_SKILL_BONUSES: SkillBonuses = Object.freeze({ attack: 0, defense: 0, speed: 0, magicPower: 0, winChance: 0 });

const KEYS = ['attack', 'defense', 'speed', 'magicPower', 'winChance'] as const satisfies readonly (keyof SkillBonus)[];

/**
 * What the unlocked skills of the character's own tree add: a Passive its stats, an Active
 * 1 point and an Ultimate 2 points of win chance. Ids of no node of the class's tree (a
 * class without a tree) add nothing. combatStatsOf adds the result to the fight.
 */
export function skillBonuses(characterClass: CharacterClass, unlocked: readonly string[]): SkillBonuses {
  const tree = skillTreeOf(characterClass);
  const totals = { ...NO_SKILL_BONUSES };
  if (!tree) return totals;
  for (const node of tree.nodes) {
    if (!unlocked.includes(node.id)) continue;
    for (const key of KEYS) totals[key] += node.bonus[key] ?? 0;
  }
  totals.winChance = Math.round(totals.winChance * 10_000) / 10_000;
  return totals;
}
