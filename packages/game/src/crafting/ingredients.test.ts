import { describe, expect, it } from 'vitest';
import type { InventoryEntry } from '../types.ts';
import { countIngredient, discountedQuantity, ingredientMatches, requiredIngredients, takeIngredient } from './ingredients.ts';
import { materials } from './testInventory.testutil.ts';

describe('spec 02 §5 crafting ingredients', () => {
  it('ignores other names, other tiers and equipped items', () => {
    const [ore] = materials('Iron Ore', 3) as [InventoryEntry];
    expect(ingredientMatches(ore, { name: 'Coal', quantity: 1 })).toBe(false);
    expect(ingredientMatches(ore, { name: 'Iron Ore', quantity: 1, tier: 'rare' })).toBe(false);
    expect(ingredientMatches({ ...ore, equipped: true }, { name: 'Iron Ore', quantity: 1 })).toBe(false);
  });

  it('matches names case-insensitively and the tier when one is given', () => {
    const [ore] = materials('Iron Ore', 3) as [InventoryEntry];
    expect(ingredientMatches(ore, { name: 'iron ORE', quantity: 1 })).toBe(true);
    expect(ingredientMatches(ore, { name: 'Iron Ore', quantity: 1, tier: 'common' })).toBe(true);
  });

  it('counts and takes over several stacks, removing emptied ones', () => {
    const inventory = [...materials('Iron Ore', 2, 'Coal', 5), { ...(materials('Iron Ore', 3)[0] as InventoryEntry), id: 'second' }];
    expect(countIngredient(inventory, { name: 'Iron Ore', quantity: 1 })).toBe(5);
    const after = takeIngredient(inventory, { name: 'iron ore', quantity: 4 });
    expect(after.map((e) => [e.id, e.item.name, e.quantity])).toEqual([
      ['row-1', 'Coal', 5],
      ['second', 'Iron Ore', 1],
    ]);
    expect(() => takeIngredient(inventory, { name: 'Iron Ore', quantity: 6 })).toThrow(RangeError);
  });

  it('lowers quantities by the rounded discount, never below 1', () => {
    expect([1, 2, 3, 4, 5].map((q) => discountedQuantity(q, 25))).toEqual([1, 1, 2, 3, 4]);
    expect([1, 2, 3, 4, 5].map((q) => discountedQuantity(q, 11))).toEqual([1, 2, 3, 4, 4]);
    expect([1, 2, 3, 4, 5].map((q) => discountedQuantity(q, 0))).toEqual([1, 2, 3, 4, 5]);
    expect(requiredIngredients([{ name: 'Mana Crystal', quantity: 2, tier: 'rare' }], 25)).toEqual([{ name: 'Mana Crystal', quantity: 1, tier: 'rare' }]);
  });
});
