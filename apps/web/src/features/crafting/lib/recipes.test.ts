import type { RecipeView } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { craftBlockReason, recipesByCategory } from './recipes';

function recipe(overrides: Partial<RecipeView> = {}): RecipeView {
  return {
    id: 'health_potion',
    name: 'Health Potion',
    category: 'potions',
    categoryLabel: 'Potions',
    tier: 'common',
    requiredLevel: 1,
    xpReward: 5,
    ingredients: [
      { name: 'Healing Herb', need: 2, have: 2 },
      { name: 'Wild Berries', need: 1, have: 1 },
    ],
    result: { kind: 'potion', name: 'Health Potion', tier: 'common', target: 'health', potency: 20, price: 50, description: '' },
    unlocked: true,
    craftable: true,
    durationMs: 9_000,
    ...overrides,
  };
}

const idle = { level: 1, active: null, finished: null };
const running = { ...idle, active: { recipeId: 'bread', recipeName: 'Bread', startedAt: '', endsAt: '', progress: 0.5, remainingMs: 1 } };

describe('why Craft is disabled (spec 02 sections 5 and 8)', () => {
  it('says a locked recipe needs a scroll', () => {
    expect(craftBlockReason(recipe({ name: 'Steel Sword', unlocked: false, craftable: false }), idle)).toBe(
      "You haven't unlocked the recipe for Steel Sword yet. Find a recipe scroll during adventures.",
    );
  });

  it('refuses a second craft while one runs or waits to be collected', () => {
    expect(craftBlockReason(recipe(), running)).toBe("You're already crafting an item!");
    expect(craftBlockReason(recipe(), { ...idle, finished: { recipeId: 'bread', recipeName: 'Bread', endsAt: '', item: recipe().result } })).toBe(
      "You're already crafting an item!",
    );
  });

  it('names the level, then the first missing ingredient', () => {
    expect(craftBlockReason(recipe({ requiredLevel: 3, craftable: false }), idle)).toBe('You need crafting level 3 to craft this item.');
    const short = recipe({
      craftable: false,
      ingredients: [
        { name: 'Healing Herb', need: 2, have: 1 },
        { name: 'Wild Berries', need: 1, have: 0 },
      ],
    });
    expect(craftBlockReason(short, idle)).toBe("You don't have enough Healing Herb");
  });

  it('has no reason for a craftable recipe', () => {
    expect(craftBlockReason(recipe(), idle)).toBeNull();
  });
});

describe('the drawer tabs', () => {
  it('lists weapons, potions and food in that order, each with its recipes', () => {
    const groups = recipesByCategory([recipe(), recipe({ id: 'bread', category: 'food' })]);
    expect(groups.map((group) => group.category)).toEqual(['weapons', 'potions', 'food']);
    expect(groups.map((group) => group.recipes.length)).toEqual([0, 1, 1]);
  });
});
