import type { Biome, GearSlot, Tier } from '../types.ts';

/** A rare adventure outcome that counts for a hidden exploration achievement (achievements/discovery.ts). */
export type Discovery = 'hidden-grove' | 'mountaintop' | 'depths';

/**
 * The game events achievements count (spec 03 §3, DECISIONS §3). The server records them in
 * the transaction of the event itself (apps/server/src/services/achievements.ts).
 */
export type AchievementEvent =
  | { type: 'adventure-completed'; location: Biome; level: number; won: boolean; enemiesDefeated: number; discovery: Discovery | null }
  | { type: 'item-obtained'; tier: Tier; materialId?: string }
  | { type: 'gear-equipped'; equipped: readonly { slot: GearSlot; tier: Tier }[] }
  | { type: 'crafted'; tier: Tier; craftingLevel: number }
  | { type: 'recipe-learned' }
  | { type: 'store-bought' }
  | { type: 'item-sold'; copper: number }
  | { type: 'chips-bought'; chips: number }
  | { type: 'poker-finished'; net: number }
  | { type: 'level-reached'; level: number }
  | { type: 'played'; seconds: number; localHour: number | null }
  | { type: 'secret-command' }
  | { type: 'auction-sold'; copper: number }
  | { type: 'auction-bought'; copper: number }
  /** A friendship accepted; `friends` is how many friends the player has now (re-adding one counts nothing new). */
  | { type: 'friend-added'; friends: number }
  | { type: 'message-sent' }
  | { type: 'post-created' }
  | { type: 'chat-message' }
  | { type: 'gift-sent'; copper: number };

export type AchievementEventType = AchievementEvent['type'];
