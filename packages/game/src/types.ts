import type { Copper } from './currency/copper.ts';

/** The one tier set (DECISIONS §2): blue = uncommon, purple = rare, gold = epic. */
export const TIERS = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type Tier = (typeof TIERS)[number];

/** Spec 02 §3: the eight gear slots. */
export const GEAR_SLOTS = ['head', 'chest', 'legs', 'feet', 'gloves', 'mainHand', 'offHand', 'cloak'] as const;
export type GearSlot = (typeof GEAR_SLOTS)[number];

export const GEAR_STATS = ['attack', 'defense', 'speed', 'health'] as const;
export type GearStat = (typeof GEAR_STATS)[number];
/** Stats may be negative (spec 03 §3). */
export type GearStats = Partial<Record<GearStat, number>>;

export const BIOMES = ['forest', 'desert', 'ice', 'volcano', 'caves'] as const;
export type Biome = (typeof BIOMES)[number];

export const RACES = ['elf', 'dwarf', 'human', 'orc', 'goblin', 'troll', 'dragonkin', 'fae', 'undead', 'lizardfolk'] as const;
export type Race = (typeof RACES)[number];

export const CLASSES = [
  'warrior',
  'mage',
  'rogue',
  'cleric',
  'ranger',
  'paladin',
  'necromancer',
  'berserker',
  'monk',
  'summoner',
  'alchemist',
  'bard',
] as const;
export type CharacterClass = (typeof CLASSES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Spec 01 §3: the attribute row of a character, in camelCase. */
export interface Attributes {
  strength: number;
  dexterity: number;
  intelligence: number;
  constitution: number;
  attack: number;
  magicPower: number;
  speed: number;
  defense: number;
  health: number;
  currentHealth: number;
  maxHealth: number;
  currentMana: number;
  maxMana: number;
}

/** The keys of `Attributes`, for code that goes through all of them (a statement that writes each). */
export const ATTRIBUTE_KEYS = [
  'strength',
  'dexterity',
  'intelligence',
  'constitution',
  'attack',
  'magicPower',
  'speed',
  'defense',
  'health',
  'currentHealth',
  'maxHealth',
  'currentMana',
  'maxMana',
] as const satisfies readonly (keyof Attributes)[];

export const PRIMARY_ATTRIBUTES = ['strength', 'dexterity', 'intelligence', 'constitution'] as const;
export type PrimaryAttribute = (typeof PRIMARY_ATTRIBUTES)[number];
/** Attributes a race or class bonus, or a spent attribute point, may raise. */
export const UPGRADABLE_ATTRIBUTES = ['strength', 'dexterity', 'intelligence', 'constitution', 'attack', 'magicPower', 'speed', 'defense'] as const;
export type UpgradableAttribute = (typeof UPGRADABLE_ATTRIBUTES)[number];

interface ItemBase {
  name: string;
  tier: Tier;
  description: string;
  /** What the item cost, or is worth when bought; sell values derive from it. */
  price: Copper;
  /** An explicit sell value per unit, where the item has one. */
  sellPrice?: Copper;
}

export interface GearItem extends ItemBase {
  kind: 'gear';
  slot: GearSlot;
  stats: GearStats;
}

export interface PotionItem extends ItemBase {
  kind: 'potion';
  target: 'health' | 'mana' | 'both';
  potency: number;
}

export interface FoodItem extends ItemBase {
  kind: 'food';
  healthRestore: number;
  /** Mana restored too (spec 02 §9: the mana cake restores 15 mana). */
  manaRestore?: number;
}

export interface MaterialItem extends ItemBase {
  kind: 'material';
  materialId: string;
  biome: Biome;
}

export interface ScrollItem extends ItemBase {
  kind: 'scroll';
  recipeId: string;
}

/** What a chest or supply pack opens into (battle-pass rewards, spec 03 §9): drawn when opened. */
export interface ChestLoot {
  /** Pieces of gear of `gearTier`, made for the opener's level. */
  gear: number;
  gearTier: Tier;
  /** Health potions of `potionTier`. */
  potions: number;
  potionTier: Tier;
  copper: number;
}

export interface ChestItem extends ItemBase {
  kind: 'chest';
  loot: ChestLoot;
}

/** What an inventory row holds (spec 02 §3 "Inventory item"), without its quantity or equipped flag. */
export type ItemData = GearItem | PotionItem | FoodItem | MaterialItem | ScrollItem | ChestItem;
export type ItemKind = ItemData['kind'];

/** Consumables, materials and scrolls stack by identity; gear never stacks. */
export interface InventoryEntry {
  id: string;
  item: ItemData;
  quantity: number;
  equipped: boolean;
}
