/**
 * Spec 03 §3 "Audit of achievements" and DECISIONS §3: the catalogue of 56 achievements,
 * each unlocked by a real game event (the counters in achievements/counters.ts), never by hand.
 * Where each secret is found is written for maintainers in docs/maintainers/secrets.md.
 */

export const ACHIEVEMENT_CATEGORIES = ['combat', 'exploration', 'social', 'crafting', 'collection', 'mastery', 'special', 'hidden'] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

export const ACHIEVEMENT_DIFFICULTIES = ['easy', 'medium', 'hard', 'epic', 'legendary'] as const;
export type AchievementDifficulty = (typeof ACHIEVEMENT_DIFFICULTIES)[number];

/**
 * What unlocks an achievement:
 * - `counter`: a counter reaches `target` (e.g. 'enemies-defeated' 1000);
 * - `distinct`: `target` different counters under a prefix are above 0 (e.g. five 'biome:' keys);
 * - `all-visible`: every other achievement that is not hidden is unlocked (special-100-percent).
 * `unit` names what is counted in the progress line ('312 / 1000 enemies').
 */
export type AchievementTrigger =
  | { kind: 'counter'; counter: string; target: number; unit: string }
  | { kind: 'distinct'; prefix: string; target: number; unit: string }
  | { kind: 'all-visible' };

export interface Achievement {
  id: string;
  title: string;
  description: string;
  points: number;
  icon: string;
  hidden: boolean;
  category: AchievementCategory;
  difficulty: AchievementDifficulty;
  hint?: string;
  trigger: AchievementTrigger;
}

/** Counter names, written once (achievements/counters.ts feeds them). */
export const COUNTERS = {
  enemiesDefeated: 'enemies-defeated',
  adventuresCompleted: 'adventures-completed',
  adventuresWon: 'adventures-won',
  adventuresLost: 'adventures-lost',
  winStreak: 'win-streak',
  bestWinStreak: 'best-win-streak',
  highestLevelWon: 'highest-level-won',
  crafted: 'items-crafted',
  craftedRare: 'crafted-rare',
  craftedEpic: 'crafted-epic',
  craftingLevel: 'crafting-level',
  recipesLearned: 'recipes-learned',
  obtainedUncommon: 'obtained-uncommon',
  obtainedRare: 'obtained-rare',
  obtainedEpic: 'obtained-epic',
  obtainedLegendary: 'obtained-legendary',
  slotsEquipped: 'slots-equipped',
  legendarySlotsEquipped: 'legendary-slots-equipped',
  characterLevel: 'character-level',
  storeBought: 'store-bought',
  copperFromSales: 'copper-from-sales',
  chipsBought: 'chips-bought',
  pokerWins: 'poker-wins',
  biggestPokerWin: 'biggest-poker-win',
  secondsPlayed: 'seconds-played',
  nightOwl: 'night-owl',
  friends: 'friends',
  messagesSent: 'messages-sent',
  postsCreated: 'posts-created',
  chatMessages: 'chat-messages',
  giftsSent: 'gifts-sent',
  copperGifted: 'copper-gifted',
  auctionSold: 'auction-sold',
  auctionTrades: 'auction-trades',
  secretArea: 'secret:hidden-grove',
  mountaintop: 'secret:mountaintop',
  depths: 'secret:depths',
  easterEgg: 'secret:easter-egg',
} as const;

/** Distinct-key prefixes: one counter per biome visited, per material collected. */
export const PREFIXES = { biome: 'biome:', material: 'material:' } as const;

/** 24 hours of play (spec 03 §3 hidden-marathon). */
export const MARATHON_SECONDS = 24 * 60 * 60;
/** 100 gold given (spec 03 §3 hidden-charity), in copper. */
export const CHARITY_COPPER = 100 * 10_000;
/** The hour of hidden-night-owl (DECISIONS §4: in the player's own time zone). */
export const NIGHT_OWL_HOUR = 3;

