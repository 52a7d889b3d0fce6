import type { GearSlot, ItemData, ListingStatus, Tier } from '@rpg/game';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { playerCharacters } from './characters.ts';
import { users } from './users.ts';

/**
 * Spec 03 §3/§4 "Auction listing", shared by every player (DECISIONS §1). The listed item
 * is held here in escrow (`item_data`, `quantity`) from the moment it leaves the seller's
 * inventory; `status` flips from 'active' exactly once (sold, cancelled or expired), by a
 * conditional update under the row's lock. Prices and fees are copper.
 */
export const auctionListings = pgTable(
  'auction_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The seller's account (the public name is users.username) and the character paid. */
    sellerUserId: text('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerCharacterId: uuid('seller_character_id')
      .notNull()
      .references(() => playerCharacters.id, { onDelete: 'cascade' }),
    /** The escrowed item, as its inventory row held it. */
    itemData: jsonb('item_data').$type<ItemData>().notNull(),
    /** Copies of the item's name, tier and gear slot (null: not gear) for search, filters and history. */
    itemName: text('item_name').notNull(),
    itemTier: text('item_tier').$type<Tier>().notNull(),
    itemSlot: text('item_slot').$type<GearSlot>(),
    quantity: integer('quantity').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** The listing fee paid (kept whatever happens). */
    fee: bigint('fee', { mode: 'number' }).notNull(),
    status: text('status').$type<ListingStatus>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    buyerUserId: text('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerCharacterId: uuid('buyer_character_id').references(() => playerCharacters.id, { onDelete: 'set null' }),
    /** What the seller received on a sale: floor(95% of price). */
    payout: bigint('payout', { mode: 'number' }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    /** When it was sold, cancelled or expired. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // Browse: active listings in each sort's whole order, its ties broken as the sort breaks them
    // (queries/auction.ts, SORTS), so a page reads its own rows only: with the price alone, a page
    // by price read every listing at its prices (100 at a price in the simulated world: 0.67 ms).
    // Time left is also the expiry settler's order; newest is read backwards.
    index('auction_listings_active_expires_idx')
      .on(t.expiresAt, t.id)
      .where(sql`${t.status} = 'active'`),
    index('auction_listings_active_price_idx')
      .on(t.price, t.expiresAt, t.id)
      .where(sql`${t.status} = 'active'`),
    index('auction_listings_active_price_desc_idx')
      .on(t.price.desc().nullsFirst(), t.expiresAt, t.id)
      .where(sql`${t.status} = 'active'`),
    index('auction_listings_active_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'active'`),
    // Your Listings: a seller's listings, newest first.
    index('auction_listings_seller_idx').on(t.sellerUserId, t.createdAt),
    // Price history: the last sales of an item name.
    index('auction_listings_sales_idx')
      .on(t.itemName, t.soldAt)
      .where(sql`${t.status} = 'sold'`),
    check('auction_listings_status_check', sql`${t.status} in ('active', 'sold', 'cancelled', 'expired')`),
    check('auction_listings_price_check', sql`${t.price} > 0`),
    check('auction_listings_fee_check', sql`${t.fee} >= 0`),
    check('auction_listings_quantity_check', sql`${t.quantity} > 0`),
    check('auction_listings_sold_check', sql`${t.status} <> 'sold' or (${t.soldAt} is not null and ${t.payout} is not null)`),
  ],
);
