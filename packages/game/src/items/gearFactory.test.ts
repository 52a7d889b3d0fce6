import { describe, expect, it } from 'vitest';
import { GEAR_PRICE_RANGE, GEAR_SLOT_CONTENT, GEAR_TIER_MULTIPLIER } from '../content/gear.ts';
import { createRng } from '../rng.ts';
import { GEAR_SLOTS, GEAR_STATS, TIERS, type GearItem, type Tier } from '../types.ts';
import { createGear } from './gearFactory.ts';
import { defaultUnitSellPrice } from './sell.ts';

function sample(tier: Tier, level: number, count: number, seed = 'gear'): GearItem[] {
  const rng = createRng(`${seed}-${tier}-${level}`);
  return Array.from({ length: count }, () => createGear(rng, { tier, level }));
}

describe('gear generation (spec 02 §9 rewards, spec 03 §3 gear, §9 prices)', () => {
  it('refuses a level below 1 or a fractional level', () => {
    expect(() => createGear(createRng(1), { tier: 'common', level: 0 })).toThrow(RangeError);
    expect(() => createGear(createRng(1), { tier: 'common', level: 2.5 })).toThrow(RangeError);
  });

  it('replays exactly from the same seed', () => {
    expect(createGear(createRng(42), { tier: 'epic', level: 20 })).toEqual(createGear(createRng(42), { tier: 'epic', level: 20 }));
  });

  it('keeps the requested slot and names the item "<Tier> <Material> <Noun>"', () => {
    const rng = createRng('slot');
    for (const slot of GEAR_SLOTS) {
      const item = createGear(rng, { tier: 'rare', level: 5, slot });
      expect(item.kind).toBe('gear');
      expect(item.slot).toBe(slot);
      const [label, material, ...noun] = item.name.split(' ');
      expect(label).toBe('Rare');
      expect(GEAR_SLOT_CONTENT[slot].materials).toContain(material);
      expect(GEAR_SLOT_CONTENT[slot].nouns).toContain(noun.join(' '));
      expect(item.description).toMatch(/^A rare .+ crafted from .+, made for adventurers around level 5\.$/);
    }
  });

  it('draws every slot when none is asked for', () => {
    const slots = new Set(sample('common', 1, 400).map((item) => item.slot));
    expect([...slots].sort()).toEqual([...GEAR_SLOTS].sort());
  });

  it('gives 1 to 3 stats, always including the slot primary stat, only attack/defense/speed/health', () => {
    for (const tier of TIERS) {
      for (const item of sample(tier, 15, 300)) {
        const keys = Object.keys(item.stats);
        expect(keys.length).toBeGreaterThanOrEqual(1);
        expect(keys.length).toBeLessThanOrEqual(3);
        for (const key of keys) expect(GEAR_STATS).toContain(key);
        expect(item.stats[GEAR_SLOT_CONTENT[item.slot].primary]).toBeGreaterThan(0);
      }
    }
  });

  it('legendary gear always has 3 stats; common gear at most 2', () => {
    for (const item of sample('legendary', 10, 200)) expect(Object.keys(item.stats)).toHaveLength(3);
    for (const item of sample('common', 10, 200)) expect(Object.keys(item.stats).length).toBeLessThanOrEqual(2);
  });

  it('keeps speed small: 1..4 points, never scaled by level', () => {
    for (const tier of TIERS) {
      for (const item of sample(tier, 50, 300)) {
        const speed = item.stats.speed;
        if (speed !== undefined) expect(Math.abs(speed)).toBeLessThanOrEqual(4);
      }
    }
    const boots = createGear(createRng(3), { tier: 'common', level: 50, slot: 'feet' });
    expect(boots.stats.speed).toBe(1);
  });

  it('has negative stats only at rare and above, only on a secondary stat, and occasionally', () => {
    for (const tier of ['common', 'uncommon'] as const) {
      for (const item of sample(tier, 30, 500)) for (const value of Object.values(item.stats)) expect(value).toBeGreaterThan(0);
    }
    const epic = sample('epic', 30, 2000);
    const withMinus = epic.filter((item) => Object.values(item.stats).some((value) => value < 0));
    expect(withMinus.length / epic.length).toBeGreaterThan(0.1);
    expect(withMinus.length / epic.length).toBeLessThan(0.25);
    for (const item of withMinus) {
      expect(item.stats[GEAR_SLOT_CONTENT[item.slot].primary]).toBeGreaterThan(0);
      expect(Object.values(item.stats).filter((value) => value < 0)).toHaveLength(1);
    }
  });

  it('scales the primary stat with level and with the tier multiplier 1, 1.2, 1.5, 1.8, 2.5', () => {
    expect(Object.values(GEAR_TIER_MULTIPLIER)).toEqual([1, 1.2, 1.5, 1.8, 2.5]);
    const mean = (tier: Tier, level: number): number => {
      const rng = createRng(`mean-${tier}-${level}`);
      let sum = 0;
      for (let i = 0; i < 500; i++) sum += createGear(rng, { tier, level, slot: 'mainHand' }).stats.attack ?? 0;
      return sum / 500;
    };
    // mainHand: base attack 3 x (1 + 0.1 (level - 1)) x multiplier, +-15% around it
    expect(mean('common', 1)).toBeCloseTo(3, 0);
    expect(mean('common', 11)).toBeCloseTo(6, 0);
    expect(mean('legendary', 11)).toBeCloseTo(15, 0);
    expect(mean('rare', 21)).toBeGreaterThan(mean('uncommon', 21));
    expect(mean('epic', 21)).toBeGreaterThan(mean('rare', 21));
  });

  it('prices within the store range of the tier: common 5-20c, uncommon 5-20s, rare 30-70s, epic 1-4g, legendary 8-20g', () => {
    for (const tier of TIERS) {
      const { min, max } = GEAR_PRICE_RANGE[tier];
      for (const item of sample(tier, 10, 300)) {
        expect(item.price).toBeGreaterThanOrEqual(min);
        expect(item.price).toBeLessThanOrEqual(max);
        if (tier !== 'common') expect(item.price % 100).toBe(0);
      }
    }
    expect(GEAR_PRICE_RANGE.common).toMatchObject({ min: 5, max: 20 });
    expect(GEAR_PRICE_RANGE.uncommon).toMatchObject({ min: 500, max: 2_000 });
    expect(GEAR_PRICE_RANGE.rare).toMatchObject({ min: 3_000, max: 7_000 });
    expect(GEAR_PRICE_RANGE.epic).toMatchObject({ min: 10_000, max: 40_000 });
    expect(GEAR_PRICE_RANGE.legendary).toMatchObject({ min: 80_000, max: 200_000 });
  });

  it('sets sellPrice by the sell rule: half the price, never below the tier amount', () => {
    for (const tier of TIERS) {
      for (const item of sample(tier, 10, 50)) {
        expect(item.sellPrice).toBe(defaultUnitSellPrice(item));
      }
    }
    const cheap = sample('common', 1, 200);
    expect(cheap.every((item) => item.sellPrice === Math.max(5, Math.floor(item.price / 2)))).toBe(true);
  });
});
