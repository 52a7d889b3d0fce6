import { isKnownByDefault, recipeById, type Ingredient, type Recipe } from '../content/recipes.ts';
import { RuleError } from '../errors.ts';
import { craftDurationMs } from './duration.ts';
import { countIngredient, requiredIngredients, takeIngredient } from './ingredients.ts';
import { craftingBonuses, craftingLevel } from './level.ts';
import { formatDuration, type CraftingState } from './state.ts';

export interface StartCraftResult<S extends CraftingState> {
  state: S;
  recipe: Recipe;
  /** The ingredient lines taken, after the resource discount. */
  ingredientsUsed: Ingredient[];
  durationMs: number;
  message: string;
}

/** Whether the character may craft a recipe: common ones always, others once learned. */
export function isRecipeUnlocked(state: Pick<CraftingState, 'unlockedRecipes'>, recipe: Recipe): boolean {
  return isKnownByDefault(recipe) || state.unlockedRecipes.includes(recipe.id);
}

/**
 * Spec 02 §4/§5/§8 "Crafting": starts a craft. The checks run in the spec's
 * order (already crafting, recipe, level, unlocked, each ingredient); the
 * ingredients, less the resource discount, are taken at the start.
 */
export function startCraft<S extends CraftingState>(state: S, recipeId: string, now: number, timeScale = 1): StartCraftResult<S> {
  if (!Number.isFinite(now)) throw new RangeError(`now must be an epoch-ms timestamp, got ${now}`);
  if (state.activeCraft) throw new RuleError('already_crafting', "You're already crafting an item!");
  const recipe = recipeById(recipeId);
  if (!recipe) throw new RuleError('recipe_not_found', 'Recipe not found', { status: 404 });
  const level = craftingLevel(state.craftingXp);
  if (level < recipe.requiredLevel) {
    throw new RuleError('crafting_level_too_low', `You need crafting level ${recipe.requiredLevel} to craft this item.`);
  }
  if (!isRecipeUnlocked(state, recipe)) {
    throw new RuleError('recipe_locked', `You haven't unlocked the recipe for ${recipe.name} yet. Find a recipe scroll during adventures.`);
  }
  const needed = requiredIngredients(recipe.ingredients, craftingBonuses(level).resourceDiscount);
  for (const ingredient of needed) {
    if (countIngredient(state.inventory, ingredient) < ingredient.quantity) {
      throw new RuleError('missing_ingredient', `You don't have enough ${ingredient.name}`);
    }
  }
  const inventory = needed.reduce<S['inventory']>((inv, ingredient) => takeIngredient(inv, ingredient), state.inventory);
  const durationMs = craftDurationMs(recipe, level, timeScale);
  return {
    state: { ...state, inventory, activeCraft: { recipeId: recipe.id, startedAt: now, endsAt: now + durationMs } },
    recipe,
    ingredientsUsed: needed,
    durationMs,
    message: `You start crafting ${recipe.name}. It will be ready in ${formatDuration(durationMs)}.`,
  };
}
