import type { CraftedItem } from '../content/recipes.ts';
import type { GearStats } from '../types.ts';

function boost(value: number, percent: number): number {
  return Math.round((value * (100 + percent)) / 100);
}

/**
 * The quality bonus raises a crafted potion's potency, a dish's health
 * restore, or a gear item's positive stats by the bonus percent, rounded to
 * the nearest whole number; negative stats stay as they are. A consumable the
 * bonus changed is named '{name} (+N%)', so it never stacks with plainer ones.
 */
export function applyQuality(item: CraftedItem, qualityPercent: number): CraftedItem {
  if (qualityPercent <= 0) return item;
  const note = ` Quality bonus +${qualityPercent}%.`;
  if (item.kind === 'gear') {
    const stats: GearStats = {};
    let changed = false;
    for (const [stat, value] of Object.entries(item.stats) as [keyof GearStats, number][]) {
      stats[stat] = value > 0 ? boost(value, qualityPercent) : value;
      if (stats[stat] !== value) changed = true;
    }
    if (!changed) return item;
    return { ...item, stats, description: item.description + note };
  }
  if (item.kind === 'potion') {
    const potency = boost(item.potency, qualityPercent);
    if (potency === item.potency) return item;
    return { ...item, name: `${item.name} (+${qualityPercent}%)`, potency, description: item.description + note };
  }
  const healthRestore = boost(item.healthRestore, qualityPercent);
  const manaRestore = item.manaRestore === undefined ? undefined : boost(item.manaRestore, qualityPercent);
  if (healthRestore === item.healthRestore && manaRestore === item.manaRestore) return item;
  return {
    ...item,
    name: `${item.name} (+${qualityPercent}%)`,
    healthRestore,
    ...(manaRestore === undefined ? {} : { manaRestore }),
    description: item.description + note,
  };
}
