import { describe, expect, it } from 'vitest';
import { materialsOfBiome } from '../content/materials.ts';
import { copper } from '../currency/copper.ts';
import { createRng, type Rng } from '../rng.ts';
import { BIOMES, TIERS, type ScrollItem } from '../types.ts';
import {
  adventureLuck,
  gearDropChance,
  gearRollChance,
  maxMaterialDrops,
  maxMaterialQuantity,
  rarityWeights,
  rollDrops,
  rollMaterialDrops,
  rollRarity,
  type DropContext,
  type ExtraDrop,
} from './drops.ts';

/** An Rng that keeps the list order and answers chance() from a script. */
function scripted(chances: boolean[]): Rng {
  const base = createRng(0);
  return { ...base, shuffle: (items) => items.slice(), chance: () => chances.shift() ?? false, int: (min) => min };
}

describe('adventure drops (spec 02 §9 Rewards)', () => {
  it('refuses a level outside 1..10', () => {
    expect(() => rollDrops('forest', 0, createRng(1))).toThrow(RangeError);
    expect(() => rollDrops('forest', 11, createRng(1))).toThrow(RangeError);
  });

  it('allows up to 1 + floor(level / 3) materials of 1..1 + floor(level / 2) each', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(maxMaterialDrops)).toEqual([1, 1, 2, 2, 2, 3, 3, 3, 4, 4]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(maxMaterialQuantity)).toEqual([1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
  });

  it('rolls each material of the location at its drop rate, in shuffled order, up to the limit', () => {
    const forest = materialsOfBiome('forest');
    // level 3: limit 2; the 1st and 2nd materials fail, the 3rd and 4th drop, the rest are not rolled
    const drops = rollMaterialDrops('forest', 3, scripted([false, false, true, true, true]));
    expect(drops.map((d) => [d.item.name, d.quantity])).toEqual([
      [forest[2]!.name, 1],
      [forest[3]!.name, 1],
    ]);
    const rates: number[] = [];
    const counting: Rng = { ...scripted([]), chance: (p) => (rates.push(p), false) };
    expect(rollMaterialDrops('forest', 10, counting)).toEqual([]);
    expect(rates).toEqual(forest.map((m) => m.dropRate));
  });

  it('keeps every material drop inside the limits and the location', () => {
    for (const location of BIOMES) {
      const names = new Set(materialsOfBiome(location).map((m) => m.name));
      for (let level = 1; level <= 10; level++) {
        const rng = createRng(`${location}:${level}`);
        for (let i = 0; i < 100; i++) {
          const drops = rollMaterialDrops(location, level, rng);
          expect(drops.length).toBeLessThanOrEqual(maxMaterialDrops(level));
          expect(new Set(drops.map((d) => d.item.name)).size).toBe(drops.length);
          for (const d of drops) {
            expect(names.has(d.item.name)).toBe(true);
            expect(d.quantity).toBeGreaterThanOrEqual(1);
            expect(d.quantity).toBeLessThanOrEqual(maxMaterialQuantity(level));
          }
        }
      }
    }
  });

  it('drops gear only from level 3, with chance 0.3 + 0.05 x level and per roll 0.1 + 0.03 x level', () => {
    expect([1, 2].map(gearDropChance)).toEqual([0, 0]);
    expect(gearDropChance(3)).toBeCloseTo(0.45, 12);
    expect(gearDropChance(10)).toBeCloseTo(0.8, 12);
    expect(gearRollChance(3)).toBeCloseTo(0.19, 12);
    expect(gearRollChance(10)).toBeCloseTo(0.4, 12);
    const rng = createRng('low');
    for (let i = 0; i < 2000; i++) {
      expect(rollDrops('volcano', 2, rng).some((d) => d.item.kind === 'gear')).toBe(false);
    }
  });

  it('drops 0.8 x (0.7 x 0.4 + 0.3 x 2 x 0.4) = 0.416 gear items per level-10 adventure on average', () => {
    const rng = createRng('gear-rate');
    const n = 10_000;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const gear = rollDrops('caves', 10, rng).filter((d) => d.item.kind === 'gear');
      expect(gear.length).toBeLessThanOrEqual(2);
      for (const g of gear) {
        expect(g.quantity).toBe(1);
        if (g.item.kind === 'gear') expect(g.item.description).toContain('around level 50');
      }
      count += gear.length;
    }
    // variance of the count: E[X^2] - E[X]^2 with X in {0, 1, 2}
    const p2 = 0.8 * 0.3 * 0.16;
    const p1 = 0.8 * (0.7 * 0.4 + 0.3 * 2 * 0.4 * 0.6);
    const mean = p1 + 2 * p2;
    const se = Math.sqrt((p1 + 4 * p2 - mean * mean) / n);
    expect(mean).toBeCloseTo(0.416, 12);
    expect(Math.abs(count / n - mean)).toBeLessThan(3 * se);
  });

  it('shifts rarity weights with luck (0 at level 1, 1 at level 10), always summing to 100', () => {
    expect(adventureLuck(1)).toBe(0);
    expect(adventureLuck(10)).toBe(1);
    expect(adventureLuck(4)).toBeCloseTo(1 / 3, 12);
    expect(rarityWeights(0)).toEqual({ common: 60, uncommon: 25, rare: 10, epic: 4, legendary: 1 });
    expect(rarityWeights(1)).toEqual({ common: 30, uncommon: 35, rare: 20, epic: 11, legendary: 4 });
    expect(rarityWeights(0.5)).toEqual({ common: 45, uncommon: 30, rare: 15, epic: 7.5, legendary: 2.5 });
    expect(rarityWeights(7)).toEqual(rarityWeights(1));
    for (const luck of [0, 0.25, 0.5, 0.75, 1]) {
      expect(Object.values(rarityWeights(luck)).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
    }
  });

  it('rolls each rarity at its weight within 3 standard errors', () => {
    const n = 20_000;
    for (const luck of [0, 1]) {
      const rng = createRng(`rarity-${luck}`);
      const counts = Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<(typeof TIERS)[number], number>;
      for (let i = 0; i < n; i++) counts[rollRarity(rng, luck)]++;
      for (const tier of TIERS) {
        const p = rarityWeights(luck)[tier] / 100;
        expect(Math.abs(counts[tier] / n - p)).toBeLessThan(3 * Math.sqrt((p * (1 - p)) / n));
      }
    }
  });

  it('rolls extra drops (the recipe-scroll hook) with their chance and context', () => {
    const scroll: ScrollItem = {
      kind: 'scroll',
      name: 'Recipe: Iron Sword',
      tier: 'common',
      description: 'A recipe.',
      price: copper(0),
      recipeId: 'iron_sword',
    };
    const seen: DropContext[] = [];
    const extras: ExtraDrop[] = [
      { id: 'always', chance: (ctx) => (seen.push(ctx), 1), create: () => ({ item: scroll, quantity: 1 }) },
      { id: 'never', chance: 0, create: () => ({ item: scroll, quantity: 5 }) },
      { id: 'empty', chance: 1, create: () => null },
    ];
    const drops = rollDrops('desert', 4, createRng('extra'), { extraDrops: extras, extraLuck: 0.5 });
    expect(drops.filter((d) => d.item.kind === 'scroll')).toEqual([{ item: scroll, quantity: 1 }]);
    expect(seen).toEqual([{ location: 'desert', level: 4, luck: 1 / 3 + 0.5 }]);
  });

  it('replays the same drops for the same seed', () => {
    expect(rollDrops('ice', 9, createRng('same'))).toEqual(rollDrops('ice', 9, createRng('same')));
  });
});
