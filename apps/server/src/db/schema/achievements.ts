import type { ItemData } from '@rpg/game';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { playerCharacters } from './characters.ts';
import { users } from './users.ts';

const userRef = (name = 'user_id') =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Spec 03 §3 "Player progress", kept per player on the server (DECISIONS §1). Points only
 * change through `recordEvents` (an unlock) or the player's own reset.
 */
export const achievementProgress = pgTable(
  'achievement_progress',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalPoints: integer('total_points').notNull().default(0),
    /** The battle-pass level, always levelForPoints(total_points) (spec 03 §4). */
    level: integer('level').notNull().default(0),
    /** The title shown beside the name (a battle-pass reward), null until one is granted. */
    title: text('title'),
    /** The IANA time zone the browser reports (DECISIONS §4: 3 AM in the player's own time). */
    timeZone: text('time_zone'),
    /** When the time zone was last set to a different value (it counts for 3 AM a day later). */
    timeZoneSetAt: timestamp('time_zone_set_at', { withTimezone: true }),
    /** When play time was last counted from presence, so two processes never count a span twice. */
    playedAt: timestamp('played_at', { withTimezone: true }),
    resetAt: timestamp('reset_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('achievement_progress_points_check', sql`${t.totalPoints} >= 0`)],
);

/** Counters fed by game events ('enemies-defeated', 'biome:forest', ...), one row per player and key. */
export const achievementCounters = pgTable(
  'achievement_counters',
  {
    userId: userRef(),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Unlocked achievements: the unique key makes an unlock (and its points) happen once. */
export const playerAchievements = pgTable(
  'player_achievements',
  {
    userId: userRef(),
    achievementId: text('achievement_id').notNull(),
    points: integer('points').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
);

/**
 * Battle-pass rewards granted (DECISIONS §2): one row per player and level, ever; the
 * insert that wins the unique key is the one that puts the item into the inventory.
 * A reset does not delete these rows, so a level is never granted twice.
 */
export const battlePassGrants = pgTable(
  'battle_pass_grants',
  {
    userId: userRef(),
    level: integer('level').notNull(),
    /** The character that received the item (null for a title, or when the character was deleted). */
    characterId: uuid('character_id').references(() => playerCharacters.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level] })],
);

/** Gifts between friends (DECISIONS §4): copper or one item stack, logged as they happen. */
export const gifts = pgTable(
  'gifts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Idempotency: a retried request with the same key gives once. */
    requestId: text('request_id').notNull(),
    fromUserId: userRef('from_user_id'),
    toUserId: userRef('to_user_id'),
    fromCharacterId: uuid('from_character_id').references(() => playerCharacters.id, { onDelete: 'set null' }),
    toCharacterId: uuid('to_character_id').references(() => playerCharacters.id, { onDelete: 'set null' }),
    copper: bigint('copper', { mode: 'number' }).notNull().default(0),
    item: jsonb('item').$type<ItemData>(),
    quantity: integer('quantity').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gifts_request_idx').on(t.fromUserId, t.requestId),
    index('gifts_to_idx').on(t.toUserId, t.createdAt),
    check('gifts_copper_check', sql`${t.copper} >= 0`),
    check('gifts_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/**
 * What one player gave another (gifts) and sold to them (auction) that counted toward
 * achievements (issue 25: transfers between the same two players count in a bounded way,
 * packages/game/src/achievements/transfers.ts). One row per ordered pair, locked by the
 * transfer's transaction.
 */
export const transferPairs = pgTable(
  'transfer_pairs',
  {
    fromUserId: userRef('from_user_id'),
    toUserId: userRef('to_user_id'),
    /** Every gift from -> to, in copper (an item at its store sell value). */
    giftGiven: bigint('gift_given', { mode: 'number' }).notNull().default(0),
    /** The highest net given (gift_given minus the reverse row's) already counted. */
    giftCounted: bigint('gift_counted', { mode: 'number' }).notNull().default(0),
    /** The UTC day of sales_counted. */
    salesDay: date('sales_day', { mode: 'string' }),
    /** Auction sales from -> to (seller to buyer) that counted on sales_day. */
    salesCounted: integer('sales_counted').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.fromUserId, t.toUserId] }),
    // A deleted account's rows as the receiver (the key covers it as the giver).
    index('transfer_pairs_to_idx').on(t.toUserId),
    check('transfer_pairs_gift_check', sql`${t.giftGiven} >= 0 and ${t.giftCounted} >= 0`),
  ],
);
