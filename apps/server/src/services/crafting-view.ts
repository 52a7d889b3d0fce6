import {
  countIngredient,
  craftDurationMs,
  craftingBonuses,
  craftingLevelProgress,
  craftProgress,
  isRecipeUnlocked,
  RECIPE_CATEGORY_LABELS,
  recipeById,
  RECIPES,
  requiredIngredients,
  unlockedRecipeCount,
  type InventoryEntry,
} from '@rpg/game';
import type { CraftingView } from '@rpg/contract';
import type { CraftRow } from '../db/queries/crafting.ts';

export interface CraftingViewInput {
  craftingXp: number;
  unlockedRecipes: readonly string[];
  inventory: readonly InventoryEntry[];
  openCraft: CraftRow | undefined;
  now: Date;
  timeScale: number;
}

/** Spec 02 §2 "Crafting drawer": level, bonuses, every recipe with its stock, the craft in progress. */
export function toCraftingView({ craftingXp, unlockedRecipes, inventory, openCraft, now, timeScale }: CraftingViewInput): CraftingView {
  const { level, xp, levelXp, nextLevelXp } = craftingLevelProgress(craftingXp);
  const bonuses = craftingBonuses(level);
  const recipes = RECIPES.map((recipe) => {
    const ingredients = requiredIngredients(recipe.ingredients, bonuses.resourceDiscount).map((ingredient) => ({
      name: ingredient.name,
      ...(ingredient.tier ? { tier: ingredient.tier } : {}),
      need: ingredient.quantity,
      have: countIngredient(inventory, ingredient),
    }));
    const unlocked = isRecipeUnlocked({ unlockedRecipes }, recipe);
    return {
      id: recipe.id,
      name: recipe.name,
      category: recipe.category,
      categoryLabel: RECIPE_CATEGORY_LABELS[recipe.category],
      tier: recipe.tier,
      requiredLevel: recipe.requiredLevel,
      xpReward: recipe.xpReward,
      ingredients,
      result: recipe.result,
      unlocked,
      craftable: unlocked && level >= recipe.requiredLevel && ingredients.every((i) => i.have >= i.need),
      durationMs: craftDurationMs(recipe, level, timeScale),
    };
  });
  const recipeName = (id: string) => recipeById(id)?.name ?? id;
  let active: CraftingView['active'] = null;
  let finished: CraftingView['finished'] = null;
  if (openCraft?.result) {
    finished = { recipeId: openCraft.recipeId, recipeName: recipeName(openCraft.recipeId), endsAt: openCraft.endsAt.toISOString(), item: openCraft.result };
  } else if (openCraft) {
    const progress = craftProgress(
      { recipeId: openCraft.recipeId, startedAt: openCraft.startedAt.getTime(), endsAt: openCraft.endsAt.getTime() },
      now.getTime(),
    );
    active = {
      recipeId: openCraft.recipeId,
      recipeName: recipeName(openCraft.recipeId),
      startedAt: openCraft.startedAt.toISOString(),
      endsAt: openCraft.endsAt.toISOString(),
      progress: progress.fraction,
      remainingMs: Math.round(progress.remainingMs),
    };
  }
  return { level, xp, levelXp, nextLevelXp, bonuses, recipes, unlocked: unlockedRecipeCount(unlockedRecipes), active, finished };
}
