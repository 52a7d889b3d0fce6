import type { SkillNodeView } from '@rpg/contract';

const STAT_NAMES = { attack: 'Attack', defense: 'Defense', speed: 'Speed', magicPower: 'Magic Power' } as const;

/** What an unlocked node adds, in words: '+2 Attack, +1 Speed' or '+1% win chance in adventures'. */
export function bonusText(bonus: SkillNodeView['bonus']): string {
  const parts = (Object.keys(STAT_NAMES) as (keyof typeof STAT_NAMES)[]).flatMap((key) => (bonus[key] ? [`+${bonus[key]} ${STAT_NAMES[key]}`] : []));
  if (bonus.winChance) parts.push(`+${Math.round(bonus.winChance * 100)}% win chance in adventures`);
  return parts.join(', ');
}

/** Spec 03 §8 tooltip: 'Click to unlock' for an available node, 'Unlock requirements not met' for a locked one. */
export function statusHint(status: SkillNodeView['status']): string {
  if (status === 'unlocked') return 'Unlocked';
  return status === 'available' ? 'Click to unlock' : 'Unlock requirements not met';
}

/** Grid cell (0-6) to a percentage of the graph's width or height (7 cells each way). */
export const GRID = 7;
export const toPercent = (cell: number) => ((cell + 0.5) / GRID) * 100;
