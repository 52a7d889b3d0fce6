import { describe, expect, it } from 'vitest';
import { BIOMES } from '../types.ts';
import { MATERIALS, materialById, materialItem, materialsOfBiome, materialStack } from './materials.ts';

const NAMES = {
  forest: ['Oak Wood', 'Healing Herb', 'Wild Berries', 'Wolf Pelt', 'Wild Wheat', 'Raw Meat', 'Moonpetal'],
  desert: ['Sandstone', 'Cactus Fruit', 'Scorpion Venom', 'Desert Rose', 'Sun Crystal', 'Copper Ore', 'Camel Hide'],
  ice: ['Frost Crystal', 'Snow Lotus', 'Mammoth Fur', 'Glacier Water', 'Ice Fish', 'Frozen Heart', 'Silver Ore'],
  volcano: ['Obsidian', 'Fire Essence', 'Sulfur', 'Magma Core', 'Ember Moss', 'Dragon Scale', 'Ashwood'],
  caves: ['Iron Ore', 'Coal', 'Cave Mushroom', 'Bat Wing', 'Glowstone', 'Mana Crystal', 'Ancient Bone'],
} as const;

describe('materials (spec 02 §3 Material, §9 Rewards; DECISIONS §3)', () => {
  it('refuses an unknown material and a bad quantity', () => {
    expect(materialById('unobtainium')).toBeUndefined();
    expect(() => materialItem('unobtainium')).toThrow(RangeError);
    expect(() => materialStack('oak_wood', 0)).toThrow(RangeError);
    expect(() => materialStack('oak_wood', 1.5)).toThrow(RangeError);
  });

  it('has exactly the seven named materials per biome, 35 in all, with unique snake_case ids', () => {
    expect(MATERIALS).toHaveLength(35);
    for (const biome of BIOMES) {
      expect(materialsOfBiome(biome).map((m) => m.name)).toEqual(NAMES[biome]);
    }
    expect(new Set(MATERIALS.map((m) => m.id)).size).toBe(35);
    expect(materialById('oak_wood')?.name).toBe('Oak Wood');
    expect(materialById('scorpion_venom')?.biome).toBe('desert');
    expect(materialById('ancient_bone')?.biome).toBe('caves');
    for (const m of MATERIALS) expect(m.id).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('gives every material a drop rate in (0, 1], a buy price and half of it as sell price', () => {
    for (const m of MATERIALS) {
      expect(m.dropRate).toBeGreaterThan(0);
      expect(m.dropRate).toBeLessThanOrEqual(1);
      expect(m.buy).toBeGreaterThan(0);
      expect(m.sell).toBe(Math.floor(m.buy / 2));
      expect(m.description.length).toBeGreaterThan(0);
    }
    expect(materialById('dragon_scale')).toMatchObject({ tier: 'legendary', dropRate: 0.02, buy: 1500, sell: 750 });
    expect(materialById('oak_wood')).toMatchObject({ tier: 'common', dropRate: 0.6, buy: 10, sell: 5 });
  });

  it('builds an inventory item and a stack by value or id', () => {
    const herb = materialById('healing_herb');
    expect(herb).toBeDefined();
    expect(materialItem('healing_herb')).toEqual({
      kind: 'material',
      materialId: 'healing_herb',
      name: 'Healing Herb',
      biome: 'forest',
      tier: 'common',
      description: 'A fragrant leaf that closes small wounds.',
      price: 15,
      sellPrice: 7,
    });
    expect(materialStack(herb!, 3)).toEqual({ item: materialItem('healing_herb'), quantity: 3 });
    expect(materialStack('coal').quantity).toBe(1);
  });
});
