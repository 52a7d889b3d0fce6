import type { ItemDataView } from '@rpg/contract';
import { GEAR_STATS, type GearSlot, type GearStat, type Tier } from '@rpg/game';

/** DECISIONS section 2: one tier set, coloured grey, blue, purple, gold, orange. */
export const TIER_LABELS: Readonly<Record<Tier, string>> = {
  common: 'Common',
  uncommon: 'Uncommon',
  rare: 'Rare',
  epic: 'Epic',
  legendary: 'Legendary',
};

/** The tier's text colour (item names). */
export const TIER_TEXT: Readonly<Record<Tier, string>> = {
  common: 'text-slate-300',
  uncommon: 'text-sky-300',
  rare: 'text-purple-300',
  epic: 'text-gold-300',
  legendary: 'text-orange-400',
};

/** The tier's badge: a tinted chip with the same hue. */
export const TIER_BADGE: Readonly<Record<Tier, string>> = {
  common: 'border-slate-400/50 bg-slate-500/15 text-slate-200',
  uncommon: 'border-sky-400/50 bg-sky-500/15 text-sky-200',
  rare: 'border-purple-400/50 bg-purple-500/15 text-purple-200',
  epic: 'border-gold-400/60 bg-gold-500/15 text-gold-200',
  legendary: 'border-orange-400/60 bg-orange-500/15 text-orange-300',
};

/** The gear slots as players read them (the sheet's gear grid, an item's kind line). */
export const SLOT_LABELS: Readonly<Record<GearSlot, string>> = {
  head: 'Head',
  chest: 'Chest',
  legs: 'Legs',
  feet: 'Feet',
  gloves: 'Gloves',
  mainHand: 'Main Hand',
  offHand: 'Off Hand',
  cloak: 'Cloak',
};

export const STAT_LABELS: Readonly<Record<GearStat, string>> = {
  attack: 'Attack',
  defense: 'Defense',
  speed: 'Speed',
  health: 'Health',
};

export interface StatLine {
  stat: GearStat;
  label: string;
  /** '+3' or '-1'. */
  text: string;
  negative: boolean;
}

/** A gear item's stats in a fixed order (attack, defense, speed, health), zeros left out. */
export function statLines(stats: Partial<Record<GearStat, number>>): StatLine[] {
  return GEAR_STATS.flatMap((stat) => {
    const value = stats[stat];
    if (!value) return [];
    return [{ stat, label: STAT_LABELS[stat], text: signed(value), negative: value < 0 }];
  });
}

/** A signed number: '+2', '-1', '0'. */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : `${value}`;
}

/** What kind of thing it is, for the line under its name: the gear slot, 'Health Potion', 'Food', ... */
export function itemKindLabel(item: ItemDataView): string {
  switch (item.kind) {
    case 'gear':
      return SLOT_LABELS[item.slot];
    case 'potion':
      return item.target === 'both' ? 'Elixir' : item.target === 'health' ? 'Health Potion' : 'Mana Potion';
    case 'food':
      return 'Food';
    case 'material':
      return 'Material';
    case 'scroll':
      return 'Recipe Scroll';
    case 'chest':
      return 'Chest';
  }
}

/** What a potion or food restores ('Restores 10 health'); null for anything else. */
export function effectText(item: ItemDataView): string | null {
  if (item.kind === 'food') return `Restores ${item.healthRestore} health`;
  if (item.kind !== 'potion') return null;
  const what = item.target === 'both' ? 'health and mana' : item.target;
  return `Restores ${item.potency} ${what}`;
}

/** One stat of a gear item against the item worn in its slot: the difference, zeros left out. */
export interface StatChange {
  stat: GearStat;
  label: string;
  /** '+2' or '-1'. */
  text: string;
  better: boolean;
}

/**
 * Issue 44 point 8: what wearing `item` instead of `worn` changes, stat by stat (attack, defense,
 * speed, health); against an empty slot every stat of the item counts.
 */
export function gearChanges(item: Partial<Record<GearStat, number>>, worn: Partial<Record<GearStat, number>> | null): StatChange[] {
  return GEAR_STATS.flatMap((stat) => {
    const change = (item[stat] ?? 0) - (worn?.[stat] ?? 0);
    if (change === 0) return [];
    return [{ stat, label: STAT_LABELS[stat], text: signed(change), better: change > 0 }];
  });
}
