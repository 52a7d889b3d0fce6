import { AUCTION_COUNT_AHEAD, type AuctionSort } from '@rpg/contract';
import type { GearSlot, Tier } from '@rpg/game';
import { and, asc, desc, eq, lte, min, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { nowParam, prepared } from '../prepared.ts';
import { auctionListings, playerCharacters, users } from '../schema/index.ts';
import { likeEscape } from './columns.ts';

export type ListingRow = typeof auctionListings.$inferSelect;
export async function insertListing(tx: Tx, values: typeof auctionListings.$inferInsert): Promise<ListingRow> {
  const [row] = await tx.insert(auctionListings).values(values).returning();
  if (!row) throw new Error('listing insert returned nothing');
  return row;
}

/** The listing, locked until commit (buy and cancel wait for each other here: one of them wins). */
export async function lockListing(tx: Tx, id: string): Promise<ListingRow | undefined> {
  const [row] = await tx.select().from(auctionListings).where(eq(auctionListings.id, id)).for('update');
  return row;
}

/** An active listing past its end, locked; skipped when another transaction (a buyer, another settler) holds it. */
export async function lockExpiredListing(tx: Tx, id: string, now: Date): Promise<ListingRow | undefined> {
  const [row] = await tx
    .select()
    .from(auctionListings)
    .where(and(eq(auctionListings.id, id), eq(auctionListings.status, 'active'), lte(auctionListings.expiresAt, now)))
    .for('update', { skipLocked: true });
  return row;
}

/** Locks a character's row by id (the other party of a sale: the seller). */
export async function lockCharacterRow(tx: Tx, characterId: string): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await tx
    .select({ id: playerCharacters.id, userId: playerCharacters.userId })
    .from(playerCharacters)
    .where(eq(playerCharacters.id, characterId))
    .for('update');
  return row;
}

type Ending = { status: 'sold'; buyerUserId: string; buyerCharacterId: string; payout: number } | { status: 'cancelled' } | { status: 'expired' };

/** The one flip from active: false when it had already happened (or the listing is gone). */
export async function endListing(tx: Tx, id: string, ending: Ending, now: Date): Promise<boolean> {
  const sold =
    ending.status === 'sold' ? { buyerUserId: ending.buyerUserId, buyerCharacterId: ending.buyerCharacterId, payout: ending.payout, soldAt: now } : {};
  const rows = await tx
    .update(auctionListings)
    .set({ status: ending.status, endedAt: now, ...sold })
    .where(and(eq(auctionListings.id, id), eq(auctionListings.status, 'active')))
    .returning({ id: auctionListings.id });
  return rows.length === 1;
}

export async function usernameOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username;
}

/** The last sales of an item name (exact), newest first. */
export function salesOf(db: DbOrTx, itemName: string, limit = 10) {
  return db
    .select({ price: auctionListings.price, quantity: auctionListings.quantity, soldAt: auctionListings.soldAt })
    .from(auctionListings)
    .where(and(eq(auctionListings.itemName, itemName), eq(auctionListings.status, 'sold')))
    .orderBy(desc(auctionListings.soldAt))
    .limit(limit);
}

/** Active listings past their end (oldest end first), with their seller (for the pushes). */
export function listExpiredListings(db: DbOrTx, now: Date, options: { userId?: string; limit?: number } = {}) {
  return db
    .select({ id: auctionListings.id })
    .from(auctionListings)
    .where(
      and(
        eq(auctionListings.status, 'active'),
        lte(auctionListings.expiresAt, now),
        options.userId ? eq(auctionListings.sellerUserId, options.userId) : undefined,
      ),
    )
    .orderBy(asc(auctionListings.expiresAt))
    .limit(options.limit ?? 100);
}

/** When the next active listing ends, or null. */
export async function nextListingExpiry(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(auctionListings.expiresAt) })
    .from(auctionListings)
    .where(eq(auctionListings.status, 'active'));
  return row?.at ?? null;
}

/** A listing as the reads answer it: listingView's fields, with its seller's name. */
export type ListingRead = Pick<ListingRow, 'id' | 'itemData' | 'quantity' | 'price' | 'fee' | 'payout' | 'status' | 'createdAt' | 'expiresAt' | 'endedAt'> & {
  seller: string;
};

/**
 * A timestamptz of listing `l` as a Date, carried as epoch milliseconds (cut to the millisecond, as a
 * Date holds it): a number decodes several times cheaper than the timestamp's text, three times a card.
 */
const instant = (column: string) => sql`floor(extract(epoch from l.${sql.raw(column)}) * 1000)::float8`.mapWith((ms: number) => new Date(ms));

