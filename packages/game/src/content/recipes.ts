import { copper } from '../currency/copper.ts';
import type { FoodItem, GearItem, PotionItem, Tier } from '../types.ts';
import { foodPrice } from './food.ts';

/**
 * Spec 02 §3 "Crafting recipe" and §9 "Crafting": the eleven recipes. The
 * tier sets requiredLevel and xpReward; common recipes are known from the
 * start and use forest or low-tier materials; the others are unlocked by
 * recipe scrolls found on adventures. Ingredient names are those of
 * content/materials.ts. Choices are listed in docs/decisions/crafting.md, "Recipes".
 */
export const RECIPE_CATEGORIES = ['weapons', 'potions', 'food'] as const;
export type RecipeCategory = (typeof RECIPE_CATEGORIES)[number];
/** Spec 02 §3: the weapons tab is shown as 'Weapons & Armor'. */
export const RECIPE_CATEGORY_LABELS: Readonly<Record<RecipeCategory, string>> = {
  weapons: 'Weapons & Armor',
  potions: 'Potions',
  food: 'Food',
};

/** Spec 02 §9: requiredLevel / xpReward by recipe tier. */
export const RECIPE_TIER_RULES: Readonly<Record<Tier, { requiredLevel: number; xpReward: number }>> = {
  common: { requiredLevel: 1, xpReward: 5 },
  uncommon: { requiredLevel: 3, xpReward: 10 },
  rare: { requiredLevel: 5, xpReward: 20 },
  epic: { requiredLevel: 7, xpReward: 35 },
  legendary: { requiredLevel: 10, xpReward: 50 },
};

/** One ingredient line: a material name, how many, and the tier it must have when given. */
export interface Ingredient {
  name: string;
  quantity: number;
  tier?: Tier;
}

export type CraftedItem = GearItem | PotionItem | FoodItem;

export interface Recipe {
  id: string;
  name: string;
  category: RecipeCategory;
  tier: Tier;
  requiredLevel: number;
  xpReward: number;
  ingredients: readonly Ingredient[];
  result: CraftedItem;
}

type Draft = Omit<Recipe, 'requiredLevel' | 'xpReward'>;

function ing(name: string, quantity: number, tier?: Tier): Ingredient {
  return tier ? { name, quantity, tier } : { name, quantity };
}

