import type { Ingredient } from '../content/recipes.ts';
import type { InventoryEntry } from '../types.ts';

/** Spec 02 §5: matched by name case-insensitively, and by tier when the ingredient gives one. Equipped items never count. */
export function ingredientMatches(entry: InventoryEntry, ingredient: Ingredient): boolean {
  if (entry.equipped) return false;
  if (entry.item.name.trim().toLowerCase() !== ingredient.name.trim().toLowerCase()) return false;
  return ingredient.tier === undefined || entry.item.tier === ingredient.tier;
}

/** How many of an ingredient the inventory holds, over all matching stacks. */
export function countIngredient(inventory: readonly InventoryEntry[], ingredient: Ingredient): number {
  return inventory.reduce((sum, entry) => (ingredientMatches(entry, ingredient) ? sum + entry.quantity : sum), 0);
}

/**
 * The resource discount lowers each quantity by round(quantity x discount%),
 * halves rounding up, and never below 1: with 25%, 1 -> 1, 2 -> 1, 3 -> 2, 4 -> 3.
 */
export function discountedQuantity(quantity: number, discountPercent: number): number {
  return Math.max(1, quantity - Math.round((quantity * discountPercent) / 100));
}

/** The ingredient lines a craft needs at a discount. */
export function requiredIngredients(ingredients: readonly Ingredient[], discountPercent: number): Ingredient[] {
  return ingredients.map((ingredient) => ({ ...ingredient, quantity: discountedQuantity(ingredient.quantity, discountPercent) }));
}

/** The inventory with `ingredient.quantity` units taken from matching stacks, first stacks first; emptied stacks leave. */
export function takeIngredient(inventory: readonly InventoryEntry[], ingredient: Ingredient): InventoryEntry[] {
  let remaining = ingredient.quantity;
  const out: InventoryEntry[] = [];
  for (const entry of inventory) {
    if (remaining > 0 && ingredientMatches(entry, ingredient)) {
      const taken = Math.min(remaining, entry.quantity);
      remaining -= taken;
      if (entry.quantity > taken) out.push({ ...entry, quantity: entry.quantity - taken });
      continue;
    }
    out.push(entry);
  }
  if (remaining > 0) throw new RangeError(`not enough ${ingredient.name} to take ${ingredient.quantity}`);
  return out;
}