/** A listing of the derived table `l` of a statement (its columns and `seller_name`), as typed columns (null when a left join found none). */
const listingColumns = {
  id: sql<string>`l.id`,
  itemData: sql<ListingRow['itemData']>`l.item_data`.mapWith(auctionListings.itemData),
  quantity: sql<number>`l.quantity`,
  price: sql<number>`l.price`.mapWith(auctionListings.price),
  fee: sql<number>`l.fee`.mapWith(auctionListings.fee),
  payout: sql<number | null>`l.payout`.mapWith(auctionListings.payout),
  status: sql<ListingRow['status']>`l.status`,
  createdAt: instant('created_at') as SQL<Date>,
  expiresAt: instant('expires_at') as SQL<Date>,
  endedAt: instant('ended_at') as SQL<Date | null>,
  seller: sql<string>`l.seller_name`,
};

const seller = sql.placeholder('userId');
const myListingsRead = prepared('auction_mine', (db) =>
  db
    .select({ ended: sql<boolean>`l.ended`, ...listingColumns })
    .from(
      // The seller's active listings (soonest end first), then the last `recent` that ended (latest first), each numbered in its order.
      sql`((select false as ended, row_number() over (order by x.expires_at asc) as n, x.*, u.username as seller_name
          from ${auctionListings} x join ${users} u on u.id = x.seller_user_id
          where x.seller_user_id = ${seller} and x.status = 'active')
        union all
        (select true, row_number() over (order by x.ended_at desc), x.*, u.username
          from ${auctionListings} x join ${users} u on u.id = x.seller_user_id where x.seller_user_id = ${seller}
          and x.status <> 'active' order by x.ended_at desc limit ${sql.placeholder('recent')})) l`,
    )
    .orderBy(sql`l.ended`, sql`l.n`),
);

/**
 * GET /api/auction/mine's read in one statement (one snapshot): every active listing of the seller
 * (soonest end first), the last `recent` that ended, and the active ones past their end (at most 100,
 * the soonest first), to settle before answering.
 */
export async function readMyListings(
  db: DbOrTx,
  userId: string,
  now: Date,
  recent = 10,
): Promise<{ active: ListingRead[]; ended: ListingRead[]; due: string[] }> {
  const rows = await myListingsRead(db, { userId, recent });
  const active = rows.filter((r) => !r.ended);
  const due = active.filter((r) => r.expiresAt.getTime() <= now.getTime()).slice(0, 100);
  return { active, ended: rows.filter((r) => r.ended), due: due.map((r) => r.id) };
}

// ---- GET /api/auction/listings in one statement -------------------------------------------------

const viewer = sql`${sql.placeholder('viewerUserId')}::text`;
const sortParam = sql`${sql.placeholder('sort')}::text`;
const pageSize = sql`${sql.placeholder('pageSize')}::int`;
const pageOffset = sql`${sql.placeholder('offset')}::int`;

/** Other players' active listings not yet past their end (listing `l`), before the filters. */
const open = sql`l.status = 'active' and l.expires_at > ${nowParam} and l.seller_user_id <> ${viewer}`;

/** The sorts of listing `l`, the id last (ties in price and end always in one order). */
export const SORTS: Record<AuctionSort, SQL> = {
  'price-asc': sql.raw('l.price asc, l.expires_at asc, l.id asc'),
  'price-desc': sql.raw('l.price desc, l.expires_at asc, l.id asc'),
  'time-left': sql.raw('l.expires_at asc, l.id asc'),
  newest: sql.raw('l.created_at desc, l.id desc'),
};
/** The same four as one ORDER BY of the `sort` parameter, of listing `a` (no index follows it). */
const sortByParameter = (a: string) =>
  sql`case ${sortParam} when 'price-asc' then ${sql.raw(a)}.price end asc,
    case ${sortParam} when 'price-desc' then ${sql.raw(a)}.price end desc,
    case ${sortParam} when 'newest' then ${sql.raw(a)}.created_at end desc,
    case ${sortParam} when 'newest' then ${sql.raw(a)}.id end desc,
    ${sql.raw(a)}.expires_at asc, ${sql.raw(a)}.id asc`;

/** Listings past their end (every seller's, at most 100, the soonest first): settled before answering. */
const dueIds = sql`array(select l.id::text from ${auctionListings} l where l.status = 'active' and l.expires_at <= ${nowParam} order by l.expires_at asc limit 100)`;

/**
 * The page: the listings of `shown` (their ids, a CTE of `ctes`) with their sellers, beside the
 * `total` and the due ids (one row with no listing when the page is empty), in the sort's order.
 */
