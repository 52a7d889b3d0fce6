import type { AuctionSort } from '@rpg/contract';
import { COPPER_PER_GOLD, COPPER_PER_SILVER, type GearSlot, type Tier } from '@rpg/game';
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, min, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { auctionListings, playerCharacters, users } from '../schema/index.ts';
import { isoTime, likeEscape } from './columns.ts';

export type ListingRow = typeof auctionListings.$inferSelect;
/** A listing with its seller's public name (users.username). */
export type ListingWithSeller = ListingRow & { seller: string };

const withSeller = {
  listing: auctionListings,
  seller: users.username,
};

const flatten = (rows: Array<{ listing: ListingRow; seller: string }>): ListingWithSeller[] => rows.map(({ listing, seller }) => ({ ...listing, seller }));

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
  const [row] = await tx.select({ id: playerCharacters.id, userId: playerCharacters.userId }).from(playerCharacters).where(eq(playerCharacters.id, characterId)).for('update');
  return row;
}

type Ending =
  | { status: 'sold'; buyerUserId: string; buyerCharacterId: string; payout: number }
  | { status: 'cancelled' }
  | { status: 'expired' };

/** The one flip from active: false when it had already happened (or the listing is gone). */
export async function endListing(tx: Tx, id: string, ending: Ending, now: Date): Promise<boolean> {
  const sold = ending.status === 'sold' ? { buyerUserId: ending.buyerUserId, buyerCharacterId: ending.buyerCharacterId, payout: ending.payout, soldAt: now } : {};
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

export interface BrowseFilter {
  search?: string | undefined;
  tier?: Tier | undefined;
  slot?: GearSlot | 'other' | undefined;
  sort?: AuctionSort | undefined;
  page: number;
  pageSize: number;
}

const ORDER: Record<AuctionSort, SQL[]> = {
  'price-asc': [asc(auctionListings.price), asc(auctionListings.expiresAt)],
  'price-desc': [desc(auctionListings.price), asc(auctionListings.expiresAt)],
  'time-left': [asc(auctionListings.expiresAt), asc(auctionListings.id)],
  newest: [desc(auctionListings.createdAt), desc(auctionListings.id)],
};

/**
 * Spec 03 §2 Browse: other players' active listings not yet past their end, one page, and how many there are.
 * GET /api/auction/listings reads browseListingsJson; this is the reference its test holds it to.
 */
export async function browseListings(db: DbOrTx, viewerUserId: string, filter: BrowseFilter, now: Date): Promise<{ rows: ListingWithSeller[]; total: number }> {
  const search = filter.search?.trim();
  const where = and(
    eq(auctionListings.status, 'active'),
    gt(auctionListings.expiresAt, now),
    ne(auctionListings.sellerUserId, viewerUserId),
    search ? ilike(auctionListings.itemName, `%${likeEscape(search)}%`) : undefined,
    filter.tier ? eq(auctionListings.itemTier, filter.tier) : undefined,
    filter.slot === 'other' ? isNull(auctionListings.itemSlot) : filter.slot ? eq(auctionListings.itemSlot, filter.slot) : undefined,
  );
  const rows = await db
    .select(withSeller)
    .from(auctionListings)
    .innerJoin(users, eq(users.id, auctionListings.sellerUserId))
    .where(where)
    .orderBy(...ORDER[filter.sort ?? 'newest'])
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(auctionListings).where(where);
  return { rows: flatten(rows), total: total?.n ?? 0 };
}

/** The player's listings: every active one (soonest end first) and the last `recent` that ended. */
export async function sellerListings(db: DbOrTx, userId: string, recent = 10): Promise<{ active: ListingWithSeller[]; ended: ListingWithSeller[] }> {
  const base = () => db.select(withSeller).from(auctionListings).innerJoin(users, eq(users.id, auctionListings.sellerUserId));
  const active = await base()
    .where(and(eq(auctionListings.sellerUserId, userId), eq(auctionListings.status, 'active')))
    .orderBy(asc(auctionListings.expiresAt));
  const ended = await base()
    .where(and(eq(auctionListings.sellerUserId, userId), ne(auctionListings.status, 'active')))
    .orderBy(desc(auctionListings.endedAt))
    .limit(recent);
  return { active: flatten(active), ended: flatten(ended) };
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
    .where(and(eq(auctionListings.status, 'active'), lte(auctionListings.expiresAt, now), options.userId ? eq(auctionListings.sellerUserId, options.userId) : undefined))
    .orderBy(asc(auctionListings.expiresAt))
    .limit(options.limit ?? 100);
}

/** When the next active listing ends, or null. */
export async function nextListingExpiry(db: DbOrTx): Promise<Date | null> {
  const [row] = await db.select({ at: min(auctionListings.expiresAt) }).from(auctionListings).where(eq(auctionListings.status, 'active'));
  return row?.at ?? null;
}


/** A listing as the one-statement reads answer it: its times as toISOString writes them, its end also in milliseconds (hoursLeft). */
export interface ListingRead {
  id: string;
  itemData: ListingRow['itemData'];
  quantity: number;
  price: number;
  fee: number;
  payout: number | null;
  status: ListingRow['status'];
  seller: string;
  createdAt: string;
  expiresAt: string;
  expiresAtMs: number;
  endedAt: string | null;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** One listing of `l` with its seller `u` as a ListingRead (the milliseconds cut, not rounded, as getTime). */
const listingJson = sql.raw(
  `json_build_object('id', l.id, 'itemData', l.item_data, 'quantity', l.quantity, 'price', l.price, 'fee', l.fee, 'payout', l.payout, 'status', l.status, 'seller', u.username, 'createdAt', ${iso('l.created_at')}, 'expiresAt', ${iso('l.expires_at')}, 'expiresAtMs', floor(extract(epoch from l.expires_at) * 1000), 'endedAt', ${iso('l.ended_at')})`,
);

const seller = sql.placeholder('userId');
const myListingsRead = prepared('auction_mine', (db) =>
  db
    .select({
      // sellerListings' two reads, their rows in their own order (json_agg keeps the subquery's).
      active: sql<ListingRead[]>`coalesce((select json_agg(s.j) from (select ${listingJson} as j from ${auctionListings} l join ${users} u on u.id = l.seller_user_id where l.seller_user_id = ${seller} and l.status = 'active' order by l.expires_at asc) s), '[]'::json)`,
      ended: sql<ListingRead[]>`coalesce((select json_agg(s.j) from (select ${listingJson} as j from ${auctionListings} l join ${users} u on u.id = l.seller_user_id where l.seller_user_id = ${seller} and l.status <> 'active' order by l.ended_at desc limit ${sql.placeholder('recent')}) s), '[]'::json)`,
      // listExpiredListings' ids of this seller: settled before answering.
      due: sql<string[]>`coalesce((select json_agg(s.id) from (select l.id from ${auctionListings} l where l.status = 'active' and l.expires_at <= ${sql.placeholder('now')}::timestamptz and l.seller_user_id = ${seller} order by l.expires_at asc limit 100) s), '[]'::json)`,
    })
    .from(sql`(select 1) as one`),
);

/** GET /api/auction/mine's reads in one statement (one snapshot): sellerListings' answer and the seller's listings due to expire. */
export async function readMyListings(db: DbOrTx, userId: string, now: Date, recent = 10): Promise<{ active: ListingRead[]; ended: ListingRead[]; due: string[] }> {
  const [row] = await myListingsRead(db, { userId, now: now.toISOString(), recent });
  if (!row) throw new Error('the auction read no row');
  return row;
}

// ---- GET /api/auction/listings in one statement -------------------------------------------------

const nowParam = sql`${sql.placeholder('now')}::timestamptz`;
const viewer = sql`${sql.placeholder('viewerUserId')}::text`;
const sortParam = sql`${sql.placeholder('sort')}::text`;
const pageSize = sql`${sql.placeholder('pageSize')}::int`;
const pageOffset = sql`${sql.placeholder('offset')}::int`;

/** browseListings' condition without the filters (listing `l`). */
const open = sql`l.status = 'active' and l.expires_at > ${nowParam} and l.seller_user_id <> ${viewer}`;

/** ORDER's sorts of listing `l`, the id last (ties in price and end came in the database's order: now always the same one). */
const SORTS: Record<AuctionSort, SQL> = {
  'price-asc': sql.raw('l.price asc, l.expires_at asc, l.id asc'),
  'price-desc': sql.raw('l.price desc, l.expires_at asc, l.id asc'),
  'time-left': sql.raw('l.expires_at asc, l.id asc'),
  newest: sql.raw('l.created_at desc, l.id desc'),
};
/** The same four as one ORDER BY of the `sort` parameter, of listing `a` (no index follows it). */
const sortByParameter = (a: string) =>
  sql`case ${sortParam} when 'price-asc' then ${sql.raw(a)}.price end asc, case ${sortParam} when 'price-desc' then ${sql.raw(a)}.price end desc, case ${sortParam} when 'newest' then ${sql.raw(a)}.created_at end desc, case ${sortParam} when 'newest' then ${sql.raw(a)}.id end desc, ${sql.raw(a)}.expires_at asc, ${sql.raw(a)}.id asc`;

/**
 * A stored item (jsonb) as listingReadView writes it: json_strip_nulls writes a json value back
 * without the blank jsonb's text has after each `:` and `,`, its strings escaped as jsonb's (and
 * JSON.stringify's) are, and without object fields that are null (an item holding a null, which
 * none should, is answered without it: the contract has no null there). The keys come in jsonb's
 * order, as they came to JSON.parse; items hold no integer-like key (JavaScript would put those
 * first) and only whole numbers (written alike).
 */
const compactItem = sql`json_strip_nulls(p.item_data::json)::text`;
const gold = sql.raw(String(COPPER_PER_GOLD));
const silver = sql.raw(String(COPPER_PER_SILVER));

/** One listing `p` of seller `u` as listingView (not own) writes it to JSON, hoursLeft at `nowMs` (hoursLeft's ceiling in whole milliseconds). */
const browseListingJson = sql`'{"id":' || to_json(p.id::text)::text || ',"item":' || ${compactItem} || ',"quantity":' || p.quantity || ',"price":' || p.price || ',"coins":{"gold":' || p.price / ${gold} || ',"silver":' || p.price % ${gold} / ${silver} || ',"copper":' || p.price % ${silver} || '},"seller":' || to_json(u.username)::text || ',"status":' || to_json(p.status)::text || ',"createdAt":' || to_json(${isoTime(sql`p.created_at`)})::text || ',"expiresAt":' || to_json(${isoTime(sql`p.expires_at`)})::text || ',"hoursLeft":' || greatest(0, (floor(extract(epoch from p.expires_at) * 1000)::bigint - ${sql.placeholder('nowMs')}::bigint + 3599999) / 3600000) || '}'`;

/** The answer of the page's listings (`shown`: their ids) and their `total`: the page's rows read by id, each as listingView's JSON, in the sort's order. */
const answerJson = (total: SQL) =>
  sql`select '{"listings":[' || coalesce(string_agg(${browseListingJson}, ',' order by ${sortByParameter('p')}), '') || '],"page":' || ${sql.placeholder('page')}::int || ',"pageSize":' || ${pageSize} || ',"total":' || (${total}) || '}' from shown join ${auctionListings} p on p.id = shown.id join ${users} u on u.id = p.seller_user_id`;

/** listExpiredListings' ids (every seller's): settled before answering. */
const dueJson = sql<string[]>`(select coalesce(json_agg(s.id), '[]'::json) from (select l.id from ${auctionListings} l where l.status = 'active' and l.expires_at <= ${nowParam} order by l.expires_at asc limit 100) s)`;

type BrowseRow = Array<{ json: string; due: string[] }>;

/**
 * Without a search, tier or slot (the house as it opens). The page is read along its sort's index
 * (auction_listings_active_*_idx), only as far as the page, as browseListings' was: a branch a sort,
 * each behind a condition of the `sort` parameter alone, which a custom plan drops and a generic
 * one checks once (the other branches never run). The total is every open listing, counted on the
 * end's index alone (no row read), less the viewer's. With the filters' `is null or` in it instead,
 * the generic plan sorted every open listing for each page.
 */
const browseRead = prepared<BrowseValues, BrowseRow>('auction_browse', (db) =>
  db
    .select({
      json: sql<string>`(with shown as (${sql.join(
        (Object.keys(SORTS) as AuctionSort[]).map(
          (name) => sql`(select l.id from ${auctionListings} l where ${sortParam} = ${sql.raw(`'${name}'`)} and ${open} order by ${SORTS[name]} limit ${pageSize} offset ${pageOffset})`,
        ),
        sql` union all `,
      )}) ${answerJson(
        sql`(select count(*) from ${auctionListings} l where l.status = 'active' and l.expires_at > ${nowParam}) - (select count(*) from ${auctionListings} l where l.seller_user_id = ${viewer} and l.status = 'active' and l.expires_at > ${nowParam})`,
      )})`,
      due: dueJson,
    })
    .from(sql`(select 1) as one`),
);

const search = sql`${sql.placeholder('search')}::text`;
const tier = sql`${sql.placeholder('tier')}::text`;
const slot = sql`${sql.placeholder('slot')}::text`;

/**
 * With a search, tier or slot (null: not set): the matching listings are read once (materialized)
 * for both their count and the page, sorted by the parameter (browseListings read them twice).
 */
const filteredBrowseRead = prepared<BrowseValues & FilterValues, BrowseRow>('auction_browse_filtered', (db) =>
  db
    .select({
      json: sql<string>`(with matching as materialized (select l.id, l.price, l.expires_at, l.created_at from ${auctionListings} l where ${open} and (${search} is null or l.item_name ilike ${search}) and (${tier} is null or l.item_tier = ${tier}) and (${slot} is null or case when ${slot} = 'other' then l.item_slot is null else l.item_slot = ${slot} end)),
        shown as (select m.id from matching m order by ${sortByParameter('m')} limit ${pageSize} offset ${pageOffset}) ${answerJson(sql`select count(*) from matching`)})`,
      due: dueJson,
    })
    .from(sql`(select 1) as one`),
);

interface BrowseValues extends Record<string, unknown> {
  now: string;
  nowMs: number;
  viewerUserId: string;
  sort: AuctionSort;
  page: number;
  pageSize: number;
  offset: number;
}

interface FilterValues extends Record<string, unknown> {
  search: string | null;
  tier: string | null;
  slot: string | null;
}

/**
 * GET /api/auction/listings in one statement (one snapshot): browseListings' page as the answer's
 * JSON text, `{ listings, page, pageSize, total }` as JSON.stringify writes the route's old answer
 * (a test holds the two equal), and the listings past their end to settle first (any seller's).
 */
export async function browseListingsJson(db: DbOrTx, viewerUserId: string, filter: BrowseFilter, now: Date): Promise<{ json: string; due: string[] }> {
  const text = filter.search?.trim();
  const values: BrowseValues = {
    now: now.toISOString(),
    nowMs: now.getTime(),
    viewerUserId,
    sort: filter.sort ?? 'newest',
    page: filter.page,
    pageSize: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  };
  const filters: FilterValues = { search: text ? `%${likeEscape(text)}%` : null, tier: filter.tier ?? null, slot: filter.slot ?? null };
  const [row] = filters.search === null && filters.tier === null && filters.slot === null ? await browseRead(db, values) : await filteredBrowseRead(db, { ...values, ...filters });
  if (!row) throw new Error('the auction browse read no row');
  return row;
}
