import { describe, expect, it } from 'vitest';
import { BACKPACKS } from '../content/backpacks.ts';
import { FOODS } from '../content/food.ts';
import { GEAR_PRICE_RANGE } from '../content/gear.ts';
import { createRng } from '../rng.ts';
import { TIERS, type Tier } from '../types.ts';
import { allOffers, drawDistinct, FOOD_TIER_ODDS, findOffer, GEAR_TIER_ODDS, generateStore, rollTier, storeGearPriceFactor, storeSeed } from './generate.ts';

function tierShares(draw: () => Tier, count: number): Record<Tier, number> {
  const counts: Record<Tier, number> = { common: 0, uncommon: 0, rare: 0, epic: 0, legendary: 0 };
  for (let i = 0; i < count; i++) counts[draw()] += 1;
  return Object.fromEntries(TIERS.map((tier) => [tier, counts[tier] / count])) as Record<Tier, number>;
}

describe('store generation (spec 03 §4 store, §9 store constants)', () => {
  it('refuses a level below 1', () => {
    expect(() => generateStore(createRng(1), 0)).toThrow(RangeError);
  });

  it('offers 6 gear, 6 potions, 6 food and every backpack (5) from level 10, unsold, with stable ids', () => {
    const stock = generateStore(createRng('stock'), 12);
    expect(stock.gear.map((offer) => offer.id)).toEqual(['gear-0', 'gear-1', 'gear-2', 'gear-3', 'gear-4', 'gear-5']);
    expect(stock.potions.map((offer) => offer.id)).toEqual(['potion-0', 'potion-1', 'potion-2', 'potion-3', 'potion-4', 'potion-5']);
    expect(stock.food.map((offer) => offer.id)).toEqual(['food-0', 'food-1', 'food-2', 'food-3', 'food-4', 'food-5']);
    expect(stock.backpacks.map((offer) => offer.id)).toEqual(['backpack-0', 'backpack-1', 'backpack-2', 'backpack-3', 'backpack-4']);
    for (const offer of allOffers(stock)) {
      expect(offer.sold).toBe(false);
      expect(offer.price).toBe(offer.item.price);
    }
    expect(findOffer(stock, 'food-3')).toBe(stock.food[3]);
    expect(findOffer(stock, 'food-6')).toBeUndefined();
  });

  it('replays the same stock from the same seed (character + window start)', () => {
    expect(storeSeed('c1', 1_700_000_000_000)).toBe('store:c1:1700000000000');
    const seed = storeSeed('c1', 1_700_000_000_000);
    expect(generateStore(createRng(seed), 7)).toEqual(generateStore(createRng(seed), 7));
    expect(generateStore(createRng(storeSeed('c2', 1_700_000_000_000)), 7)).not.toEqual(generateStore(createRng(seed), 7));
  });

  it('draws gear tiers at 0.6 / 0.3 / 0.09 / 0.009 / 0.001 from level 10 (200,000 draws, within tolerance)', () => {
    const rng = createRng('gear-odds');
    const shares = tierShares(() => rollTier(rng, GEAR_TIER_ODDS), 200_000);
    expect(shares.common).toBeCloseTo(0.6, 2);
    expect(shares.uncommon).toBeCloseTo(0.3, 2);
    expect(shares.rare).toBeCloseTo(0.09, 2);
    expect(Math.abs(shares.epic - 0.009)).toBeLessThan(0.0015);
    expect(Math.abs(shares.legendary - 0.001)).toBeLessThan(0.0005);
  });

  it('draws food tiers at 0.6 / 0.3 / 0.08 / 0.018 / 0.002 (200,000 draws, within tolerance)', () => {
    const rng = createRng('food-odds');
    const shares = tierShares(() => rollTier(rng, FOOD_TIER_ODDS), 200_000);
    expect(shares.common).toBeCloseTo(0.6, 2);
    expect(shares.uncommon).toBeCloseTo(0.3, 2);
    expect(shares.rare).toBeCloseTo(0.08, 2);
    expect(Math.abs(shares.epic - 0.018)).toBeLessThan(0.002);
    expect(Math.abs(shares.legendary - 0.002)).toBeLessThan(0.0007);
  });

  it('store gear below level 10 is 80% common and 20% uncommon, nothing higher', () => {
    const rng = createRng('low-level');
    const tiers: Tier[] = [];
    for (let i = 0; i < 2_000; i++) tiers.push(...generateStore(rng, 9).gear.map((offer) => offer.item.tier));
    const share = (tier: Tier): number => tiers.filter((t) => t === tier).length / tiers.length;
    expect(share('rare') + share('epic') + share('legendary')).toBe(0);
    expect(share('common')).toBeGreaterThan(0.76);
    expect(share('common')).toBeLessThan(0.84);
  });

  it('store gear from level 10 follows the full odds, made for the character level, priced in range x the level factor (issue 42)', () => {
    const rng = createRng('high-level');
    const gear = Array.from({ length: 1_000 }, () => generateStore(rng, 10).gear).flat();
    const rareOrBetter = gear.filter((offer) => offer.item.tier !== 'common' && offer.item.tier !== 'uncommon').length / gear.length;
    expect(rareOrBetter).toBeGreaterThan(0.07);
    expect(rareOrBetter).toBeLessThan(0.13);
    for (const offer of gear) {
      expect(offer.item.description).toContain('around level 10');
      // 1 + 0.5 x 9 = 5.5 times the spec 03 §9 range at level 10; the sell price stays half the price.
      expect(storeGearPriceFactor(10)).toBe(5.5);
      expect(offer.price).toBeGreaterThanOrEqual(Math.round(GEAR_PRICE_RANGE[offer.item.tier].min * 5.5));
      expect(offer.price).toBeLessThanOrEqual(Math.round(GEAR_PRICE_RANGE[offer.item.tier].max * 5.5));
      expect(offer.item.sellPrice).toBeLessThan(offer.price);
    }
    for (const offer of generateStore(createRng('level-one'), 1).gear) {
      expect(offer.price).toBeLessThanOrEqual(GEAR_PRICE_RANGE[offer.item.tier].max);
    }
  });

  it('re-picks to avoid duplicate names: six different gear and food offers (spec 03 §9)', () => {
    const rng = createRng('dupes');
    let duplicateGear = 0;
    for (let i = 0; i < 300; i++) {
      const stock = generateStore(rng, 25);
      const names = stock.gear.map((offer) => offer.item.name);
      if (new Set(names).size < names.length) duplicateGear++;
      expect(new Set(stock.food.map((offer) => offer.item.name)).size).toBe(6);
      expect(stock.gear).toHaveLength(6);
    }
    expect(duplicateGear).toBe(0);
  });

  it('shows the Backpacks tab below level 10 as two different packs, never six copies (spec 03 §9 backpacks at the gear odds)', () => {
    for (let seed = 0; seed < 200; seed++) {
      for (const level of [1, 5, 9]) {
        const { backpacks } = generateStore(createRng(`packs-${seed}`), level);
        expect(backpacks.map((offer) => offer.id)).toEqual(['backpack-0', 'backpack-1']);
        expect(new Set(backpacks.map((offer) => offer.item.tier))).toEqual(new Set(['common', 'uncommon']));
      }
    }
  });

  it('shows the first backpack at the gear odds (80% common below level 10)', () => {
    const rng = createRng('first-pack');
    const firsts = Array.from({ length: 4_000 }, () => generateStore(rng, 3).backpacks[0]?.item.tier);
    const common = firsts.filter((tier) => tier === 'common').length / firsts.length;
    expect(common).toBeGreaterThan(0.77);
    expect(common).toBeLessThan(0.83);
  });

  it('shows potions at levels 1-4 as the two there are, never six copies of two (spec 03 §9 potion tiers)', () => {
    for (let seed = 0; seed < 200; seed++) {
      for (const level of [1, 4]) {
        const { potions } = generateStore(createRng(`potions-${seed}`), level);
        expect(potions.map((offer) => offer.id)).toEqual(['potion-0', 'potion-1']);
        expect(new Set(potions.map((offer) => offer.item.name))).toEqual(new Set(['Minor Health Potion', 'Minor Mana Potion']));
      }
      expect(new Set(generateStore(createRng(`potions-${seed}`), 7).potions.map((offer) => offer.item.name)).size).toBe(4);
      for (const level of [10, 14, 20, 50]) {
        const names = generateStore(createRng(`potions-${seed}`), level).potions.map((offer) => offer.item.name);
        expect(new Set(names).size).toBe(6);
        expect(names).toHaveLength(6);
      }
    }
  });

  it('draws distinct choices at the weights of those left, skipping weight 0 (spec 03 §9 "retried to avoid duplicates")', () => {
    const pool = [
      { value: 'a', weight: 3 },
      { value: 'b', weight: 1 },
      { value: 'c', weight: 0 },
    ];
    expect(drawDistinct(createRng(1), pool, 6).sort()).toEqual(['a', 'b']);
    expect(drawDistinct(createRng(1), pool, 1)).toHaveLength(1);
    expect(drawDistinct(createRng(1), [], 6)).toEqual([]);
    const rng = createRng('weights');
    const firstIsA = Array.from({ length: 20_000 }, () => drawDistinct(rng, pool, 1)[0] === 'a').filter(Boolean).length / 20_000;
    expect(firstIsA).toBeCloseTo(0.75, 1);
  });

  it('offers potions of the unlocked tiers only, health and mana', () => {
    const rng = createRng('potions');
    const at = (level: number): Set<Tier> => new Set(Array.from({ length: 200 }, () => generateStore(rng, level).potions.map((o) => o.item.tier)).flat());
    expect(at(4)).toEqual(new Set(['common']));
    expect(at(9)).toEqual(new Set(['common', 'uncommon']));
    expect(at(20)).toEqual(new Set(TIERS));
    const targets = Array.from({ length: 500 }, () => generateStore(rng, 20).potions.map((o) => o.item.target)).flat();
    const healthShare = targets.filter((target) => target === 'health').length / targets.length;
    expect(healthShare).toBeGreaterThan(0.45);
    expect(healthShare).toBeLessThan(0.55);
    expect(new Set(targets)).toEqual(new Set(['health', 'mana']));
  });

  it('offers food from the food table and backpacks from the backpack table', () => {
    const stock = generateStore(createRng('tables'), 30);
    const foodNames = TIERS.flatMap((tier) => FOODS[tier].map((food) => food.name));
    for (const offer of stock.food) expect(foodNames).toContain(offer.item.name);
    for (const offer of stock.backpacks) expect(offer.item).toBe(BACKPACKS[offer.item.tier]);
  });
});
