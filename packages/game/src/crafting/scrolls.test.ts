import { describe, expect, it } from 'vitest';
import { createRecipeScroll, DROPPABLE_RECIPES, unlockedRecipeCount } from './scrolls.ts';

describe('spec 02 §2/§3 recipe scrolls', () => {
  it('refuses a scroll for an unknown recipe', () => {
    expect(() => createRecipeScroll('golden_sword')).toThrow(RangeError);
  });

  it('makes a scroll item for an adventure drop', () => {
    expect(createRecipeScroll('steel_sword')).toEqual({
      kind: 'scroll',
      recipeId: 'steel_sword',
      name: 'Recipe Scroll: Steel Sword',
      tier: 'uncommon',
      description: 'Read it to learn how to craft Steel Sword.',
      price: 200,
    });
  });

  it('drops only non-common recipes', () => {
    expect(DROPPABLE_RECIPES.map((r) => r.id)).toEqual([
      'steel_sword',
      'enchanted_sword',
      'mana_potion',
      'strong_health_potion',
      'elixir',
      'meat_stew',
      'mana_cake',
    ]);
  });

  it('counts unlocked recipes out of all non-common ones, ignoring commons, unknowns and repeats', () => {
    expect(unlockedRecipeCount([])).toEqual({ unlocked: 0, total: 7 });
    expect(unlockedRecipeCount(['steel_sword', 'iron_sword', 'bogus', 'steel_sword', 'elixir'])).toEqual({ unlocked: 2, total: 7 });
  });
});