type Def = Omit<Achievement, 'hidden' | 'trigger'> & { hidden?: boolean; trigger: AchievementTrigger };

const count = (counter: string, target: number, unit: string): AchievementTrigger => ({ kind: 'counter', counter, target, unit });
const distinct = (prefix: string, target: number, unit: string): AchievementTrigger => ({ kind: 'distinct', prefix, target, unit });

const DEFS: readonly Def[] = [
  // Combat (8)
  { id: 'combat-first-blood', title: 'First Blood', description: 'Defeat your first enemy.', points: 5, icon: 'sword', category: 'combat', difficulty: 'easy', trigger: count(COUNTERS.enemiesDefeated, 1, 'enemies') },
  { id: 'combat-warrior', title: 'Seasoned Fighter', description: 'Defeat 10 enemies.', points: 15, icon: 'sword', category: 'combat', difficulty: 'easy', trigger: count(COUNTERS.enemiesDefeated, 10, 'enemies') },
  { id: 'combat-veteran', title: 'Veteran', description: 'Defeat 100 enemies.', points: 50, icon: 'swords', category: 'combat', difficulty: 'medium', trigger: count(COUNTERS.enemiesDefeated, 100, 'enemies') },
  { id: 'combat-slayer', title: 'Slayer', description: 'Defeat 500 enemies.', points: 90, icon: 'skull', category: 'combat', difficulty: 'hard', trigger: count(COUNTERS.enemiesDefeated, 500, 'enemies') },
  { id: 'combat-legend', title: 'Legend of the Realm', description: 'Defeat 1000 enemies.', points: 100, icon: 'crown', category: 'combat', difficulty: 'epic', trigger: count(COUNTERS.enemiesDefeated, 1000, 'enemies') },
  { id: 'combat-first-defeat', title: 'Back on Your Feet', description: 'Return from your first lost adventure.', points: 5, icon: 'heart-crack', category: 'combat', difficulty: 'easy', trigger: count(COUNTERS.adventuresLost, 1, 'defeats') },
  { id: 'combat-streak-5', title: 'On a Roll', description: 'Win 5 adventures in a row.', points: 50, icon: 'flame', category: 'combat', difficulty: 'medium', trigger: count(COUNTERS.bestWinStreak, 5, 'wins in a row') },
  { id: 'combat-champion', title: 'Champion of the Wilds', description: 'Win an adventure of level 10.', points: 100, icon: 'trophy', category: 'combat', difficulty: 'hard', trigger: count(COUNTERS.highestLevelWon, 10, 'adventure level') },

  // Exploration (10, three of them hidden)
  { id: 'explore-first-adventure', title: 'First Steps', description: 'Complete your first adventure.', points: 5, icon: 'map', category: 'exploration', difficulty: 'easy', trigger: count(COUNTERS.adventuresCompleted, 1, 'adventures') },
  { id: 'explore-desert', title: 'Sand in Your Boots', description: 'Complete an adventure in the desert.', points: 10, icon: 'sun', category: 'exploration', difficulty: 'easy', trigger: count(`${PREFIXES.biome}desert`, 1, 'adventures') },
  { id: 'explore-ice', title: 'Cold Feet', description: 'Complete an adventure in the ice fields.', points: 15, icon: 'snowflake', category: 'exploration', difficulty: 'medium', trigger: count(`${PREFIXES.biome}ice`, 1, 'adventures') },
  { id: 'explore-volcano', title: 'Trial by Fire', description: 'Complete an adventure at the volcano.', points: 30, icon: 'mountain', category: 'exploration', difficulty: 'medium', trigger: count(`${PREFIXES.biome}volcano`, 1, 'adventures') },
  { id: 'explore-caves', title: 'Into the Dark', description: 'Complete an adventure in the caves.', points: 30, icon: 'gem', category: 'exploration', difficulty: 'medium', trigger: count(`${PREFIXES.biome}caves`, 1, 'adventures') },
  { id: 'explore-world-traveler', title: 'World Traveler', description: 'Complete an adventure in all five lands.', points: 60, icon: 'globe', category: 'exploration', difficulty: 'medium', trigger: distinct(PREFIXES.biome, 5, 'lands') },
  { id: 'explore-seasoned', title: 'Seasoned Explorer', description: 'Complete 50 adventures.', points: 60, icon: 'compass', category: 'exploration', difficulty: 'medium', trigger: count(COUNTERS.adventuresCompleted, 50, 'adventures') },
  { id: 'explore-secret-area', title: 'Off the Map', description: 'Stumble upon the hidden grove.', points: 75, icon: 'trees', category: 'exploration', difficulty: 'hard', hidden: true, hint: 'Some forest paths are on no map. Keep walking them.', trigger: count(COUNTERS.secretArea, 1, 'discoveries') },
  { id: 'explore-mountaintop', title: 'Top of the World', description: 'Reach the frozen summit.', points: 75, icon: 'mountain-snow', category: 'exploration', difficulty: 'hard', hidden: true, hint: 'The highest ice paths lead somewhere higher still.', trigger: count(COUNTERS.mountaintop, 1, 'discoveries') },
  { id: 'explore-depths', title: 'The Deepest Dark', description: 'Find the bottom of the caves.', points: 75, icon: 'arrow-down', category: 'exploration', difficulty: 'hard', hidden: true, trigger: count(COUNTERS.depths, 1, 'discoveries') },

  // Social (8)
  { id: 'social-first-friend', title: 'A Friend in Need', description: 'Make your first friend.', points: 20, icon: 'user-plus', category: 'social', difficulty: 'easy', trigger: count(COUNTERS.friends, 1, 'friends') },
  { id: 'social-popular', title: 'Popular', description: 'Make 10 friends.', points: 50, icon: 'users', category: 'social', difficulty: 'medium', trigger: count(COUNTERS.friends, 10, 'friends') },
  { id: 'social-first-message', title: 'Dear Friend', description: 'Send your first direct message.', points: 5, icon: 'mail', category: 'social', difficulty: 'easy', trigger: count(COUNTERS.messagesSent, 1, 'messages') },
  { id: 'social-pen-pal', title: 'Pen Pal', description: 'Send 100 direct messages.', points: 30, icon: 'mail', category: 'social', difficulty: 'medium', trigger: count(COUNTERS.messagesSent, 100, 'messages') },
  { id: 'social-first-post', title: 'Town Crier', description: 'Publish your first post.', points: 5, icon: 'megaphone', category: 'social', difficulty: 'easy', trigger: count(COUNTERS.postsCreated, 1, 'posts') },
  { id: 'social-chatterbox', title: 'Chatterbox', description: 'Send 50 messages in the global chat.', points: 30, icon: 'message-circle', category: 'social', difficulty: 'medium', trigger: count(COUNTERS.chatMessages, 50, 'chat messages') },
  { id: 'social-generous', title: 'Generous Soul', description: 'Give a gift to a friend.', points: 25, icon: 'gift', category: 'social', difficulty: 'easy', trigger: count(COUNTERS.giftsSent, 1, 'gifts') },
  { id: 'social-first-sale', title: 'Open for Business', description: 'Sell an item at the auction house.', points: 25, icon: 'gavel', category: 'social', difficulty: 'easy', trigger: count(COUNTERS.auctionSold, 1, 'sales') },

  // Crafting (7)
  { id: 'crafting-first-craft', title: 'Handmade', description: 'Craft your first item.', points: 5, icon: 'hammer', category: 'crafting', difficulty: 'easy', trigger: count(COUNTERS.crafted, 1, 'crafts') },
  { id: 'crafting-apprentice', title: 'Apprentice Crafter', description: 'Craft 10 items.', points: 30, icon: 'hammer', category: 'crafting', difficulty: 'medium', trigger: count(COUNTERS.crafted, 10, 'crafts') },
  { id: 'crafting-artisan', title: 'Artisan', description: 'Craft 100 items.', points: 100, icon: 'anvil', category: 'crafting', difficulty: 'hard', trigger: count(COUNTERS.crafted, 100, 'crafts') },
  { id: 'crafting-rare', title: 'Fine Work', description: 'Craft a rare or better item.', points: 40, icon: 'sparkles', category: 'crafting', difficulty: 'medium', trigger: count(COUNTERS.craftedRare, 1, 'rare crafts') },
  { id: 'crafting-epic', title: 'Masterwork', description: 'Craft an epic or better item.', points: 75, icon: 'sparkles', category: 'crafting', difficulty: 'hard', trigger: count(COUNTERS.craftedEpic, 1, 'epic crafts') },
  { id: 'crafting-master', title: 'Master Crafter', description: 'Reach crafting level 10.', points: 100, icon: 'award', category: 'crafting', difficulty: 'epic', trigger: count(COUNTERS.craftingLevel, 10, 'crafting level') },
  { id: 'crafting-scholar', title: 'Scholar', description: 'Learn a recipe from a scroll.', points: 15, icon: 'scroll', category: 'crafting', difficulty: 'medium', trigger: count(COUNTERS.recipesLearned, 1, 'recipes') },

  // Collection (8)
  { id: 'collection-uncommon', title: 'A Cut Above', description: 'Obtain an uncommon item.', points: 5, icon: 'package', category: 'collection', difficulty: 'easy', trigger: count(COUNTERS.obtainedUncommon, 1, 'items') },
  { id: 'collection-rare', title: 'Rare Find', description: 'Obtain a rare item.', points: 20, icon: 'package', category: 'collection', difficulty: 'medium', trigger: count(COUNTERS.obtainedRare, 1, 'items') },
  { id: 'collection-epic', title: 'Epic Haul', description: 'Obtain an epic item.', points: 60, icon: 'package', category: 'collection', difficulty: 'hard', trigger: count(COUNTERS.obtainedEpic, 1, 'items') },
  { id: 'collection-legendary', title: 'Stuff of Legends', description: 'Obtain a legendary item.', points: 100, icon: 'star', category: 'collection', difficulty: 'epic', trigger: count(COUNTERS.obtainedLegendary, 1, 'items') },
  { id: 'collection-materials', title: 'Gatherer', description: 'Collect 10 different materials.', points: 40, icon: 'leaf', category: 'collection', difficulty: 'medium', trigger: distinct(PREFIXES.material, 10, 'materials') },
  { id: 'collection-all-materials', title: 'Naturalist', description: 'Collect all 35 materials.', points: 100, icon: 'leaf', category: 'collection', difficulty: 'epic', trigger: distinct(PREFIXES.material, 35, 'materials') },
  { id: 'collection-full-set', title: 'Fully Equipped', description: 'Wear gear in all eight slots.', points: 50, icon: 'shield', category: 'collection', difficulty: 'medium', trigger: count(COUNTERS.slotsEquipped, 8, 'slots') },
  { id: 'collection-legendary-set', title: 'Legendary Regalia', description: 'Wear legendary gear in all eight slots.', points: 150, icon: 'crown', category: 'collection', difficulty: 'legendary', trigger: count(COUNTERS.legendarySlotsEquipped, 8, 'slots') },

  // Mastery (7)
  { id: 'mastery-level-5', title: 'Getting Stronger', description: 'Reach level 5.', points: 15, icon: 'trending-up', category: 'mastery', difficulty: 'easy', trigger: count(COUNTERS.characterLevel, 5, 'levels') },
  { id: 'mastery-level-10', title: 'Proven Hero', description: 'Reach level 10.', points: 50, icon: 'trending-up', category: 'mastery', difficulty: 'medium', trigger: count(COUNTERS.characterLevel, 10, 'levels') },
  { id: 'mastery-level-25', title: 'Hero of the Realm', description: 'Reach level 25.', points: 100, icon: 'trending-up', category: 'mastery', difficulty: 'hard', trigger: count(COUNTERS.characterLevel, 25, 'levels') },
  { id: 'mastery-max-level', title: 'Living Legend', description: 'Reach the maximum level, 50.', points: 150, icon: 'crown', category: 'mastery', difficulty: 'legendary', trigger: count(COUNTERS.characterLevel, 50, 'levels') },
  { id: 'mastery-merchant', title: 'Merchant', description: 'Earn 1 gold selling items.', points: 40, icon: 'coins', category: 'mastery', difficulty: 'medium', trigger: count(COUNTERS.copperFromSales, 10_000, 'copper') },
  { id: 'mastery-poker-win', title: 'Card Shark', description: 'Leave a poker table with more chips than you brought.', points: 25, icon: 'spade', category: 'mastery', difficulty: 'easy', trigger: count(COUNTERS.pokerWins, 1, 'winning games') },
  { id: 'mastery-big-pot', title: 'Breaking the Bank', description: 'Win 1000 chips in a single poker game.', points: 80, icon: 'spade', category: 'mastery', difficulty: 'hard', trigger: count(COUNTERS.biggestPokerWin, 1000, 'chips') },

  // Special (3)
  { id: 'special-high-roller', title: 'High Roller', description: 'Buy 1000 casino chips.', points: 30, icon: 'dice', category: 'special', difficulty: 'medium', trigger: count(COUNTERS.chipsBought, 1000, 'chips') },
  { id: 'special-shopaholic', title: 'Shopaholic', description: 'Buy 25 items from the store.', points: 50, icon: 'shopping-bag', category: 'special', difficulty: 'medium', trigger: count(COUNTERS.storeBought, 25, 'purchases') },
  { id: 'special-100-percent', title: 'Completionist', description: 'Complete every achievement that is not hidden.', points: 200, icon: 'medal', category: 'special', difficulty: 'legendary', trigger: { kind: 'all-visible' } },

  // Hidden (5)
  { id: 'hidden-easter-egg', title: 'Curious Mind', description: 'Find the word the old adventurers whispered.', points: 50, icon: 'egg', category: 'hidden', difficulty: 'medium', hidden: true, hint: 'Old adventures began with a magic word typed into the console.', trigger: count(COUNTERS.easterEgg, 1, 'secrets') },
  { id: 'hidden-marathon', title: 'Marathon', description: 'Play for 24 hours in total.', points: 100, icon: 'clock', category: 'hidden', difficulty: 'epic', hidden: true, trigger: count(COUNTERS.secondsPlayed, MARATHON_SECONDS, 'seconds') },
  { id: 'hidden-master-trader', title: 'Master Trader', description: 'Complete 100 auction transactions.', points: 100, icon: 'scale', category: 'hidden', difficulty: 'epic', hidden: true, hint: 'The auction house remembers its best customers.', trigger: count(COUNTERS.auctionTrades, 100, 'trades') },
  { id: 'hidden-charity', title: 'Philanthropist', description: 'Give 100 gold to friends.', points: 75, icon: 'hand-heart', category: 'hidden', difficulty: 'hard', hidden: true, hint: 'Generosity is its own reward. Mostly.', trigger: count(COUNTERS.copperGifted, CHARITY_COPPER, 'copper') },
  { id: 'hidden-night-owl', title: 'Night Owl', description: 'Play at 3 AM.', points: 50, icon: 'moon', category: 'hidden', difficulty: 'medium', hidden: true, trigger: count(COUNTERS.nightOwl, 1, 'nights') },
];

export const ACHIEVEMENTS: readonly Achievement[] = DEFS.map((def) => ({ ...def, hidden: def.hidden ?? false }));

const BY_ID = new Map(ACHIEVEMENTS.map((a) => [a.id, a]));

/** Spec 03 §4: an unknown id is nobody's achievement (the caller logs it). */
export function achievementById(id: string): Achievement | undefined {
  return BY_ID.get(id);
}
