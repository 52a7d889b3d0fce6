import { describe, expect, it } from 'vitest';
import { rollDrops } from '../adventure/drops.ts';
import { createRng } from '../rng.ts';
import { recipeScrollChance, RECIPE_SCROLL_DROPS } from './scrollDrops.ts';
import { DROPPABLE_RECIPES } from './scrolls.ts';

describe('recipe scroll drops (spec 02 §2/§5: recipe scrolls are found during adventures)', () => {
  it('drops at 2% plus 1% per adventure level, never above 1', () => {
    expect(recipeScrollChance({ level: 1 })).toBeCloseTo(0.03, 10);
    expect(recipeScrollChance({ level: 10 })).toBeCloseTo(0.12, 10);
    expect(recipeScrollChance({ level: 200 })).toBe(1);
  });

  it('adds one scroll of a droppable recipe to a won adventure at that rate', () => {
    const rng = createRng('scrolls');
    const droppable = new Set(DROPPABLE_RECIPES.map((recipe) => recipe.id));
    const n = 20_000;
    let scrolls = 0;
    for (let i = 0; i < n; i++) {
      for (const { item, quantity } of rollDrops('forest', 10, rng, { extraDrops: RECIPE_SCROLL_DROPS })) {
        if (item.kind !== 'scroll') continue;
        scrolls += 1;
        expect(quantity).toBe(1);
        expect(droppable.has(item.recipeId)).toBe(true);
      }
    }
    expect(Math.abs(scrolls / n - 0.12)).toBeLessThan(3 * Math.sqrt((0.12 * 0.88) / n));
  });
});
