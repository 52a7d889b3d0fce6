/**
 * The recipe-scroll drop is a rule of @rpg/game (crafting/scrollDrops.ts); the settlement is
 * wired with it under this name in app.ts.
 */
export { RECIPE_SCROLL_DROPS as recipeScrollDrops } from '@rpg/game';
