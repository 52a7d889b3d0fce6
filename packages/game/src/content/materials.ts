import { copper, type Copper } from '../currency/copper.ts';
import type { Biome, MaterialItem, Tier } from '../types.ts';

/**
 * Spec 02 §3 "Material" and §9 "Rewards", DECISIONS §3: seven crafting
 * materials per biome, each with a drop rate and buy and sell prices, as data.
 * The id is the snake_case of the name. Sell price is half the buy price,
 * rounded down. Values chosen here are listed in docs/decisions/adventures.md, "Locations and enemies".
 */
export interface Material {
  id: string;
  name: string;
  biome: Biome;
  tier: Tier;
  /** Chance in [0, 1] that one material roll of an adventure yields this material. */
  dropRate: number;
  buy: Copper;
  sell: Copper;
  description: string;
}

/** A material item with how many of it, the shape a drop or an ingredient list uses. */
export interface MaterialStack {
  item: MaterialItem;
  quantity: number;
}

type Row = [name: string, tier: Tier, dropRate: number, buy: number, description: string];

const ROWS: Record<Biome, Row[]> = {
  forest: [
    ['Oak Wood', 'common', 0.6, 10, 'Sturdy timber from an old forest oak.'],
    ['Healing Herb', 'common', 0.5, 15, 'A fragrant leaf that closes small wounds.'],
    ['Wild Berries', 'common', 0.6, 8, 'Sweet berries picked from the undergrowth.'],
    ['Wolf Pelt', 'uncommon', 0.35, 30, 'A thick grey pelt taken from a forest wolf.'],
    ['Wild Wheat', 'common', 0.55, 8, 'Grain from a clearing, good for bread.'],
    ['Raw Meat', 'common', 0.5, 12, 'Fresh game meat; cook it before it spoils.'],
    ['Moonpetal', 'rare', 0.1, 120, 'A pale flower that only opens under the full moon.'],
  ],
  desert: [
    ['Sandstone', 'common', 0.6, 12, 'A soft, sun-baked building stone.'],
    ['Cactus Fruit', 'common', 0.5, 14, 'Juicy fruit that keeps travellers alive in the dunes.'],
    ['Scorpion Venom', 'uncommon', 0.3, 45, 'A vial of venom milked from a giant scorpion.'],
    ['Desert Rose', 'rare', 0.12, 120, 'A crystal flower formed by wind and sand.'],
    ['Sun Crystal', 'epic', 0.05, 400, 'A crystal that holds the heat of the desert noon.'],
    ['Copper Ore', 'common', 0.45, 20, 'Green-streaked ore for simple metalwork.'],
    ['Camel Hide', 'uncommon', 0.3, 35, 'Tough hide that shrugs off sand and sun.'],
  ],
  ice: [
    ['Frost Crystal', 'uncommon', 0.3, 50, 'A shard of ice that never melts.'],
    ['Snow Lotus', 'rare', 0.12, 140, 'A rare bloom from the glacier slopes, prized by healers.'],
    ['Mammoth Fur', 'uncommon', 0.3, 45, 'Long, warm fur from an ice mammoth.'],
    ['Glacier Water', 'common', 0.6, 10, 'The purest water in the realm.'],
    ['Ice Fish', 'common', 0.5, 18, 'A silver fish caught through a hole in the ice.'],
    ['Frozen Heart', 'epic', 0.05, 450, 'The still-cold heart of a frost elemental.'],
    ['Silver Ore', 'uncommon', 0.25, 60, 'Bright ore from the frozen mines.'],
  ],
  volcano: [
    ['Obsidian', 'common', 0.5, 25, 'Volcanic glass with an edge sharper than steel.'],
    ['Fire Essence', 'uncommon', 0.3, 70, 'A flickering flame trapped in a glass bead.'],
    ['Sulfur', 'common', 0.55, 15, 'Yellow crystals that smell of the underworld.'],
    ['Magma Core', 'epic', 0.05, 500, "A molten heart that still glows with the mountain's fire."],
    ['Ember Moss', 'common', 0.45, 20, 'A moss that smoulders without ever burning out.'],
    ['Dragon Scale', 'legendary', 0.02, 1500, 'A scale shed by a volcano dragon, harder than any metal.'],
    ['Ashwood', 'uncommon', 0.35, 40, 'Charred wood that grows back stronger from the ash.'],
  ],
  caves: [
    ['Iron Ore', 'common', 0.55, 25, 'Heavy ore, the backbone of every smithy.'],
    ['Coal', 'common', 0.6, 10, 'Black fuel for forges and furnaces.'],
    ['Cave Mushroom', 'common', 0.5, 12, 'A pale mushroom that grows in the dark.'],
    ['Bat Wing', 'uncommon', 0.35, 30, 'A leathery wing used in potions and charms.'],
    ['Glowstone', 'uncommon', 0.25, 60, 'A stone that glows softly in the dark.'],
    ['Mana Crystal', 'rare', 0.1, 200, 'A crystal humming with raw magical energy.'],
    ['Ancient Bone', 'rare', 0.12, 150, 'A bone from a creature long extinct.'],
  ],
};

/** 'Oak Wood' -> 'oak_wood'. */
function snakeCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export const MATERIALS: readonly Material[] = (Object.entries(ROWS) as [Biome, Row[]][]).flatMap(([biome, rows]) =>
  rows.map(([name, tier, dropRate, buy, description]) => ({
    id: snakeCase(name),
    name,
    biome,
    tier,
    dropRate,
    buy: copper(buy),
    sell: copper(Math.floor(buy / 2)),
    description,
  })),
);

const BY_ID: ReadonlyMap<string, Material> = new Map(MATERIALS.map((m) => [m.id, m]));

/** The material with this id, or undefined. */
export function materialById(id: string): Material | undefined {
  return BY_ID.get(id);
}

/** The seven materials of a biome, in table order. */
export function materialsOfBiome(biome: Biome): readonly Material[] {
  return MATERIALS.filter((m) => m.biome === biome);
}

function resolve(material: Material | string): Material {
  const found = typeof material === 'string' ? materialById(material) : material;
  if (!found) throw new RangeError(`unknown material: ${String(material)}`);
  return found;
}

/**
 * The inventory item for a material (by value or id). `MaterialItem` carries no
 * quantity (types.ts keeps it on `InventoryEntry`), so two stacks of the same
 * material have equal item data and merge; use `materialStack` for item + count.
 */
export function materialItem(material: Material | string): MaterialItem {
  const m = resolve(material);
  return {
    kind: 'material',
    materialId: m.id,
    name: m.name,
    biome: m.biome,
    tier: m.tier,
    description: m.description,
    price: m.buy,
    sellPrice: m.sell,
  };
}

/** A material item with how many of it (a drop, an ingredient line, a store purchase). */
export function materialStack(material: Material | string, quantity = 1): MaterialStack {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`material quantity must be a positive integer, got ${quantity}`);
  return { item: materialItem(material), quantity };
}
