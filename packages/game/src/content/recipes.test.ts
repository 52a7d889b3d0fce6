import { describe, expect, it } from 'vitest';
import { MATERIALS } from './materials.ts';
import { isKnownByDefault, recipeById, RECIPES, recipesInCategory, RECIPE_TIER_RULES } from './recipes.ts';

describe('spec 02 §3/§9 crafting recipes', () => {
  it('has no recipe under an unknown id', () => {
    expect(recipeById('golden_sword')).toBeUndefined();
  });

  it('lists the eleven recipes with their tabs and tiers', () => {
    expect(RECIPES.map((r) => [r.id, r.category, r.tier])).toEqual([
      ['iron_sword', 'weapons', 'common'],
      ['leather_armor', 'weapons', 'common'],
      ['steel_sword', 'weapons', 'uncommon'],
      ['enchanted_sword', 'weapons', 'epic'],
      ['health_potion', 'potions', 'common'],
      ['mana_potion', 'potions', 'uncommon'],
      ['strong_health_potion', 'potions', 'rare'],
      ['elixir', 'potions', 'rare'],
      ['bread', 'food', 'common'],
      ['meat_stew', 'food', 'uncommon'],
      ['mana_cake', 'food', 'uncommon'],
    ]);
    expect(recipesInCategory('food').map((r) => r.id)).toEqual(['bread', 'meat_stew', 'mana_cake']);
  });

  it('takes requiredLevel and xpReward from the tier: 1/5, 3/10, 5/20, 7/35, 10/50', () => {
    expect(RECIPE_TIER_RULES).toEqual({
      common: { requiredLevel: 1, xpReward: 5 },
      uncommon: { requiredLevel: 3, xpReward: 10 },
      rare: { requiredLevel: 5, xpReward: 20 },
      epic: { requiredLevel: 7, xpReward: 35 },
      legendary: { requiredLevel: 10, xpReward: 50 },
    });
    for (const recipe of RECIPES) expect(recipe).toMatchObject(RECIPE_TIER_RULES[recipe.tier]);
  });

  it('gives the spec potency and restore amounts', () => {
    const amount = (id: string) => {
      const result = recipeById(id)?.result;
      if (result?.kind === 'potion') return [result.target, result.potency];
      if (result?.kind === 'food') return result.manaRestore ? ['mana', result.manaRestore] : ['health', result.healthRestore];
      return null;
    };
    expect(amount('health_potion')).toEqual(['health', 20]);
    expect(amount('strong_health_potion')).toEqual(['health', 50]);
    expect(amount('mana_potion')).toEqual(['mana', 20]);
    expect(amount('elixir')).toEqual(['both', 30]);
    expect(amount('bread')).toEqual(['health', 10]);
    expect(amount('meat_stew')).toEqual(['health', 25]);
    expect(amount('mana_cake')).toEqual(['mana', 15]);
  });

  it('makes results that match the tab, tier and name', () => {
    const kind = { weapons: 'gear', potions: 'potion', food: 'food' } as const;
    for (const recipe of RECIPES) {
      expect(recipe.result.kind).toBe(kind[recipe.category]);
      expect(recipe.result.tier).toBe(recipe.tier);
      expect(recipe.result.name).toBe(recipe.name);
    }
  });

  it('draws every ingredient from the materials table, with its tier where one is given', () => {
    const byName = new Map(MATERIALS.map((m) => [m.name, m]));
    for (const recipe of RECIPES) {
      expect(recipe.ingredients.length).toBeGreaterThan(0);
      for (const ingredient of recipe.ingredients) {
        const material = byName.get(ingredient.name);
        expect(material, `${recipe.id}: ${ingredient.name}`).toBeDefined();
        expect(Number.isInteger(ingredient.quantity) && ingredient.quantity > 0).toBe(true);
        if (ingredient.tier) expect(material?.tier).toBe(ingredient.tier);
      }
    }
  });

  it('keeps common recipes craftable from forest or common-tier materials', () => {
    const byName = new Map(MATERIALS.map((m) => [m.name, m]));
    for (const recipe of RECIPES.filter(isKnownByDefault)) {
      for (const ingredient of recipe.ingredients) {
        const material = byName.get(ingredient.name);
        expect(material?.biome === 'forest' || material?.tier === 'common', `${recipe.id}: ${ingredient.name}`).toBe(true);
        expect(['common', 'uncommon']).toContain(material?.tier);
      }
    }
  });
});
