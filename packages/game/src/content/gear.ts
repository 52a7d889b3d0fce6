import type { GearSlot, GearStat, Tier } from '../types.ts';

/** Spec 02 §9: rarity stat multipliers common..legendary. */
export const GEAR_TIER_MULTIPLIER: Readonly<Record<Tier, number>> = {
  common: 1,
  uncommon: 1.2,
  rare: 1.5,
  epic: 1.8,
  legendary: 2.5,
};

/** The word a gear name starts with ('Rare Iron Helm'). */
export const TIER_LABEL: Readonly<Record<Tier, string>> = {
  common: 'Common',
  uncommon: 'Uncommon',
  rare: 'Rare',
  epic: 'Epic',
  legendary: 'Legendary',
};

export interface GearSlotContent {
  /** What the slot is called in a description. */
  label: string;
  /** Second word of the name. */
  materials: readonly string[];
  /** Last word(s) of the name. */
  nouns: readonly string[];
  /** The stat every item of the slot carries. */
  primary: GearStat;
  /** Value of the primary stat at level 1, tier common (ignored for speed, see GEAR_SPEED_RANGE). */
  base: number;
}

/** Name parts and base stat per slot (spec 02 §3: the eight slots). */
export const GEAR_SLOT_CONTENT: Readonly<Record<GearSlot, GearSlotContent>> = {
  head: {
    label: 'helm',
    materials: ['Iron', 'Leather', 'Steel', 'Bronze', 'Bone'],
    nouns: ['Helm', 'Cap', 'Hood', 'Circlet'],
    primary: 'defense',
    base: 2,
  },
  chest: {
    label: 'chest armour',
    materials: ['Iron', 'Leather', 'Chainmail', 'Scale', 'Silk'],
    nouns: ['Breastplate', 'Tunic', 'Vest', 'Hauberk'],
    primary: 'health',
    base: 6,
  },
  legs: {
    label: 'leg armour',
    materials: ['Iron', 'Leather', 'Steel', 'Linen', 'Scale'],
    nouns: ['Greaves', 'Leggings', 'Trousers', 'Legguards'],
    primary: 'defense',
    base: 2,
  },
  feet: {
    label: 'footwear',
    materials: ['Leather', 'Iron', 'Suede', 'Fur', 'Steel'],
    nouns: ['Boots', 'Sandals', 'Sabatons', 'Shoes'],
    primary: 'speed',
    base: 1,
  },
  gloves: {
    label: 'gloves',
    materials: ['Leather', 'Iron', 'Silk', 'Steel', 'Dragonscale'],
    nouns: ['Gloves', 'Gauntlets', 'Bracers', 'Handwraps'],
    primary: 'attack',
    base: 1,
  },
  mainHand: {
    label: 'weapon',
    materials: ['Iron', 'Steel', 'Oak', 'Bronze', 'Obsidian'],
    nouns: ['Sword', 'Axe', 'Mace', 'Staff', 'Dagger', 'Spear'],
    primary: 'attack',
    base: 3,
  },
  offHand: {
    label: 'off-hand piece',
    materials: ['Iron', 'Oak', 'Steel', 'Bronze', 'Crystal'],
    nouns: ['Shield', 'Buckler', 'Tome', 'Orb'],
    primary: 'defense',
    base: 2,
  },
  cloak: {
    label: 'cloak',
    materials: ['Wool', 'Silk', 'Fur', 'Velvet', 'Shadow'],
    nouns: ['Cloak', 'Cape', 'Mantle', 'Shroud'],
    primary: 'defense',
    base: 1,
  },
};

/** Value of a secondary stat at level 1, tier common (speed uses GEAR_SPEED_RANGE). */
export const GEAR_SECONDARY_BASE: Readonly<Record<Exclude<GearStat, 'speed'>, number>> = {
  attack: 1,
  defense: 1,
  health: 3,
};

/** Each level above 1 adds this fraction of the base value. */
export const GEAR_LEVEL_GROWTH = 0.1;

/**
 * Speed points by tier, not scaled by level: each point shortens adventures by 2%
 * (spec 02 §9, total capped at 50%), so speed stays small.
 */
export const GEAR_SPEED_RANGE: Readonly<Record<Tier, readonly [number, number]>> = {
  common: [1, 1],
  uncommon: [1, 2],
  rare: [1, 3],
  epic: [2, 4],
  legendary: [3, 4],
};

/** Spec 02 §9: gear gets 1 to 3 stats; higher tiers get more. */
export const GEAR_STAT_COUNT: Readonly<Record<Tier, readonly [number, number]>> = {
  common: [1, 2],
  uncommon: [1, 2],
  rare: [2, 3],
  epic: [2, 3],
  legendary: [3, 3],
};

/** Spec 03 §3 allows negative stats: at rare and above, a secondary stat may be a small drawback. */
export const GEAR_NEGATIVE_STAT_CHANCE: Readonly<Record<Tier, number>> = {
  common: 0,
  uncommon: 0,
  rare: 0.15,
  epic: 0.2,
  legendary: 0.2,
};

/**
 * Spec 03 §9 random gear prices in copper, [min, max] both inclusive, and the
 * unit a price is drawn in (common in copper, the others in whole silver).
 * blue = uncommon 5-20 silver, purple = rare 30-70 silver, gold = epic 1-4 gold, legendary 8-20 gold.
 */
export const GEAR_PRICE_RANGE: Readonly<Record<Tier, { min: number; max: number; step: number }>> = {
  common: { min: 5, max: 20, step: 1 },
  uncommon: { min: 500, max: 2_000, step: 100 },
  rare: { min: 3_000, max: 7_000, step: 100 },
  epic: { min: 10_000, max: 40_000, step: 100 },
  legendary: { min: 80_000, max: 200_000, step: 100 },
};
