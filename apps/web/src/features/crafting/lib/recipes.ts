import type { CraftingView, RecipeView } from '@rpg/contract';
import { RECIPE_CATEGORIES, type RecipeCategory } from '@rpg/game';

/** Spec 02 section 2: a locked recipe's line. */
export const LOCKED_TEXT = 'Find a recipe scroll during adventures.';

/**
 * Why 'Craft' is disabled, in the rules' words (spec 02 section 8), or null when it is not. A locked
 * recipe says so before anything else; then the craft already running, the level, each ingredient.
 */
export function craftBlockReason(recipe: RecipeView, view: Pick<CraftingView, 'level' | 'active' | 'finished'>): string | null {
  if (!recipe.unlocked) return `You haven't unlocked the recipe for ${recipe.name} yet. ${LOCKED_TEXT}`;
  if (view.active || view.finished) return "You're already crafting an item!";
  if (view.level < recipe.requiredLevel) return `You need crafting level ${recipe.requiredLevel} to craft this item.`;
  const short = recipe.ingredients.find((ingredient) => ingredient.have < ingredient.need);
  if (short) return `You don't have enough ${short.name}`;
  return recipe.craftable ? null : 'You cannot craft this item yet.';
}

/** The drawer's tabs in order, each with its recipes (the server's order kept). */
export function recipesByCategory(recipes: readonly RecipeView[]): Array<{ category: RecipeCategory; recipes: RecipeView[] }> {
  return RECIPE_CATEGORIES.map((category) => ({ category, recipes: recipes.filter((recipe) => recipe.category === category) }));
}
