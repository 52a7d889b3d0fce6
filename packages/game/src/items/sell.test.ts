import { describe, expect, it } from 'vitest';
import { copper } from '../currency/copper.ts';
import { TIERS, type FoodItem, type GearItem, type MaterialItem, type PotionItem, type Tier } from '../types.ts';
import { defaultUnitSellPrice, sellValue, sellValueAt, unitSellPrice } from './sell.ts';

const gear = (tier: Tier, price: number, sellPrice?: number): GearItem => ({
  kind: 'gear',
  name: 'Iron Sword',
  tier,
  slot: 'mainHand',
  stats: { attack: 3 },
  description: '',
  price: copper(price),
  ...(sellPrice === undefined ? {} : { sellPrice: copper(sellPrice) }),
});
const potion = (tier: Tier, price: number): PotionItem => ({
  kind: 'potion',
  name: 'Minor Health Potion',
  tier,
  target: 'health',
  potency: 3,
  description: '',
  price: copper(price),
});
const food = (price: number): FoodItem => ({ kind: 'food', name: 'Bread Loaf', tier: 'common', healthRestore: 5, description: '', price: copper(price) });
const material = (tier: Tier, price: number): MaterialItem => ({
  kind: 'material',
  name: 'Oak Wood',
  tier,
  materialId: 'oak-wood',
  biome: 'forest',
  description: '',
  price: copper(price),
});

describe('selling (spec 02 §9 selling)', () => {
  it('refuses a quantity below 1 or fractional', () => {
    expect(() => sellValue(gear('common', 10), 0)).toThrow(RangeError);
    expect(() => sellValue(gear('common', 10), -2)).toThrow(RangeError);
    expect(() => sellValue(gear('common', 10), 1.5)).toThrow(RangeError);
    expect(() => sellValueAt(copper(6), 0)).toThrow(RangeError);
  });

  it('an explicit sellPrice wins, times the quantity', () => {
    expect(sellValue(gear('rare', 5_000, 123), 1)).toBe(123);
    expect(sellValue({ ...potion('common', 10), sellPrice: copper(4) }, 5)).toBe(20);
  });

  it('gear without sellPrice: half the price (rounded down), never below 5, 20, 50, 200, 500 by tier', () => {
    expect(TIERS.map((tier) => sellValue(gear(tier, 0), 1))).toEqual([5, 20, 50, 200, 500]);
    expect(sellValue(gear('common', 7), 1)).toBe(5);
    expect(sellValue(gear('common', 15), 1)).toBe(7);
    expect(sellValue(gear('uncommon', 1_000), 1)).toBe(500);
    expect(sellValue(gear('rare', 5_001), 1)).toBe(2_500);
    expect(sellValue(gear('legendary', 100_000), 1)).toBe(50_000);
    expect(sellValue(gear('epic', 100), 1)).toBe(200);
  });

  it('items without a slot: 60% of the price (rounded down), at least 3, times the quantity', () => {
    expect(sellValue(potion('common', 10), 1)).toBe(6);
    expect(sellValue(potion('common', 10), 3)).toBe(18);
    expect(sellValue(potion('rare', 125), 1)).toBe(75);
    expect(sellValue(food(1), 1)).toBe(3);
    expect(sellValue(food(4), 2)).toBe(6);
    expect(sellValue(food(23), 1)).toBe(13);
    expect(sellValue(material('uncommon', 50), 10)).toBe(300);
  });

  it('items without a slot and without a price: 5, 15, 35, 150, 400 by tier', () => {
    expect(TIERS.map((tier) => sellValue(potion(tier, 0), 1))).toEqual([5, 15, 35, 150, 400]);
    expect(sellValue(material('epic', 0), 2)).toBe(300);
  });

  it('unitSellPrice and defaultUnitSellPrice agree with sellValue for one unit', () => {
    const item = potion('epic', 500);
    expect(defaultUnitSellPrice(item)).toBe(300);
    expect(unitSellPrice(item)).toBe(sellValue(item, 1));
  });

  it('sellValueAt: the unit value the inventory answers with, times the quantity (the web confirmation)', () => {
    expect(sellValueAt(copper(6), 1)).toBe(6);
    expect(sellValueAt(copper(60), 3)).toBe(180);
    const item = material('uncommon', 50);
    expect(sellValueAt(unitSellPrice(item), 10)).toBe(sellValue(item, 10));
  });
});
