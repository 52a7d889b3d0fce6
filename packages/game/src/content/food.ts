import { copper, type Copper } from '../currency/copper.ts';
import type { Rng } from '../rng.ts';
import type { FoodItem, Tier } from '../types.ts';

export interface FoodContent {
  name: string;
  description: string;
  /** healthRestore range, both ends inclusive. */
  restore: readonly [number, number];
}

/**
 * Spec 03 §9 food healthRestore: common 5-15, blue (uncommon) 20-30, purple (rare)
 * 45-55, gold (epic) 90-100, legendary 200 and 250 (one dish each).
 */
export const FOODS: Readonly<Record<Tier, readonly FoodContent[]>> = {
  common: [
    { name: 'Bread Loaf', description: 'A plain loaf, baked this morning.', restore: [5, 15] },
    { name: 'Red Apple', description: 'Crisp and sweet, picked from the forest edge.', restore: [5, 15] },
    { name: 'Cheese Wedge', description: 'A hard cheese that keeps on the road.', restore: [5, 15] },
    { name: 'Dried Jerky', description: 'Salted strips of meat for long marches.', restore: [5, 15] },
  ],
  uncommon: [
    { name: 'Hearty Stew', description: 'Root vegetables and meat simmered for hours.', restore: [20, 30] },
    { name: 'Roast Chicken', description: 'A whole bird, roasted golden.', restore: [20, 30] },
    { name: 'Honey Cake', description: 'A dense cake sweetened with wild honey.', restore: [20, 30] },
  ],
  rare: [
    { name: 'Elven Waybread', description: 'One bite fills a traveller for a day.', restore: [45, 55] },
    { name: 'Spiced Venison', description: 'Game meat rubbed with desert spices.', restore: [45, 55] },
    { name: 'Frostberry Pie', description: 'Berries that only ripen under snow.', restore: [45, 55] },
  ],
  epic: [
    { name: 'Dragonfruit Tart', description: 'Warm to the touch, and to the soul.', restore: [90, 100] },
    { name: 'Phoenix Egg Omelette', description: 'Said to rekindle any flagging spirit.', restore: [90, 100] },
  ],
  legendary: [
    { name: 'Feast of the Ancients', description: 'A banquet fit for the old kings.', restore: [200, 200] },
    { name: 'Ambrosia', description: 'The food of legends. Nothing else comes close.', restore: [250, 250] },
  ],
};

/** Spec 03 §9: food price multipliers common 1, blue 3, purple 7, gold 15, legendary 30. */
export const FOOD_PRICE_MULTIPLIER: Readonly<Record<Tier, number>> = {
  common: 1,
  uncommon: 3,
  rare: 7,
  epic: 15,
  legendary: 30,
};

/** Spec 03 §9: price = ceil(healthRestore x tier multiplier x 1.5) copper. */
export function foodPrice(healthRestore: number, tier: Tier): Copper {
  return copper(Math.ceil(healthRestore * FOOD_PRICE_MULTIPLIER[tier] * 1.5));
}

/** The dish `content` of the given tier with its healthRestore drawn from its range. */
export function cookFood(rng: Rng, content: FoodContent, tier: Tier): FoodItem {
  const healthRestore = rng.int(content.restore[0], content.restore[1]);
  return {
    kind: 'food',
    name: content.name,
    tier,
    description: content.description,
    healthRestore,
    price: foodPrice(healthRestore, tier),
  };
}

/** A dish of the given tier with its healthRestore drawn from the tier's range. */
export function rollFood(rng: Rng, tier: Tier): FoodItem {
  return cookFood(rng, rng.pick(FOODS[tier]), tier);
}
