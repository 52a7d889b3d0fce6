import { copper } from '../currency/copper.ts';
import { defaultUnitSellPrice } from '../items/sell.ts';
import type { ChestItem, ChestLoot, GearItem, GearSlot, GearStats, Tier } from '../types.ts';

/** Spec 03 §9: what a battle-pass reward is, in words (the spec's list of reward kinds). */
export type BattlePassItemType = 'pack' | 'cloak' | 'boots' | 'charm' | 'title' | 'chest' | 'medallion' | 'crown' | 'blade';

/**
 * What the reward puts into the game (DECISIONS §2: granted once, when the level is reached):
 * an item into the active character's inventory, or a title shown beside the name.
 */
export type BattlePassGrant = { kind: 'item'; item: GearItem | ChestItem } | { kind: 'title'; title: string };

/** Spec 03 §3 "Battle pass reward". itemRarity uses the one tier set (DECISIONS §2: blue = uncommon ...). */
export interface BattlePassReward {
  id: string;
  level: number;
  itemName: string;
  itemDescription: string;
  itemType: BattlePassItemType;
  itemRarity: Tier;
  pointsRequired: number;
  grant: BattlePassGrant;
}

/**
 * The points of levels 1..15 (docs/decisions/progression.md, "Battle pass"), departing
 * from spec 03 §9's 50 ... 3,000: level 15 needed 3,000 of the 3,045 points there are, every
 * achievement (friends, 100 auction trades, legendary gear in all 8 slots). A player alone,
 * adventuring, earns about 700 points in 25 hours and 950 by level 50 (`npm run balance`).
 */
export const BATTLE_PASS_THRESHOLDS: readonly number[] = [50, 100, 150, 200, 275, 350, 425, 500, 600, 700, 750, 800, 850, 900, 950];
export const BATTLE_PASS_LEVELS = BATTLE_PASS_THRESHOLDS.length;
/** Spec 03 §9: the 'Level Up Reward!' toast follows the unlock by 1000 ms. */
export const LEVEL_UP_TOAST_DELAY_MS = 1000;

/** Spec 03 §9: rarities by level: 1-3 common, 4-7 blue, 8-11 purple, 12-14 gold, 15 legendary. */
export function rarityForLevel(level: number): Tier {
  if (level <= 3) return 'common';
  if (level <= 7) return 'uncommon';
  if (level <= 11) return 'rare';
  if (level <= 14) return 'epic';
  return 'legendary';
}

interface GearSpec {
  slot: GearSlot;
  stats: GearStats;
  price: number;
}

function gear(name: string, description: string, tier: Tier, spec: GearSpec): { kind: 'item'; item: GearItem } {
  const item: GearItem = { kind: 'gear', name, tier, description, slot: spec.slot, stats: spec.stats, price: copper(spec.price) };
  return { kind: 'item', item: { ...item, sellPrice: defaultUnitSellPrice(item) } };
}

function chest(name: string, description: string, tier: Tier, loot: ChestLoot, price: number): { kind: 'item'; item: ChestItem } {
  return { kind: 'item', item: { kind: 'chest', name, tier, description, loot, price: copper(price) } };
}

type RewardDef = Omit<BattlePassReward, 'id' | 'level' | 'pointsRequired' | 'itemRarity'>;

