import { materialsOfBiome, materialStack, type MaterialStack } from '../content/materials.ts';
import type { LocationId } from '../content/locations.ts';
import { createGear } from '../items/gearFactory.ts';
import type { Rng } from '../rng.ts';
import { TIERS, type GearItem, type ItemData, type Tier } from '../types.ts';
import { requiredPlayerLevel } from './start.ts';

/** An item and how many of it, as an adventure hands it out. */
export interface ItemStack<T extends ItemData = ItemData> {
  item: T;
  quantity: number;
}

/** Spec 02 §9: gear drops only from this adventure level on. */
export const GEAR_DROP_MIN_LEVEL = 3;
/** Spec 02 §9: 70% of gear drops make one roll, the rest two. */
export const SINGLE_GEAR_ROLL_CHANCE = 0.7;

/**
 * Rarity weights in percent at luck 0 and how many points luck 1 moves
 * (this project's table, docs/decisions/adventures.md, "Health, mana and rewards"). Every row sums to 100.
 */
export const RARITY_TABLE: Readonly<Record<Tier, { base: number; perLuck: number }>> = {
  common: { base: 60, perLuck: -30 },
  uncommon: { base: 25, perLuck: 10 },
  rare: { base: 10, perLuck: 10 },
  epic: { base: 4, perLuck: 7 },
  legendary: { base: 1, perLuck: 3 },
};

/** Where the drop happens, for extra drop factories. */
export interface DropContext {
  location: LocationId;
  level: number;
  /** 0..1, see adventureLuck. */
  luck: number;
}

/**
 * A further kind of drop rolled after materials and gear, e.g. recipe scrolls
 * (added by the crafting rules). Rolled once per won adventure: with
 * probability `chance`, `create` makes the stack (or null for nothing).
 */
export interface ExtraDrop {
  id: string;
  chance: number | ((context: DropContext) => number);
  create(rng: Rng, context: DropContext): ItemStack | null;
}

export interface DropOptions {
  /** Added to the adventure's luck (a skill, an event); the sum is clamped to 0..1. */
  extraLuck?: number;
  extraDrops?: readonly ExtraDrop[];
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** This project's luck: 0 at adventure level 1 rising evenly to 1 at level 10. */
export function adventureLuck(level: number): number {
  return clamp01((level - 1) / 9);
}

/** The rarity weights (percent, summing to 100) at a luck of 0..1. */
export function rarityWeights(luck: number): Record<Tier, number> {
  const l = clamp01(luck);
  const weights = {} as Record<Tier, number>;
  for (const tier of TIERS) weights[tier] = RARITY_TABLE[tier].base + RARITY_TABLE[tier].perLuck * l;
  return weights;
}

/** Spec 02 §9: the tier of a dropped item, from the luck-shifted table. */
export function rollRarity(rng: Rng, luck: number): Tier {
  const weights = rarityWeights(luck);
  let roll = rng.next() * 100;
  for (const tier of TIERS) {
    roll -= weights[tier];
    if (roll < 0) return tier;
  }
  return 'legendary';
}

/** Spec 02 §9: up to 1 + floor(level / 3) materials per adventure. */
export function maxMaterialDrops(level: number): number {
  return 1 + Math.floor(level / 3);
}

/** Spec 02 §9: each dropped material comes 1 to 1 + floor(level / 2) at a time. */
export function maxMaterialQuantity(level: number): number {
  return 1 + Math.floor(level / 2);
}

/**
 * Spec 02 §9: the location's seven materials in a random order, each dropping
 * at its drop rate, until 1 + floor(level / 3) have dropped; so a material
 * drops at most once per adventure, with 1..1 + floor(level / 2) of it.
 */
export function rollMaterialDrops(location: LocationId, level: number, rng: Rng): MaterialStack[] {
  const limit = maxMaterialDrops(level);
  const drops: MaterialStack[] = [];
  for (const material of rng.shuffle(materialsOfBiome(location))) {
    if (drops.length >= limit) break;
    if (rng.chance(material.dropRate)) drops.push(materialStack(material, rng.int(1, maxMaterialQuantity(level))));
  }
  return drops;
}

/** Spec 02 §9: the chance that an adventure drops gear at all: 0.3 + 0.05 x level from level 3. */
export function gearDropChance(level: number): number {
  return level >= GEAR_DROP_MIN_LEVEL ? 0.3 + 0.05 * level : 0;
}

/** Spec 02 §9: the chance that each gear roll yields an item: 0.1 + 0.03 x level. */
export function gearRollChance(level: number): number {
  return 0.1 + 0.03 * level;
}

/**
 * Spec 02 §9: gear drops. From level 3, with chance gearDropChance, 1 roll
 * (70%) or 2; each roll yields an item with chance gearRollChance, its tier
 * from rollRarity and its stats from createGear, made for the player level the
 * adventure requires (5 x level).
 */
export function rollGearDrops(level: number, rng: Rng, luck: number): GearItem[] {
  if (!rng.chance(gearDropChance(level))) return [];
  const rolls = rng.chance(SINGLE_GEAR_ROLL_CHANCE) ? 1 : 2;
  const items: GearItem[] = [];
  for (let i = 0; i < rolls; i++) {
    if (!rng.chance(gearRollChance(level))) continue;
    items.push(createGear(rng, { tier: rollRarity(rng, luck), level: requiredPlayerLevel(level) }));
  }
  return items;
}

/** Everything a won adventure drops: materials, then gear, then each extra drop in order. */
export function rollDrops(location: LocationId, level: number, rng: Rng, options: DropOptions = {}): ItemStack[] {
  if (!Number.isInteger(level) || level < 1 || level > 10) throw new RangeError(`adventure level must be an integer 1..10, got ${level}`);
  const luck = clamp01(adventureLuck(level) + (options.extraLuck ?? 0));
  const context: DropContext = { location, level, luck };
  const items: ItemStack[] = [...rollMaterialDrops(location, level, rng)];
  for (const gear of rollGearDrops(level, rng, luck)) items.push({ item: gear, quantity: 1 });
  for (const extra of options.extraDrops ?? []) {
    const chance = typeof extra.chance === 'function' ? extra.chance(context) : extra.chance;
    if (!rng.chance(chance)) continue;
    const stack = extra.create(rng, context);
    if (stack && stack.quantity > 0) items.push(stack);
  }
  return items;
}
