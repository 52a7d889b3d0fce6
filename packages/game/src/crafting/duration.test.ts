import { describe, expect, it } from 'vitest';
import { recipeById } from '../content/recipes.ts';
import { craftDurationMs } from './duration.ts';

const recipe = (id: string) => {
  const found = recipeById(id);
  if (!found) throw new Error(id);
  return found;
};

describe('spec 02 §9 craft time', () => {
  it('refuses a time scale that is not a positive number', () => {
    expect(() => craftDurationMs(recipe('bread'), 1, 0)).toThrow(RangeError);
    expect(() => craftDurationMs(recipe('bread'), 1, -2)).toThrow(RangeError);
    expect(() => craftDurationMs(recipe('bread'), 1, Number.NaN)).toThrow(RangeError);
  });

  it('is requiredLevel x 3 minutes at crafting level 1', () => {
    expect(craftDurationMs(recipe('bread'), 1)).toBe(180_000);
    expect(craftDurationMs(recipe('steel_sword'), 3)).toBe(Math.round(540_000 * 0.89));
    expect(craftDurationMs(recipe('enchanted_sword'), 7)).toBe(Math.round(1_260_000 * 0.67));
  });

  it('takes off the speed bonus, never going below 1 minute', () => {
    expect(craftDurationMs(recipe('bread'), 10)).toBe(90_000);
    expect(craftDurationMs({ requiredLevel: 0 }, 10)).toBe(60_000);
  });

  it('divides by the time scale', () => {
    expect(craftDurationMs(recipe('bread'), 1, 60)).toBe(3_000);
    expect(craftDurationMs({ requiredLevel: 0 }, 1, 1000)).toBe(60);
  });
});
