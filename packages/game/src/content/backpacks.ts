import { copper, type Copper } from '../currency/copper.ts';
import type { Tier } from '../types.ts';

/** Spec 02 §3 / spec 01 "Backpack": what a character carries its unequipped items in. */
export interface Backpack {
  name: string;
  tier: Tier;
  /** How many unequipped inventory entries fit. */
  slots: number;
  description: string;
  price: Copper;
  sellPrice?: Copper;
}

/**
 * Spec 02 §3 / spec 03 §9 backpack tiers and slots. Prices are ours (the spec
 * leaves them out); each sits inside the store's price range for its tier.
 */
export const BACKPACKS: Readonly<Record<Tier, Backpack>> = {
  common: {
    name: "Adventurer's Pack",
    tier: 'common',
    slots: 8,
    description: 'A simple leather backpack with enough room for basic adventuring gear.',
    price: copper(20),
  },
  uncommon: {
    name: "Traveler's Backpack",
    tier: 'uncommon',
    slots: 12,
    description: 'A sturdy canvas pack with extra pockets for the long road.',
    price: copper(1_500),
  },
  rare: {
    name: 'Enchanted Satchel',
    tier: 'rare',
    slots: 15,
    description: 'A satchel stitched with runes that make it hold more than it should.',
    price: copper(6_000),
  },
  epic: {
    name: 'Dragon Hide Pack',
    tier: 'epic',
    slots: 18,
    description: 'Tanned dragon hide, proof against fire, claws and thieves.',
    price: copper(35_000),
  },
  legendary: {
    name: 'Void Storage Pack',
    tier: 'legendary',
    slots: 22,
    description: 'Opens onto a pocket of the void. Nobody knows how deep it goes.',
    price: copper(150_000),
  },
};

/** Spec 01: every new character starts with the common Adventurer's Pack (8 slots). */
export const DEFAULT_BACKPACK: Backpack = BACKPACKS.common;

/** True when two backpacks are the same kind (name and tier). */
export function sameBackpack(a: Pick<Backpack, 'name' | 'tier'>, b: Pick<Backpack, 'name' | 'tier'>): boolean {
  return a.name === b.name && a.tier === b.tier;
}
