import { describe, expect, it } from 'vitest';
import type { InventoryEntry, ScrollItem } from '../types.ts';
import { readScroll } from './readScroll.ts';
import { createRecipeScroll } from './scrolls.ts';
import { crafter, materials } from './testInventory.testutil.ts';

const scrollRow = (scroll: ScrollItem, quantity = 1): InventoryEntry => ({ id: `scroll-${scroll.recipeId}`, item: scroll, quantity, equipped: false });

describe('spec 02 §5/§8 crafting: reading a recipe scroll, refusals first', () => {
  it('refuses a scroll that is not in the inventory', () => {
    expect(() => readScroll(crafter({ inventory: materials('Coal', 1) }), createRecipeScroll('elixir'))).toThrow('Scroll not found in inventory.');
  });

  it('refuses a scroll for a recipe that does not exist, keeping it', () => {
    const bogus: ScrollItem = { ...createRecipeScroll('elixir'), recipeId: 'golden_sword' };
    const state = crafter({ inventory: [scrollRow(bogus)] });
    expect(() => readScroll(state, bogus)).toThrow('Error processing recipe scroll.');
    expect(state.inventory).toHaveLength(1);
  });
});

describe('spec 02 §5 crafting: reading a recipe scroll', () => {
  it('unlocks the recipe and uses one scroll of the stack', () => {
    const scroll = createRecipeScroll('elixir');
    const state = crafter({ unlockedRecipes: ['steel_sword'], inventory: [...materials('Coal', 1), scrollRow(scroll, 2)] });
    const result = readScroll(state, scroll);
    expect(result).toMatchObject({ learned: true, title: 'Recipe Learned', message: 'You learned the recipe for Elixir! Find it in the crafting drawer.' });
    expect(result.state.unlockedRecipes).toEqual(['steel_sword', 'elixir']);
    expect(result.state.inventory.map((e) => [e.id, e.quantity])).toEqual([
      ['row-0', 1],
      ['scroll-elixir', 1],
    ]);
  });

  it("answers 'You already know this recipe.' and removes the scroll anyway", () => {
    const scroll = createRecipeScroll('elixir');
    const result = readScroll(crafter({ unlockedRecipes: ['elixir'], inventory: [scrollRow(scroll)] }), scroll);
    expect(result).toMatchObject({ learned: false, message: 'You already know this recipe.' });
    expect(result.state.inventory).toEqual([]);
    expect(result.state.unlockedRecipes).toEqual(['elixir']);
  });

  it('treats a common recipe as known', () => {
    const scroll = createRecipeScroll('bread');
    const result = readScroll(crafter({ inventory: [scrollRow(scroll)] }), scroll);
    expect(result).toMatchObject({ learned: false, message: 'You already know this recipe.' });
    expect(result.state.unlockedRecipes).toEqual([]);
  });
});
