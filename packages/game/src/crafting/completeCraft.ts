import { recipeById, type CraftedItem, type Recipe } from '../content/recipes.ts';
import { RuleError } from '../errors.ts';
import { backpackUsage, findStack } from '../items/stack.ts';
import type { InventoryEntry } from '../types.ts';
import { craftingBonuses, craftingLevel } from './level.ts';
import { craftProgress } from './progress.ts';
import { applyQuality } from './quality.ts';
import { formatDuration, type CraftingState } from './state.ts';

export interface CompleteCraftResult<S extends CraftingState> {
  state: S;
  recipe: Recipe;
  item: CraftedItem;
  xpGained: number;
  levelBefore: number;
  levelAfter: number;
  messages: string[];
}

/**
 * Spec 02 §4/§5 "Crafting": collects a finished craft. The item, raised by
 * the quality bonus of the level it was finished at, goes into the backpack
 * (onto a matching stack, or into a free slot) and the recipe's XP is added.
 * With the backpack full the call is refused ('Backpack Full') and the craft
 * stays finished and claimable. `entryId` names a new inventory row.
 */
/** Spec 02 §5 "Crafting": collecting with no craft open (a conflict with the character's state). */
export function nothingToCollect(): RuleError {
  return new RuleError('not_crafting', "You're not crafting anything.", { status: 409 });
}

export function completeCraft<S extends CraftingState>(state: S, now: number, capacity: number, entryId?: string): CompleteCraftResult<S> {
  const craft = state.activeCraft;
  if (!craft) throw new RuleError('not_crafting', "You're not crafting anything.");
  const recipe = recipeById(craft.recipeId);
  if (!recipe) throw new RuleError('recipe_not_found', 'Recipe not found', { status: 404 });
  const progress = craftProgress(craft, now);
  if (!progress.finished) {
    throw new RuleError('craft_in_progress', `${recipe.name} is not ready yet. It will be ready in ${formatDuration(progress.remainingMs)}.`);
  }
  const levelBefore = craftingLevel(state.craftingXp);
  const item = applyQuality(recipe.result, craftingBonuses(levelBefore).qualityBonus);
  const stack = findStack(state.inventory, item);
  if (!stack && backpackUsage(state.inventory) >= capacity) {
    throw new RuleError('backpack_full', `Your backpack is full. Make room to collect your ${item.name}.`, { title: 'Backpack Full' });
  }
  const inventory: InventoryEntry[] = stack
    ? state.inventory.map((entry) => (entry === stack ? { ...entry, quantity: entry.quantity + 1 } : entry))
    : [...state.inventory, { id: entryId ?? `crafted-${recipe.id}-${now}`, item, quantity: 1, equipped: false }];
  const craftingXp = state.craftingXp + recipe.xpReward;
  const levelAfter = craftingLevel(craftingXp);
  const messages = [`You crafted ${item.name}! +${recipe.xpReward} crafting XP.`];
  if (levelAfter > levelBefore) messages.push(`Your crafting level is now ${levelAfter}!`);
  return {
    state: { ...state, inventory, craftingXp, activeCraft: null },
    recipe,
    item,
    xpGained: recipe.xpReward,
    levelBefore,
    levelAfter,
    messages,
  };
}