const REWARDS: readonly RewardDef[] = [
  {
    itemName: "Traveler's Supply Pack",
    itemDescription: 'A pack of provisions for the road. Open it from your backpack.',
    itemType: 'pack',
    grant: chest(
      "Traveler's Supply Pack",
      'A pack of provisions for the road: open it for healing potions and a little coin.',
      'common',
      { gear: 0, gearTier: 'common', potions: 3, potionTier: 'common', copper: 200 },
      100,
    ),
  },
  {
    itemName: "Wanderer's Cloak",
    itemDescription: 'A weathered cloak that keeps the wind off.',
    itemType: 'cloak',
    grant: gear("Wanderer's Cloak", 'A weathered cloak that keeps the wind off.', 'common', { slot: 'cloak', stats: { defense: 2, speed: 1 }, price: 150 }),
  },
  {
    itemName: 'Sturdy Boots',
    itemDescription: 'Boots resoled a hundred times and still going.',
    itemType: 'boots',
    grant: gear('Sturdy Boots', 'Boots resoled a hundred times and still going.', 'common', { slot: 'feet', stats: { defense: 2, speed: 2 }, price: 180 }),
  },
  {
    itemName: 'Lucky Charm',
    itemDescription: 'A rabbit-foot charm worn in the off hand. Fortune favours you.',
    itemType: 'charm',
    grant: gear('Lucky Charm', 'A rabbit-foot charm worn in the off hand. Fortune favours you.', 'uncommon', {
      slot: 'offHand',
      stats: { attack: 3, health: 5 },
      price: 1_200,
    }),
  },
  {
    itemName: 'Title: Explorer',
    itemDescription: "The title 'Explorer', shown beside your name.",
    itemType: 'title',
    grant: { kind: 'title', title: 'Explorer' },
  },
  {
    itemName: "Adventurer's Chest",
    itemDescription: 'A locked chest with gear and coin inside. Open it from your backpack.',
    itemType: 'chest',
    grant: chest(
      "Adventurer's Chest",
      'A locked chest: open it for two pieces of uncommon gear and 50 silver.',
      'uncommon',
      { gear: 2, gearTier: 'uncommon', potions: 0, potionTier: 'common', copper: 5_000 },
      2_000,
    ),
  },
  {
    itemName: 'Cloak of Shadows',
    itemDescription: 'Woven from dusk itself; you move a little quicker in it.',
    itemType: 'cloak',
    grant: gear('Cloak of Shadows', 'Woven from dusk itself; you move a little quicker in it.', 'uncommon', {
      slot: 'cloak',
      stats: { defense: 4, speed: 3 },
      price: 1_800,
    }),
  },
  {
    itemName: 'Enchanted Supply Pack',
    itemDescription: 'Potent potions and coin, sealed with a rune. Open it from your backpack.',
    itemType: 'pack',
    grant: chest(
      'Enchanted Supply Pack',
      'Sealed with a rune: open it for potent healing potions and 1 gold.',
      'rare',
      { gear: 0, gearTier: 'common', potions: 5, potionTier: 'rare', copper: 10_000 },
      6_000,
    ),
  },
  {
    itemName: 'Medallion of Valor',
    itemDescription: 'A medallion held high in the off hand; foes falter before it.',
    itemType: 'medallion',
    grant: gear('Medallion of Valor', 'A medallion held high in the off hand; foes falter before it.', 'rare', {
      slot: 'offHand',
      stats: { attack: 6, defense: 4, health: 10 },
      price: 6_000,
    }),
  },
  {
    itemName: 'Boots of Swiftness',
    itemDescription: 'Light as a feather, quick as the wind.',
    itemType: 'boots',
    grant: gear('Boots of Swiftness', 'Light as a feather, quick as the wind.', 'rare', { slot: 'feet', stats: { defense: 5, speed: 8 }, price: 6_500 }),
  },
  {
    itemName: 'Mystic Chest',
    itemDescription: 'A chest humming with power. Open it from your backpack.',
    itemType: 'chest',
    grant: chest(
      'Mystic Chest',
      'A chest humming with power: open it for two pieces of rare gear and 2 gold.',
      'rare',
      { gear: 2, gearTier: 'rare', potions: 0, potionTier: 'common', copper: 20_000 },
      7_000,
    ),
  },
  {
    itemName: 'Cloak of the Phoenix',
    itemDescription: 'Embers dance along its hem; it mends what it covers.',
    itemType: 'cloak',
    grant: gear('Cloak of the Phoenix', 'Embers dance along its hem; it mends what it covers.', 'epic', {
      slot: 'cloak',
      stats: { defense: 10, health: 25, speed: 5 },
      price: 30_000,
    }),
  },
  {
    itemName: 'Title: Champion',
    itemDescription: "The title 'Champion', shown beside your name.",
    itemType: 'title',
    grant: { kind: 'title', title: 'Champion' },
  },
  {
    itemName: 'Crown of Kings',
    itemDescription: 'A crown of old kings, heavy with their resolve.',
    itemType: 'crown',
    grant: gear('Crown of Kings', 'A crown of old kings, heavy with their resolve.', 'epic', {
      slot: 'head',
      stats: { defense: 12, health: 30, attack: 5 },
      price: 35_000,
    }),
  },
  {
    itemName: 'Dragonfang',
    itemDescription: 'The legendary blade, forged from a dragon’s tooth.',
    itemType: 'blade',
    grant: gear('Dragonfang', 'The legendary blade, forged from a dragon’s tooth.', 'legendary', {
      slot: 'mainHand',
      stats: { attack: 40, speed: 8, health: 20 },
      price: 150_000,
    }),
  },
];

/** Spec 03 §3/§9: the 15 level rewards with their points and rarities. */
export const BATTLE_PASS_REWARDS: readonly BattlePassReward[] = REWARDS.map((reward, index) => {
  const level = index + 1;
  return { ...reward, id: `battle-pass-${level}`, level, pointsRequired: BATTLE_PASS_THRESHOLDS[index] as number, itemRarity: rarityForLevel(level) };
});
