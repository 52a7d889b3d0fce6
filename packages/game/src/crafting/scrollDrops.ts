import type { DropContext, ExtraDrop } from '../adventure/drops.ts';
import { createRecipeScroll, DROPPABLE_RECIPES } from './scrolls.ts';

/** Recipe scrolls drop at 2% plus 1% per adventure level: 3% at level 1, 12% at level 10. */
export const RECIPE_SCROLL_BASE_CHANCE = 0.02;
export const RECIPE_SCROLL_CHANCE_PER_LEVEL = 0.01;

/** Spec 02 §2/§5 (recipe scrolls are found during adventures): the chance a won adventure drops one. */
export function recipeScrollChance({ level }: Pick<DropContext, 'level'>): number {
  return Math.min(1, RECIPE_SCROLL_BASE_CHANCE + RECIPE_SCROLL_CHANCE_PER_LEVEL * level);
}

/**
 * Spec 02 §2/§5: the recipe-scroll drop, for rollDrops(location, level, rng, { extraDrops:
 * RECIPE_SCROLL_DROPS }): one roll per won adventure; a scroll for one of the non-common
 * recipes, picked evenly, quantity 1.
 */
export const RECIPE_SCROLL_DROPS: readonly ExtraDrop[] = [
  {
    id: 'recipe-scroll',
    chance: recipeScrollChance,
    create: (rng) => ({ item: createRecipeScroll(rng.pick(DROPPABLE_RECIPES).id), quantity: 1 }),
  },
];
