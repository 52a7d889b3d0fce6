import type { Biome, ItemData, PokerAction, PokerState } from '@rpg/game';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { playerCharacters } from './characters.ts';

const characterRef = () =>
  uuid('character_id')
    .notNull()
    .references(() => playerCharacters.id, { onDelete: 'cascade' });

/**
 * Spec 02 §3 "character_adventures". At most one unfinished adventure per character
 * (a unique partial index, not just a check); `completed` flips exactly once, in the
 * transaction that writes the rewards.
 */
export const characterAdventures = pgTable(
  'character_adventures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    characterId: characterRef(),
    location: text('location').$type<Biome>().notNull(),
    level: integer('level').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** Duration before speed gear, in ms of game time, and the reduction applied (percent). */
    originalMs: integer('original_ms').notNull(),
    speedReduction: integer('speed_reduction').notNull().default(0),
    /**
     * 128 random bits (hex) that seed the fight and the drops. Never sent to the browser
     * (security: a seed the player knows lets them predict the outcome). Null only on
     * adventures started before the column existed: those fall back to their id.
     */
    seed: text('seed'),
    completed: boolean('completed').notNull().default(false),
    rewardClaimed: boolean('reward_claimed').notNull().default(false),
    /** The settled outcome (won, rewards, drops, messages), for history and the completion toast. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('character_adventures_one_open_idx')
      .on(t.characterId)
      .where(sql`not ${t.completed}`),
    index('character_adventures_due_idx')
      .on(t.endTime)
      .where(sql`not ${t.completed}`),
    index('character_adventures_character_idx').on(t.characterId, t.startTime),
  ],
);

/** The chat console's history, per character (spec 02 §3 "Chat message"). */
export const consoleMessages = pgTable(
  'console_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    characterId: characterRef(),
    /** user, system, roll, adventure-start, adventure-return, poker, mana, success, error */
    kind: text('kind').notNull(),
    sender: text('sender').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('console_messages_character_idx').on(t.characterId, t.id)],
);

/**
 * Spec 03 §4 store: one offer per character per 4-hour window, one row per item, so
 * buying marks a row sold with a conditional update (two tabs: one wins).
 */
export const storeOffers = pgTable(
  'store_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    characterId: characterRef(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** gear, potions, food, backpacks */
    section: text('section').notNull(),
    /** The generator's offer id, e.g. 'gear-0'. */
    offerId: text('offer_id').notNull(),
    position: integer('position').notNull(),
    /** The item (ItemData) or the backpack on offer. */
    item: jsonb('item').$type<ItemData | Record<string, unknown>>().notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    sold: boolean('sold').notNull().default(false),
  },
  (t) => [uniqueIndex('store_offers_window_idx').on(t.characterId, t.windowStart, t.offerId), check('store_offers_price_check', sql`${t.price} >= 0`)],
);

/**
 * The stored hand: the rules' state plus the player's actions so far. Action n is
 * played with an rng seeded from (seed, n), so seed + actions replay the hand exactly.
 */
export type StoredPokerState = PokerState & { actions?: PokerAction[] };

/** Spec 02 §3 "Poker game state", kept on the server; the deck never leaves it. */
export const pokerGames = pgTable('poker_games', {
  characterId: uuid('character_id')
    .primaryKey()
    .references(() => playerCharacters.id, { onDelete: 'cascade' }),
  state: jsonb('state').$type<StoredPokerState>().notNull(),
  seed: text('seed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A craft in progress or finished (spec 02 §4 "Crafting"); settles exactly once like an adventure. */
export const characterCrafts = pgTable(
  'character_crafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    characterId: characterRef(),
    recipeId: text('recipe_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    completed: boolean('completed').notNull().default(false),
    /** The crafted item once collected into the backpack. */
    result: jsonb('result').$type<ItemData>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('character_crafts_one_open_idx')
      .on(t.characterId)
      .where(sql`not ${t.completed}`),
    index('character_crafts_due_idx')
      .on(t.endsAt)
      .where(sql`not ${t.completed}`),
  ],
);
