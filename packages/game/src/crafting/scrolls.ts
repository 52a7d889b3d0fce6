import { copper } from '../currency/copper.ts';
import { isKnownByDefault, recipeById, RECIPES, type Recipe } from '../content/recipes.ts';
import type { ScrollItem, Tier } from '../types.ts';

/** What a recipe scroll is worth, by the recipe's tier (sell value derives from it). */
export const SCROLL_PRICE: Readonly<Record<Tier, number>> = {
  common: 50,
  uncommon: 200,
  rare: 500,
  epic: 1500,
  legendary: 5000,
};

/** Spec 02 §2/§5: the recipes a scroll can teach: every non-common recipe. */
export const DROPPABLE_RECIPES: readonly Recipe[] = RECIPES.filter((recipe) => !isKnownByDefault(recipe));

/** A recipe scroll for an adventure drop (spec 02 §3 "Recipe scroll"). */
export function createRecipeScroll(recipeId: string): ScrollItem {
  const recipe = recipeById(recipeId);
  if (!recipe) throw new RangeError(`unknown recipe: ${recipeId}`);
  return {
    kind: 'scroll',
    recipeId: recipe.id,
    name: `Recipe Scroll: ${recipe.name}`,
    tier: recipe.tier,
    description: `Read it to learn how to craft ${recipe.name}.`,
    price: copper(SCROLL_PRICE[recipe.tier]),
  };
}

/** Spec 02 §2: the drawer's 'unlocked N / M' count, over non-common recipes only. */
export function unlockedRecipeCount(unlockedRecipes: readonly string[]): { unlocked: number; total: number } {
  const known = new Set(unlockedRecipes);
  return { unlocked: DROPPABLE_RECIPES.filter((recipe) => known.has(recipe.id)).length, total: DROPPABLE_RECIPES.length };
}
