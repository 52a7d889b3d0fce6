/** The auction house's shapes (spec 03 §2/§3/§4), shared by the server's routes and the web app. */
import { GEAR_SLOTS, LISTING_STATUSES, MAX_LISTING_PRICE, TIERS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { idInput, int, text } from './input.ts';
import { itemDataSchema } from './items.ts';
import { toastSchema } from './toast.ts';

const whole = lazySchema(() => z.number().int());
const coinsSchema = lazySchema(() => z.strictObject({ gold: whole, silver: whole, copper: whole }));

/** One listing as a card shows it. `seller` is the seller's username, never an e-mail (DECISIONS §4). */
export const auctionListingSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    item: itemDataSchema,
    quantity: whole,
    /** Copper, and the same split for display. */
    price: whole,
    coins: coinsSchema,
    seller: z.string(),
    status: z.enum(LISTING_STATUSES),
    createdAt: z.string(),
    expiresAt: z.string(),
    /** Spec 03 §2: time left in whole hours (rounded up) when answered. */
    hoursLeft: whole,
    /** On your own listings: the fee paid, and on a sale what you received and when. */
    fee: whole.optional(),
    payout: whole.nullable().optional(),
    endedAt: z.string().nullable().optional(),
  }),
);
export type AuctionListingView = z.infer<typeof auctionListingSchema>;

export const AUCTION_SORTS = ['price-asc', 'price-desc', 'time-left', 'newest'] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number];
export const AUCTION_PAGE_SIZE = 12;
/**
 * Browsing without a search or filter, the house counts at most this many listings past the page's
 * first: beyond, `total` is that many and `totalCapped` is true (shown as "1000+ listings").
 */
export const AUCTION_COUNT_AHEAD = 1000;

/** GET /api/auction/listings: other players' active listings, searched, filtered, sorted, one page. */
export const auctionBrowseQuerySchema = lazySchema(() =>
  z.object({
    search: text(100).optional(),
    tier: z.enum(TIERS).optional(),
    /** A gear slot, or 'material' etc. is not a slot: 'other' means anything without a slot. */
    slot: z.enum([...GEAR_SLOTS, 'other']).optional(),
    sort: z.enum(AUCTION_SORTS).optional(),
    page: z
      .string()
      .regex(/^\d{1,6}$/, 'must be a page number')
      .transform(Number)
      .pipe(int(1, 100_000))
      .optional(),
  }),
);
export type AuctionBrowseQuery = z.input<typeof auctionBrowseQuerySchema>;

export const auctionBrowseSchema = lazySchema(() =>
  z.strictObject({
    listings: z.array(auctionListingSchema),
    page: whole,
    pageSize: whole,
    /** How many listings match: exact, or when `totalCapped` a lower bound (AUCTION_COUNT_AHEAD past the page). */
    total: whole,
    totalCapped: z.boolean(),
  }),
);
export type AuctionBrowse = z.infer<typeof auctionBrowseSchema>;

/** GET /api/auction/mine: the player's active listings, and the last ones that ended (sold, cancelled, expired). */
export const myAuctionsSchema = lazySchema(() =>
  z.strictObject({
    active: z.array(auctionListingSchema),
    recent: z.array(auctionListingSchema),
  }),
);
export type MyAuctions = z.infer<typeof myAuctionsSchema>;

/** GET /api/auction/history?name=: the last sales of an item name, newest first. */
export const auctionHistoryQuerySchema = lazySchema(() => z.object({ name: text(100).min(1, 'is required') }));
export const auctionHistorySchema = lazySchema(() =>
  z.strictObject({
    name: z.string(),
    sales: z.array(z.strictObject({ price: whole, coins: coinsSchema, quantity: whole, soldAt: z.string() })),
  }),
);
export type AuctionHistory = z.infer<typeof auctionHistorySchema>;

/** POST /api/characters/:id/auction { entryId, quantity?, price }: price in copper for the whole listing. */
export const createListingBodySchema = lazySchema(() =>
  z.strictObject({
    entryId: idInput,
    quantity: int(1, 1_000_000).optional(),
    price: int(0, MAX_LISTING_PRICE * 10),
  }),
);
export type CreateListingBody = z.input<typeof createListingBodySchema>;

/** :id and :listingId of /api/characters/:id/auction/:listingId/buy. */
export const listingParamsSchema = lazySchema(() => z.object({ id: idInput, listingId: idInput }));

/** The answer to list, buy and cancel: the toast and the character's money after. */
export const auctionActionResponseSchema = lazySchema(() =>
  z.strictObject({
    toast: toastSchema,
    listing: auctionListingSchema,
    copper: whole,
    coins: coinsSchema,
  }),
);
export type AuctionActionResponse = z.infer<typeof auctionActionResponseSchema>;

/** To the seller's tabs when a listing sells (spec 03 §4 "the seller is credited"): a toast and the console line. */
export const auctionSoldPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('auction-sold'),
    listingId: z.string(),
    characterId: z.string(),
    itemName: z.string(),
    price: whole,
    payout: whole,
    /** The console line written to the seller's character. */
    message: z.string(),
  }),
);
export type AuctionSoldPush = z.infer<typeof auctionSoldPushSchema>;

/** :listingId of /api/auction/:listingId/cancel. */
export const cancelListingParamsSchema = lazySchema(() => z.object({ listingId: idInput }));
