import { recipeById, type Recipe } from '../content/recipes.ts';
import { RuleError } from '../errors.ts';
import type { InventoryEntry, ScrollItem } from '../types.ts';
import { isRecipeUnlocked } from './startCraft.ts';
import type { CraftingState } from './state.ts';

export interface ReadScrollResult<S extends CraftingState> {
  state: S;
  recipe: Recipe;
  /** False when the recipe was already known (the scroll is used up anyway). */
  learned: boolean;
  title: string;
  message: string;
}

/** Spec 02 §5 "Crafting": the scroll to read is not in the backpack. */
export function scrollNotFound(): RuleError {
  return new RuleError('scroll_not_found', 'Scroll not found in inventory.', { status: 404 });
}

/** Spec 02 §5 "Crafting": only a recipe scroll is read. */
export function notAScroll(): RuleError {
  return new RuleError('not_a_scroll', 'This item cannot be used.');
}

function isScrollFor(entry: InventoryEntry, scroll: ScrollItem): boolean {
  return entry.item.kind === 'scroll' && entry.item.recipeId === scroll.recipeId;
}

/**
 * Spec 02 §5 "Crafting": reading a recipe scroll unlocks its recipe and uses
 * the scroll up (one unit of its stack). A known recipe answers 'You already
 * know this recipe.' and the scroll is removed all the same.
 */
export function readScroll<S extends CraftingState>(state: S, scroll: ScrollItem): ReadScrollResult<S> {
  const entry = state.inventory.find((candidate) => isScrollFor(candidate, scroll));
  if (!entry) throw scrollNotFound();
  const recipe = recipeById(scroll.recipeId);
  if (!recipe) throw new RuleError('unknown_recipe_scroll', 'Error processing recipe scroll.');
  const inventory =
    entry.quantity > 1
      ? state.inventory.map((candidate) => (candidate === entry ? { ...candidate, quantity: candidate.quantity - 1 } : candidate))
      : state.inventory.filter((candidate) => candidate !== entry);
  if (isRecipeUnlocked(state, recipe)) {
    return { state: { ...state, inventory }, recipe, learned: false, title: 'Recipe Already Known', message: 'You already know this recipe.' };
  }
  return {
    state: { ...state, inventory, unlockedRecipes: [...state.unlockedRecipes, recipe.id] },
    recipe,
    learned: true,
    title: 'Recipe Learned',
    message: `You learned the recipe for ${recipe.name}! Find it in the crafting drawer.`,
  };
}
