import { BACKPACKS, type Backpack } from '../content/backpacks.ts';
import { rollFood } from '../content/food.ts';
import { potionTiersForLevel, storePotion } from '../content/potions.ts';
import type { Copper } from '../currency/copper.ts';
import { createGear } from '../items/gearFactory.ts';
import type { Rng } from '../rng.ts';
import { TIERS, type FoodItem, type GearItem, type PotionItem, type Tier } from '../types.ts';

/** Spec 03 §9: 6 items per section, 6 backpacks; a pick is retried up to 6 times to avoid duplicates. */
export const STORE_SECTION_SIZE = 6;
export const STORE_DUPLICATE_REPICKS = 6;

/** Spec 03 §9 gear tier odds (blue = uncommon, purple = rare, gold = epic), in TIERS order. */
export const GEAR_TIER_ODDS: Readonly<Record<Tier, number>> = {
  common: 0.6,
  uncommon: 0.3,
  rare: 0.09,
  epic: 0.009,
  legendary: 0.001,
};
/** Spec 03 §9: below level 10, gear is 80% common and 20% blue. */
export const GEAR_TIER_ODDS_BELOW_10: Readonly<Record<Tier, number>> = {
  common: 0.8,
  uncommon: 0.2,
  rare: 0,
  epic: 0,
  legendary: 0,
};
export const GEAR_ODDS_FULL_FROM_LEVEL = 10;
/** Spec 03 §9 food tier odds. */
export const FOOD_TIER_ODDS: Readonly<Record<Tier, number>> = {
  common: 0.6,
  uncommon: 0.3,
  rare: 0.08,
  epic: 0.018,
  legendary: 0.002,
};

export type StoreSection = 'gear' | 'potions' | 'food' | 'backpacks';

interface SectionGoods {
  gear: GearItem;
  potions: PotionItem;
  food: FoodItem;
  backpacks: Backpack;
}

/** One thing on sale. `id` is stable within a stock ('gear-0' .. 'backpack-5'). */
export type StoreOffer<S extends StoreSection = StoreSection> = {
  [K in S]: { id: string; section: K; item: SectionGoods[K]; price: Copper; sold: boolean };
}[S];

export interface StoreStock {
  gear: StoreOffer<'gear'>[];
  potions: StoreOffer<'potions'>[];
  food: StoreOffer<'food'>[];
  backpacks: StoreOffer<'backpacks'>[];
}

const OFFER_PREFIX: Readonly<Record<StoreSection, string>> = {
  gear: 'gear',
  potions: 'potion',
  food: 'food',
  backpacks: 'backpack',
};

/** A tier drawn from odds that sum to 1 (a rounding remainder falls to common). */
export function rollTier(rng: Rng, odds: Readonly<Record<Tier, number>>): Tier {
  let roll = rng.next();
  for (let i = TIERS.length - 1; i >= 0; i--) {
    const tier = TIERS[i] as Tier;
    if (roll < odds[tier]) return tier;
    roll -= odds[tier];
  }
  return 'common';
}

/** Spec 03 §9: the gear (and backpack) odds for a character level. */
export function gearTierOdds(characterLevel: number): Readonly<Record<Tier, number>> {
  return characterLevel < GEAR_ODDS_FULL_FROM_LEVEL ? GEAR_TIER_ODDS_BELOW_10 : GEAR_TIER_ODDS;
}

function section<S extends StoreSection>(rng: Rng, key: S, pick: (rng: Rng) => SectionGoods[S]): StoreOffer<S>[] {
  const names = new Set<string>();
  const offers: StoreOffer<S>[] = [];
  for (let index = 0; index < STORE_SECTION_SIZE; index++) {
    let item = pick(rng);
    for (let retry = 0; retry < STORE_DUPLICATE_REPICKS && names.has(item.name); retry++) item = pick(rng);
    names.add(item.name);
    offers.push({ id: `${OFFER_PREFIX[key]}-${index}`, section: key, item, price: item.price, sold: false } as StoreOffer<S>);
  }
  return offers;
}

/**
 * Spec 03 §4/§9: a fresh stock for a character of `characterLevel`.
 * Gear: tier by the gear odds (80/20 below level 10), made for the character level.
 * Potions: health or mana at even odds, tier evenly among those unlocked (one per 5 levels).
 * Food: tier by the food odds. Backpacks: tier by the gear odds.
 * Seed the rng from the character and the window start (storeSeed) to replay a stock.
 */
export function generateStore(rng: Rng, characterLevel: number): StoreStock {
  if (!Number.isInteger(characterLevel) || characterLevel < 1) {
    throw new RangeError(`character level must be a positive integer, got ${characterLevel}`);
  }
  const gearOdds = gearTierOdds(characterLevel);
  const potionTiers = potionTiersForLevel(characterLevel);
  return {
    gear: section(rng, 'gear', (r) => createGear(r, { tier: rollTier(r, gearOdds), level: characterLevel })),
    potions: section(rng, 'potions', (r) => storePotion(r.chance(0.5) ? 'health' : 'mana', r.pick(potionTiers))),
    food: section(rng, 'food', (r) => rollFood(r, rollTier(r, FOOD_TIER_ODDS))),
    backpacks: section(rng, 'backpacks', (r) => BACKPACKS[rollTier(r, gearOdds)]),
  };
}

/** The seed of a character's stock in a window: the same character and window give the same stock. */
export function storeSeed(characterId: string, windowStart: number): string {
  return `store:${characterId}:${windowStart}`;
}

/** Every offer of a stock, in tab order. */
export function allOffers(stock: StoreStock): StoreOffer[] {
  return [...stock.gear, ...stock.potions, ...stock.food, ...stock.backpacks];
}

/** The offer with `offerId`, or undefined. */
export function findOffer(stock: StoreStock, offerId: string): StoreOffer | undefined {
  return allOffers(stock).find((offer) => offer.id === offerId);
}