const pageOf = (db: DbOrTx, ctes: SQL, total: SQL) =>
  db
    // The total and the due ids on the first row only (each further copy would be decoded again).
    .select({ total: sql<number | null>`case when l.k = 1 then l.total end`, due: sql<string[] | null>`case when l.k = 1 then l.due end`, ...listingColumns })
    .from(
      sql`(with ${ctes} select h.total, h.due, p.*, u.username as seller_name, row_number() over () as k from (select (${total})::int as total, ${dueIds} as due) h
        left join (shown join ${auctionListings} p on p.id = shown.id join ${users} u on u.id = p.seller_user_id) on true) l`,
    )
    .orderBy(sortByParameter('l'));

/**
 * Without a search, tier or slot (the house as it opens). The page is read along its sort's index
 * (auction_listings_active_*_idx), only as far as the page: a branch a sort, each behind a condition
 * of the `sort` parameter alone, which a custom plan drops and a generic one checks once (the other
 * branches never run). The total is counted AUCTION_COUNT_AHEAD listings past the page's start at
 * most: counting every open listing cost 12 ms of PostgreSQL a page with 100,000 listings
 * (docs/simulate.md). With the filters' `is null or` in it instead, the generic plan sorted every
 * open listing for each page.
 */
const browseRead = prepared('auction_browse', (db) =>
  pageOf(
    db,
    sql`shown as (${sql.join(
      (Object.keys(SORTS) as AuctionSort[]).map(
        (name) =>
          sql`(select l.id from ${auctionListings} l where ${sortParam} = ${sql.raw(`'${name}'`)} and ${open} order by ${SORTS[name]} limit ${pageSize} offset ${pageOffset})`,
      ),
      sql` union all `,
    )})`,
    sql`select count(*) from (select from ${auctionListings} l where ${open} limit ${sql.placeholder('countLimit')}::int) c`,
  ),
);

const search = sql`${sql.placeholder('search')}::text`;
const tier = sql`${sql.placeholder('tier')}::text`;
const slot = sql`${sql.placeholder('slot')}::text`;

/** With a search, tier or slot (null: not set): the matching listings are read once (materialized) for both their count and the page. */
const filteredBrowseRead = prepared('auction_browse_filtered', (db) =>
  pageOf(
    db,
    sql`matching as materialized (select l.id, l.price, l.expires_at, l.created_at from ${auctionListings} l
        where ${open} and (${search} is null or l.item_name ilike ${search})
        and (${tier} is null or l.item_tier = ${tier})
        and (${slot} is null or case when ${slot} = 'other' then l.item_slot is null else l.item_slot = ${slot} end)),
        shown as (select m.id from matching m order by ${sortByParameter('m')} limit ${pageSize} offset ${pageOffset})`,
    sql`select count(*) from matching`,
  ),
);

export interface BrowseFilter {
  search?: string | undefined;
  tier?: Tier | undefined;
  slot?: GearSlot | 'other' | undefined;
  sort?: AuctionSort | undefined;
  page: number;
  pageSize: number;
}

/**
 * Spec 03 §2 Browse in one statement (one snapshot): one page of other players' active listings not
 * yet past their end (a contains-match on the item's name, the tier, the slot, the sort), how many
 * match, and the listings past their end to settle first (any seller's).
 */
export async function browseListings(db: DbOrTx, viewerUserId: string, filter: BrowseFilter, now: Date): Promise<BrowseRead> {
  const text = filter.search?.trim();
  const values = {
    now: now.toISOString(),
    viewerUserId,
    sort: filter.sort ?? 'newest',
    pageSize: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  };
  const filters = { search: text ? `%${likeEscape(text)}%` : null, tier: filter.tier ?? null, slot: filter.slot ?? null };
  const unfiltered = filters.search === null && filters.tier === null && filters.slot === null;
  // Unfiltered, one more than the most counted tells that there are more.
  const countLimit = values.offset + AUCTION_COUNT_AHEAD;
  const rows = unfiltered ? await browseRead(db, { ...values, countLimit: countLimit + 1 }) : await filteredBrowseRead(db, { ...values, ...filters });
  const first = rows.find((r) => r.total !== null);
  if (!first) throw new Error('the auction browse read no row');
  const totalCapped = unfiltered && first.total! > countLimit;
  return { rows: rows.filter((r) => r.id !== null) as ListingRead[], total: totalCapped ? countLimit : first.total!, totalCapped, due: first.due! };
}

/** A browse page: its listings, how many match (at least, when `totalCapped`), and the listings past their end to settle. */
export interface BrowseRead {
  rows: ListingRead[];
  total: number;
  totalCapped: boolean;
  due: string[];
}
