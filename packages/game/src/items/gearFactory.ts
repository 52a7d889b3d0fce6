import {
  GEAR_LEVEL_GROWTH,
  GEAR_NEGATIVE_STAT_CHANCE,
  GEAR_PRICE_RANGE,
  GEAR_SECONDARY_BASE,
  GEAR_SLOT_CONTENT,
  GEAR_SPEED_RANGE,
  GEAR_STAT_COUNT,
  GEAR_TIER_MULTIPLIER,
  TIER_LABEL,
} from '../content/gear.ts';
import { copper, type Copper } from '../currency/copper.ts';
import type { Rng } from '../rng.ts';
import { GEAR_SLOTS, GEAR_STATS, type GearItem, type GearSlot, type GearStat, type GearStats, type Tier } from '../types.ts';
import { defaultUnitSellPrice } from './sell.ts';

export interface CreateGearOptions {
  tier: Tier;
  /** The level the item is made for (a character or adventure level), at least 1. */
  level: number;
  /** A slot; random when left out. */
  slot?: GearSlot;
}

function rollSpeed(rng: Rng, tier: Tier): number {
  const [min, max] = GEAR_SPEED_RANGE[tier];
  return rng.int(min, max);
}

/** base x (1 + 0.1 per level above 1) x tier multiplier x 85..115%, at least 1. */
function rollScaled(rng: Rng, base: number, tier: Tier, level: number): number {
  const variance = rng.int(85, 115) / 100;
  return Math.max(1, Math.round(base * (1 + (level - 1) * GEAR_LEVEL_GROWTH) * GEAR_TIER_MULTIPLIER[tier] * variance));
}

/** A price drawn from spec 03 §9's range for the tier, in whole copper (common) or whole silver. */
export function rollGearPrice(rng: Rng, tier: Tier): Copper {
  const { min, max, step } = GEAR_PRICE_RANGE[tier];
  return copper(rng.int(min / step, max / step) * step);
}

/**
 * Spec 02 §9 / spec 03 §3: a piece of gear of the given tier made for `level`.
 * The slot's primary stat always comes first; further stats (up to 3 in all) are
 * drawn from the rest; at rare and above one further stat may be a small minus.
 */
export function createGear(rng: Rng, options: CreateGearOptions): GearItem {
  const { tier, level } = options;
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`gear level must be a positive integer, got ${level}`);
  const slot = options.slot ?? rng.pick(GEAR_SLOTS);
  const content = GEAR_SLOT_CONTENT[slot];

  const stats: GearStats = {};
  const roll = (stat: GearStat, base: number): number => (stat === 'speed' ? rollSpeed(rng, tier) : rollScaled(rng, base, tier, level));
  stats[content.primary] = roll(content.primary, content.base);

  const [minCount, maxCount] = GEAR_STAT_COUNT[tier];
  const extra = rng.shuffle(GEAR_STATS.filter((stat) => stat !== content.primary)).slice(0, rng.int(minCount, maxCount) - 1);
  for (const stat of extra) {
    stats[stat] = roll(stat, stat === 'speed' ? 1 : GEAR_SECONDARY_BASE[stat]);
  }
  const drawback = extra.at(-1);
  if (drawback !== undefined && rng.chance(GEAR_NEGATIVE_STAT_CHANCE[tier])) {
    stats[drawback] = -Math.max(1, Math.round((stats[drawback] ?? 0) / 3));
  }

  const material = rng.pick(content.materials);
  const noun = rng.pick(content.nouns);
  const name = `${TIER_LABEL[tier]} ${material} ${noun}`;
  const description = `${article(TIER_LABEL[tier])} ${TIER_LABEL[tier].toLowerCase()} ${content.label} crafted from ${material.toLowerCase()}, made for adventurers around level ${level}.`;
  const price = rollGearPrice(rng, tier);
  const item: GearItem = { kind: 'gear', name, tier, slot, stats, description, price };
  return { ...item, sellPrice: defaultUnitSellPrice(item) };
}

function article(word: string): string {
  return /^[AEIOU]/.test(word) ? 'An' : 'A';
}
