import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { TIERS } from '../types.ts';
import { FOODS, foodPrice, rollFood } from './food.ts';

describe('food (spec 03 §3 food, §9 store constants)', () => {
  it('prices food at ceil(healthRestore x multiplier x 1.5) with multipliers 1, 3, 7, 15, 30', () => {
    expect(foodPrice(5, 'common')).toBe(8);
    expect(foodPrice(15, 'common')).toBe(23);
    expect(foodPrice(20, 'uncommon')).toBe(90);
    expect(foodPrice(45, 'rare')).toBe(473);
    expect(foodPrice(99, 'epic')).toBe(2228);
    expect(foodPrice(200, 'legendary')).toBe(9000);
    expect(foodPrice(250, 'legendary')).toBe(11250);
  });

  it('restores common 5-15, uncommon 20-30, rare 45-55, epic 90-100, legendary 200 or 250', () => {
    const ranges = { common: [5, 15], uncommon: [20, 30], rare: [45, 55], epic: [90, 100] } as const;
    const rng = createRng('food');
    for (const tier of ['common', 'uncommon', 'rare', 'epic'] as const) {
      const seen = new Set<number>();
      for (let i = 0; i < 400; i++) {
        const food = rollFood(rng, tier);
        expect(food.healthRestore).toBeGreaterThanOrEqual(ranges[tier][0]);
        expect(food.healthRestore).toBeLessThanOrEqual(ranges[tier][1]);
        expect(food.price).toBe(foodPrice(food.healthRestore, tier));
        seen.add(food.healthRestore);
      }
      expect(seen.size).toBe(11);
    }
    const legendary = new Set(Array.from({ length: 100 }, () => rollFood(rng, 'legendary').healthRestore));
    expect([...legendary].sort()).toEqual([200, 250]);
  });

  it('names every dish and keeps names unique across tiers', () => {
    const names = TIERS.flatMap((tier) => FOODS[tier].map((food) => food.name));
    expect(new Set(names).size).toBe(names.length);
    const bread = rollFood(createRng(7), 'common');
    expect(bread).toMatchObject({ kind: 'food', tier: 'common' });
    expect(bread.description.length).toBeGreaterThan(0);
  });
});
