export { completeCraft, nothingToCollect, type CompleteCraftResult } from './completeCraft.ts';
export { craftDurationMs, MIN_CRAFT_MINUTES, MINUTES_PER_REQUIRED_LEVEL } from './duration.ts';
export { countIngredient, discountedQuantity, ingredientMatches, requiredIngredients } from './ingredients.ts';
export {
  CRAFTING_MAX_LEVEL,
  CRAFTING_XP_TABLE,
  craftingBonuses,
  craftingLevel,
  craftingLevelProgress,
  MAX_QUALITY_BONUS,
  MAX_RESOURCE_DISCOUNT,
  MAX_SPEED_REDUCTION,
  type CraftingBonuses,
  type CraftingLevelProgress,
} from './level.ts';
export { craftProgress, type CraftProgress } from './progress.ts';
export { applyQuality } from './quality.ts';
export { notAScroll, readScroll, scrollNotFound, type ReadScrollResult } from './readScroll.ts';
export { createRecipeScroll, DROPPABLE_RECIPES, SCROLL_PRICE, unlockedRecipeCount } from './scrolls.ts';
export { RECIPE_SCROLL_BASE_CHANCE, RECIPE_SCROLL_CHANCE_PER_LEVEL, RECIPE_SCROLL_DROPS, recipeScrollChance } from './scrollDrops.ts';
export { isRecipeUnlocked, startCraft, type StartCraftResult } from './startCraft.ts';
export { type ActiveCraft, type CraftingState } from './state.ts';
export { CRAFTING_TITLES } from './texts.ts';
