import { createRecipeScroll, DROPPABLE_RECIPES, type DropContext, type ExtraDrop } from '@rpg/game';

/** Chance that a won adventure drops a recipe scroll: 2% plus 1% per adventure level (3% at level 1, 12% at 10). */
export function recipeScrollChance({ level }: Pick<DropContext, 'level'>): number {
  return Math.min(1, 0.02 + 0.01 * level);
}

/**
 * Spec 02 §2/§5: recipe scrolls are found during adventures. Pass to the rules'
 * `rollDrops(location, level, rng, { extraDrops: recipeScrollDrops })`: one roll per won
 * adventure; a scroll for one of the seven non-common recipes, picked evenly, quantity 1.
 */
export const recipeScrollDrops: readonly ExtraDrop[] = [
  {
    id: 'recipe-scroll',
    chance: recipeScrollChance,
    create: (rng) => ({ item: createRecipeScroll(rng.pick(DROPPABLE_RECIPES).id), quantity: 1 }),
  },
];
