import { BACKPACKS, type Backpack } from '../content/backpacks.ts';
import { cookFood, FOODS, type FoodContent } from '../content/food.ts';
import { potionTiersForLevel, storePotion, type PotionTarget } from '../content/potions.ts';
import { copper, type Copper } from '../currency/copper.ts';
import { createGear } from '../items/gearFactory.ts';
import { defaultUnitSellPrice } from '../items/sell.ts';
import type { Rng } from '../rng.ts';
import { TIERS, type FoodItem, type GearItem, type PotionItem, type Tier } from '../types.ts';

/**
 * Spec 03 §9: 6 items per section, 6 backpacks; a pick is retried up to 6 times to avoid
 * duplicates. A section never shows the same thing twice: where its pool holds fewer than
 * 6 things (2 potions at levels 1-4, 2 backpacks below level 10) it shows fewer cards.
 */
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

function offersOf<S extends StoreSection>(key: S, items: readonly SectionGoods[S][]): StoreOffer<S>[] {
  return items.map((item, index) => ({ id: `${OFFER_PREFIX[key]}-${index}`, section: key, item, price: item.price, sold: false }) as StoreOffer<S>);
}

/** Something a section may offer, and how likely a pick is to land on it. */
export interface WeightedChoice<T> {
  value: T;
  weight: number;
}

/**
 * Up to `count` different choices, each pick made at the weights of the choices not
 * yet picked: the spec's 'retried to avoid duplicates' carried through to the end, so
 * the first pick follows the odds exactly and no choice appears twice. Choices of
 * weight 0 are never picked; a pool smaller than `count` gives all of its choices.
 */
export function drawDistinct<T>(rng: Rng, pool: readonly WeightedChoice<T>[], count: number): T[] {
  const left = pool.filter((choice) => choice.weight > 0);
  const drawn: T[] = [];
  while (drawn.length < count && left.length > 0) {
    const total = left.reduce((sum, choice) => sum + choice.weight, 0);
    let roll = rng.next() * total;
    let index = left.findIndex((choice) => (roll -= choice.weight) < 0);
    if (index < 0) index = left.length - 1;
    const [choice] = left.splice(index, 1);
    if (choice) drawn.push(choice.value);
  }
  return drawn;
}

/** Gear is made to order (an endless pool): a pick whose name is on offer already is retried, then dropped. */
function gearSection(rng: Rng, pick: (rng: Rng) => GearItem): StoreOffer<'gear'>[] {
  const names = new Set<string>();
  const items: GearItem[] = [];
  for (let index = 0; index < STORE_SECTION_SIZE; index++) {
    let item = pick(rng);
    for (let retry = 0; retry < STORE_DUPLICATE_REPICKS && names.has(item.name); retry++) item = pick(rng);
    if (names.has(item.name)) continue;
    names.add(item.name);
    items.push(item);
  }
  return offersOf('gear', items);
}

/** Spec 03 §9: health or mana at even odds, the tier evenly among the unlocked ones. */
function potionPool(characterLevel: number): WeightedChoice<PotionItem>[] {
  const targets: readonly PotionTarget[] = ['health', 'mana'];
  return potionTiersForLevel(characterLevel).flatMap((tier) => targets.map((target) => ({ value: storePotion(target, tier), weight: 1 })));
}

/** Spec 03 §9: a dish's tier at the food odds, then a dish of that tier evenly. */
function foodPool(): WeightedChoice<{ content: FoodContent; tier: Tier }>[] {
  return TIERS.flatMap((tier) => FOODS[tier].map((content) => ({ value: { content, tier }, weight: FOOD_TIER_ODDS[tier] / FOODS[tier].length })));
}

/** Spec 03 §9: backpacks at the gear odds (only common and uncommon below level 10). */
function backpackPool(characterLevel: number): WeightedChoice<Backpack>[] {
  const odds = gearTierOdds(characterLevel);
  return TIERS.map((tier) => ({ value: BACKPACKS[tier], weight: odds[tier] }));
}

/**
 * docs/decisions/store.md, "What is on offer": the store's gear costs
 * its spec 03 §9 tier price times 1 + 0.5 per character level above 1 (x25.5 at level 50), as
 * its stats grow with that level; the sell price stays half of what was paid. Drops keep the
 * plain tier price.
 */
export const STORE_GEAR_PRICE_PER_LEVEL = 0.5;

export function storeGearPriceFactor(characterLevel: number): number {
  return 1 + STORE_GEAR_PRICE_PER_LEVEL * (Math.max(1, characterLevel) - 1);
}

function storeGearPrice(item: GearItem, characterLevel: number): GearItem {
  const price = copper(Math.round(item.price * storeGearPriceFactor(characterLevel)));
  const priced = { ...item, price };
  return { ...priced, sellPrice: defaultUnitSellPrice(priced) };
}

/**
 * Spec 03 §4/§9: a fresh stock for a character of `characterLevel`.
 * Gear: tier by the gear odds (80/20 below level 10), made for the character level.
 * Potions: health or mana at even odds, tier evenly among those unlocked (one per 5 levels).
 * Food: tier by the food odds. Backpacks: tier by the gear odds.
 * Each section holds distinct offers: six where its pool allows, fewer where it does not.
 * Seed the rng from the character and the window start (storeSeed) to replay a stock.
 */
export function generateStore(rng: Rng, characterLevel: number): StoreStock {
  if (!Number.isInteger(characterLevel) || characterLevel < 1) {
    throw new RangeError(`character level must be a positive integer, got ${characterLevel}`);
  }
  const gearOdds = gearTierOdds(characterLevel);
  return {
    gear: gearSection(rng, (r) => storeGearPrice(createGear(r, { tier: rollTier(r, gearOdds), level: characterLevel }), characterLevel)),
    potions: offersOf('potions', drawDistinct(rng, potionPool(characterLevel), STORE_SECTION_SIZE)),
    food: offersOf(
      'food',
      drawDistinct(rng, foodPool(), STORE_SECTION_SIZE).map(({ content, tier }) => cookFood(rng, content, tier)),
    ),
    backpacks: offersOf('backpacks', drawDistinct(rng, backpackPool(characterLevel), STORE_SECTION_SIZE)),
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
