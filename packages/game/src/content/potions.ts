import { copper, type Copper } from '../currency/copper.ts';
import { TIERS, type PotionItem, type Tier } from '../types.ts';

export type PotionTarget = 'health' | 'mana';

export interface PotionTierContent {
  /** First word of the name ('Minor Health Potion'). */
  prefix: string;
  potency: number;
  price: Record<PotionTarget, Copper>;
}

/**
 * Spec 03 §9: health and mana potions, potency 3, 5, 10, 15, 25 by tier;
 * health 10c, 25c, 1s25c, 5s, 1g; mana 15c, 35c, 1s50c, 7s50c, 1g50s.
 */
export const POTION_TIERS: Readonly<Record<Tier, PotionTierContent>> = {
  common: { prefix: 'Minor', potency: 3, price: { health: copper(10), mana: copper(15) } },
  uncommon: { prefix: 'Lesser', potency: 5, price: { health: copper(25), mana: copper(35) } },
  rare: { prefix: 'Potent', potency: 10, price: { health: copper(125), mana: copper(150) } },
  epic: { prefix: 'Greater', potency: 15, price: { health: copper(500), mana: copper(750) } },
  legendary: { prefix: 'Supreme', potency: 25, price: { health: copper(10_000), mana: copper(15_000) } },
};

/** Spec 03 §9: a potion tier unlocks every 5 levels. */
export const LEVELS_PER_POTION_TIER = 5;

/** The potion tiers a character of `level` may be offered: common at 1-4, up to uncommon at 5-9, ... all at 20+. */
export function potionTiersForLevel(level: number): Tier[] {
  const highest = Math.min(TIERS.length - 1, Math.floor(Math.max(level, 1) / LEVELS_PER_POTION_TIER));
  return TIERS.slice(0, highest + 1);
}

const TARGET_WORD: Readonly<Record<PotionTarget, string>> = { health: 'Health', mana: 'Mana' };

/** The store's potion of a target and tier. */
export function storePotion(target: PotionTarget, tier: Tier): PotionItem {
  const content = POTION_TIERS[tier];
  const word = TARGET_WORD[target];
  return {
    kind: 'potion',
    name: `${content.prefix} ${word} Potion`,
    tier,
    target,
    potency: content.potency,
    price: content.price[target],
    description: `Restores ${content.potency} ${target} when you drink it.`,
  };
}
