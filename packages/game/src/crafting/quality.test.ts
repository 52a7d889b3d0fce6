import { describe, expect, it } from 'vitest';
import { recipeById, type CraftedItem } from '../content/recipes.ts';
import type { GearItem } from '../types.ts';
import { applyQuality } from './quality.ts';

const result = (id: string): CraftedItem => {
  const found = recipeById(id);
  if (!found) throw new Error(id);
  return found.result;
};

describe('spec 02 §9 crafting quality bonus', () => {
  it('leaves the item as it is at 0% or when rounding changes nothing', () => {
    expect(applyQuality(result('iron_sword'), 0)).toBe(result('iron_sword'));
    expect(applyQuality(result('iron_sword'), 3)).toBe(result('iron_sword'));
    expect(applyQuality(result('bread'), 3)).toBe(result('bread'));
  });

  it('raises potency and restore amounts and marks the name', () => {
    expect(applyQuality(result('health_potion'), 25)).toMatchObject({
      name: 'Health Potion (+25%)',
      potency: 25,
      description: 'A red draught that closes wounds. Quality bonus +25%.',
    });
    expect(applyQuality(result('health_potion'), 3)).toMatchObject({ potency: 21, name: 'Health Potion (+3%)' });
    expect(applyQuality(result('meat_stew'), 14)).toMatchObject({ healthRestore: 29, name: 'Meat Stew (+14%)' });
  });

  it('raises positive gear stats and keeps negative ones and the name', () => {
    expect(applyQuality(result('enchanted_sword'), 25)).toMatchObject({ name: 'Enchanted Sword', stats: { attack: 15, speed: 3 } });
    const cursed: GearItem = { ...(result('iron_sword') as GearItem), stats: { attack: 10, speed: -2 } };
    expect(applyQuality(cursed, 25)).toMatchObject({ stats: { attack: 13, speed: -2 } });
  });
});