const DRAFTS: readonly Draft[] = [
  {
    id: 'iron_sword',
    name: 'Iron Sword',
    category: 'weapons',
    tier: 'common',
    ingredients: [ing('Iron Ore', 3), ing('Oak Wood', 1)],
    result: {
      kind: 'gear',
      name: 'Iron Sword',
      tier: 'common',
      slot: 'mainHand',
      stats: { attack: 4 },
      price: copper(300),
      description: 'A plain, dependable blade forged from iron ore.',
    },
  },
  {
    id: 'leather_armor',
    name: 'Leather Armor',
    category: 'weapons',
    tier: 'common',
    ingredients: [ing('Wolf Pelt', 3), ing('Oak Wood', 1)],
    result: {
      kind: 'gear',
      name: 'Leather Armor',
      tier: 'common',
      slot: 'chest',
      stats: { defense: 3, health: 5 },
      price: copper(250),
      description: 'Supple wolf-pelt armor stitched by hand.',
    },
  },
  {
    id: 'steel_sword',
    name: 'Steel Sword',
    category: 'weapons',
    tier: 'uncommon',
    ingredients: [ing('Iron Ore', 4), ing('Coal', 2), ing('Oak Wood', 1)],
    result: {
      kind: 'gear',
      name: 'Steel Sword',
      tier: 'uncommon',
      slot: 'mainHand',
      stats: { attack: 7 },
      price: copper(900),
      description: 'Iron folded with coal into hard steel; it keeps its edge.',
    },
  },
  {
    id: 'enchanted_sword',
    name: 'Enchanted Sword',
    category: 'weapons',
    tier: 'epic',
    ingredients: [ing('Iron Ore', 4), ing('Silver Ore', 2), ing('Mana Crystal', 2, 'rare'), ing('Glowstone', 1)],
    result: {
      kind: 'gear',
      name: 'Enchanted Sword',
      tier: 'epic',
      slot: 'mainHand',
      stats: { attack: 12, speed: 2 },
      price: copper(6000),
      description: 'A silver-inlaid blade that hums with captured mana.',
    },
  },
  {
    id: 'health_potion',
    name: 'Health Potion',
    category: 'potions',
    tier: 'common',
    ingredients: [ing('Healing Herb', 2), ing('Wild Berries', 1)],
    result: {
      kind: 'potion',
      name: 'Health Potion',
      tier: 'common',
      target: 'health',
      potency: 20,
      price: copper(50),
      description: 'A red draught that closes wounds.',
    },
  },
  {
    id: 'mana_potion',
    name: 'Mana Potion',
    category: 'potions',
    tier: 'uncommon',
    ingredients: [ing('Moonpetal', 1), ing('Glacier Water', 1), ing('Cave Mushroom', 1)],
    result: {
      kind: 'potion',
      name: 'Mana Potion',
      tier: 'uncommon',
      target: 'mana',
      potency: 20,
      price: copper(80),
      description: 'A blue draught that refills the wells of magic.',
    },
  },
  {
    id: 'strong_health_potion',
    name: 'Strong Health Potion',
    category: 'potions',
    tier: 'rare',
    ingredients: [ing('Healing Herb', 3), ing('Snow Lotus', 1), ing('Glacier Water', 1)],
    result: {
      kind: 'potion',
      name: 'Strong Health Potion',
      tier: 'rare',
      target: 'health',
      potency: 50,
      price: copper(200),
      description: 'A thick crimson draught brewed with snow lotus.',
    },
  },
  {
    id: 'elixir',
    name: 'Elixir',
    category: 'potions',
    tier: 'rare',
    ingredients: [ing('Snow Lotus', 1), ing('Moonpetal', 1), ing('Mana Crystal', 1, 'rare'), ing('Glacier Water', 1)],
    result: {
      kind: 'potion',
      name: 'Elixir',
      tier: 'rare',
      target: 'both',
      potency: 30,
      price: copper(300),
      description: 'A shimmering draught that restores body and mind alike.',
    },
  },
  {
    id: 'bread',
    name: 'Bread',
    category: 'food',
    tier: 'common',
    ingredients: [ing('Wild Wheat', 3)],
    result: { kind: 'food', name: 'Bread', tier: 'common', healthRestore: 10, price: foodPrice(10, 'common'), description: 'A warm loaf of wild-wheat bread.' },
  },
  {
    id: 'meat_stew',
    name: 'Meat Stew',
    category: 'food',
    tier: 'uncommon',
    ingredients: [ing('Raw Meat', 2), ing('Cave Mushroom', 2), ing('Glacier Water', 1)],
    result: {
      kind: 'food',
      name: 'Meat Stew',
      tier: 'uncommon',
      healthRestore: 25,
      price: foodPrice(25, 'uncommon'),
      description: 'Game meat and cave mushrooms simmered in glacier water.',
    },
  },
  {
    id: 'mana_cake',
    name: 'Mana Cake',
    category: 'food',
    tier: 'uncommon',
    ingredients: [ing('Wild Wheat', 2), ing('Wild Berries', 2), ing('Moonpetal', 1)],
    result: {
      kind: 'food',
      name: 'Mana Cake',
      tier: 'uncommon',
      healthRestore: 0,
      manaRestore: 15,
      price: foodPrice(15, 'uncommon'),
      description: 'A berry cake glazed with moonpetal nectar.',
    },
  },
];

export const RECIPES: readonly Recipe[] = DRAFTS.map((draft) => ({ ...draft, ...RECIPE_TIER_RULES[draft.tier] }));

const BY_ID: ReadonlyMap<string, Recipe> = new Map(RECIPES.map((recipe) => [recipe.id, recipe]));

/** The recipe with this id, or undefined. */
export function recipeById(id: string): Recipe | undefined {
  return BY_ID.get(id);
}

/** The recipes of one crafting-drawer tab, in table order. */
export function recipesInCategory(category: RecipeCategory): readonly Recipe[] {
  return RECIPES.filter((recipe) => recipe.category === category);
}

/** Spec 02 §5: common-tier recipes are available by default. */
export function isKnownByDefault(recipe: Pick<Recipe, 'tier'>): boolean {
  return recipe.tier === 'common';
}
