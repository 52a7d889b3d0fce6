import { AUCTION_COUNT_AHEAD, AUCTION_PAGE_SIZE, AUCTION_SORTS, type AuctionBrowse, type AuctionSort, type MyAuctions } from '@rpg/contract';
import { GEAR_SLOTS, materialStack, TIERS, type GearSlot, type ItemData, type Tier } from '@rpg/game';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionListings, users } from '../src/db/schema/index.ts';
import { playerWithCharacter } from './support/characters.ts';
import { raw, type TestClient } from './support/client.ts';
import { gear } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The auction's reads (issue 26): each read from typed rows in one statement and made by one view.
 * The test client parses every answer with its route's contract schema; these tests hold what a
 * player sees against the stored listings: which ones, in which order, on which page, and each
 * card's values (spec 03 §2 Browse, §3 the listing card).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;
const HOUR = 3_600_000;

type Stored = typeof auctionListings.$inferSelect;

/** An item as the card shows it: without object fields that are null (the contract has none there). */
const withoutNulls = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutNulls)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== null)
            .map(([k, v]) => [k, withoutNulls(v)]),
        )
      : value;

/** The card of a stored listing at `now` (spec 03 §3): gold, silver and copper of the price, hours left rounded up; `own` adds the fee, payout and end. */
async function card(row: Stored, now: number, own = false) {
  const [seller] = await db().select({ username: users.username }).from(users).where(eq(users.id, row.sellerUserId));
  const view: Record<string, unknown> = {
    id: row.id,
    item: withoutNulls(row.itemData),
    quantity: row.quantity,
    price: row.price,
    coins: { gold: Math.floor(row.price / 10_000), silver: Math.floor((row.price % 10_000) / 100), copper: row.price % 100 },
    seller: seller!.username,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    hoursLeft: row.status === 'active' ? Math.max(0, Math.ceil((row.expiresAt.getTime() - now) / HOUR)) : 0,
  };
  if (own) Object.assign(view, { fee: row.fee, payout: row.payout, endedAt: row.endedAt?.toISOString() ?? null });
  return view;
}

describe('GET /api/auction/mine', () => {
  // The last ten ended: sold, cancelled and expired; times to the millisecond.
  it('none; every active listing by its end, the last ten ended latest first, with fee, payout and end; a listing past its end settled first', async () => {
    const { client, character, userId } = await playerWithCharacter(server.url);
    const mine = async () => {
      const answer = await raw(client, '/api/auction/mine');
      expect(answer.status).toBe(200);
      return JSON.parse(answer.text) as MyAuctions;
    };
    expect(await mine()).toEqual({ active: [], recent: [] });

    // Ends half an hour off the hour, so hoursLeft is the same a few seconds later.
    const at = (hours: number) => new Date(Date.now() + hours * HOUR + HOUR / 2);
    const item = gear('Blade of "Zoë" \\ 🐉 \u2028', 'mainHand', { attack: 3 }, 120, 'rare');
    const base = {
      sellerUserId: userId,
      sellerCharacterId: character.id,
      itemData: item,
      itemName: item.name,
      itemTier: item.tier,
      itemSlot: 'mainHand' as const,
      quantity: 1,
      price: 9_007_199_254,
      fee: 3,
    };
    await db()
      .insert(auctionListings)
      .values([
        ...[5, 1, 30].map((h) => ({ ...base, createdAt: at(-h), expiresAt: at(h) })),
        ...Array.from({ length: 12 }, (_, i) => ({
          ...base,
          quantity: i + 1,
          status: (['sold', 'cancelled', 'expired'] as const)[i % 3],
          createdAt: at(-50 - i),
          expiresAt: at(-1 - i),
          endedAt: at(-2 - i),
          ...(i % 3 === 0 ? { payout: 8_556_839_291, soldAt: at(-2 - i) } : {}),
        })),
      ]);
    await db().execute(
      sql`update auction_listings set created_at = created_at + interval '123 microseconds', ended_at = ended_at + interval '999 microseconds' where seller_user_id = ${userId}`,
    );
    const stored = await db().select().from(auctionListings).where(eq(auctionListings.sellerUserId, userId));
    const active = stored.filter((r) => r.status === 'active').sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
    const ended = stored.filter((r) => r.status !== 'active').sort((a, b) => b.endedAt!.getTime() - a.endedAt!.getTime());
    const listed = await mine();
    const now = Date.now();
    expect(listed).toEqual({
      active: await Promise.all(active.map((r) => card(r, now, true))),
      recent: await Promise.all(ended.slice(0, 10).map((r) => card(r, now, true))),
    });
    expect(listed.active.map((l) => l.hoursLeft)).toEqual([2, 6, 31]);
    expect(listed.recent.map((l) => l.quantity)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(listed.recent[0]).toMatchObject({ status: 'sold', payout: 8_556_839_291, coins: { gold: 900_719, silver: 92, copper: 54 } });
    expect(listed.recent[0]!.endedAt).toMatch(/\.\d{3}Z$/);

    // One of them past its end: the read settles it (the item back, an expired listing) and answers after.
    await db()
      .update(auctionListings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(auctionListings.sellerUserId, userId),
          eq(auctionListings.quantity, 1),
          eq(auctionListings.status, 'active'),
          sql`expires_at < now() + interval '3 hours'`,
        ),
      );
    const settled = await mine();
    expect(settled.active.map((l) => l.hoursLeft)).toEqual([6, 31]);
    expect(settled.recent).toHaveLength(10);
    expect(settled.recent[0]).toMatchObject({ status: 'expired', hoursLeft: 0, payout: null });
  }, 240_000);
});

describe('GET /api/auction/listings', () => {
  interface Query {
    search?: string;
    tier?: Tier;
    slot?: GearSlot | 'other';
    sort?: AuctionSort;
    page?: number;
  }
  const path = (query: Query) =>
    `/api/auction/listings?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

  /** Other players' active listings not yet past their end, filtered, sorted and paged as spec 03 §2 Browse says. */
  async function expected(viewerId: string, query: Query, now: number): Promise<AuctionBrowse> {
    const term = query.search?.trim().toLowerCase();
    const open = (await db().select().from(auctionListings)).filter(
      (r) =>
        r.status === 'active' &&
        r.expiresAt.getTime() > now &&
        r.sellerUserId !== viewerId &&
        (!term || r.itemName.toLowerCase().includes(term)) &&
        (!query.tier || r.itemTier === query.tier) &&
        (!query.slot || (query.slot === 'other' ? r.itemSlot === null : r.itemSlot === query.slot)),
    );
    const by = (f: (r: Stored) => number) => (a: Stored, b: Stored) => f(a) - f(b);
    const end = by((r) => r.expiresAt.getTime());
    const order: Record<AuctionSort, (a: Stored, b: Stored) => number> = {
      'price-asc': (a, b) => a.price - b.price || end(a, b),
      'price-desc': (a, b) => b.price - a.price || end(a, b),
      'time-left': end,
      newest: (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    };
    const page = query.page ?? 1;
    const shown = open.sort(order[query.sort ?? 'newest']).slice((page - 1) * AUCTION_PAGE_SIZE, page * AUCTION_PAGE_SIZE);
    // Without a search or filter the count stops AUCTION_COUNT_AHEAD past the page's start.
    const counted = query.search?.trim() || query.tier || query.slot ? Infinity : (page - 1) * AUCTION_PAGE_SIZE + AUCTION_COUNT_AHEAD;
    const listings = (await Promise.all(shown.map((r) => card(r, now)))) as AuctionBrowse['listings'];
    return { listings, page, pageSize: AUCTION_PAGE_SIZE, total: Math.min(open.length, counted), totalCapped: open.length > counted };
  }
  const expectBrowse = async (client: TestClient, userId: string, query: Query) => {
    const answer = await raw(client, path(query));
    expect(answer.status).toBe(200);
    const browse = JSON.parse(answer.text) as AuctionBrowse;
    expect({ query, browse }).toEqual({ query, browse: await expected(userId, query, Date.now()) });
    return browse;
  };

  it('an empty house, every filter, every sort, pages, prices above 2^32, odd names, microseconds, own listings left out, those past their end settled first', async () => {
    const viewer = await playerWithCharacter(server.url);
    const seller = await playerWithCharacter(server.url);
    const other = await playerWithCharacter(server.url);
    // An empty house (other tests' listings gone).
    await db().delete(auctionListings);
    expect(await expectBrowse(viewer.client, viewer.userId, {})).toEqual({ listings: [], page: 1, pageSize: AUCTION_PAGE_SIZE, total: 0, totalCapped: false });

    const sellerName = `Zoë "the" \\ 🐉 \u2028 ${seller.userId.slice(0, 6)}`;
    await db().update(users).set({ username: sellerName }).where(eq(users.id, seller.userId));
    // Ends half an hour off the hour (so hoursLeft is the same a few seconds later), each listing's own
    // second on top: no two at the same end or made at the same moment.
    const base = Date.now();
    const at = (hours: number, k = 0) => new Date(base + hours * HOUR + HOUR / 2 + k * 1000);
    const names = ['Blade of "Zoë" \\ 🐉 \u2028', 'Cap, "a": "b" \\"', '100% _pure_ \\ oak', 'plain helm', 'Tab\tand\nnewline \u0001 ☃'];
    const items: ItemData[] = [];
    for (const [i, name] of names.entries()) {
      for (const [j, slot] of GEAR_SLOTS.entries())
        if ((i + j) % 2 === 0) items.push(gear(`${name} ${slot}`, slot, { attack: i, defense: j }, 10 + i * j, TIERS[(i + j) % TIERS.length]));
      items.push({ ...materialStack('oak_wood', 1).item, name: `${name} wood`, tier: TIERS[i % TIERS.length]! });
      items.push({
        kind: 'potion',
        name: `${name} potion`,
        tier: TIERS[(i + 2) % TIERS.length]!,
        target: 'both',
        potency: 7,
        description: 'A "potion", with: commas',
        price: 5 as never,
      });
    }
    // Items holding a null (none should): answered without the null fields (the contract has no null there).
    items.push(
      { ...gear('Null, "sell": price, ', 'head', { attack: 1 }, 5), sellPrice: null as never },
      { ...gear('Null stat : ', 'feet', { attack: 2, defense: null as never }, 6, 'epic') },
    );
    // Ties in price across the pages' ends (50); prices above 2^32.
    const prices = [1, 50, 50, 9_007_199_254, 4_294_967_297, 123_456, 50, 10_000, 10_001];
    const listing = (who: { userId: string; character: { id: string } }, item: ItemData, i: number) => ({
      sellerUserId: who.userId,
      sellerCharacterId: who.character.id,
      itemData: item,
      itemName: item.name,
      itemTier: item.tier,
      itemSlot: item.kind === 'gear' ? item.slot : null,
      quantity: 1 + (i % 4),
      price: prices[i % prices.length]!,
      fee: 3,
      createdAt: at(-1 - ((i * 7) % 40), i),
      expiresAt: at(1 + ((i * 11) % 47), i),
    });
    await db()
      .insert(auctionListings)
      .values([
        ...items.map((item, i) => listing(i % 3 === 0 ? other : seller, item, i)),
        // The viewer's own: left out of the viewer's house, in the others'.
        ...items.slice(0, 4).map((item, i) => listing(viewer, item, i + 100)),
        // Ended ones: never shown.
        ...(['sold', 'cancelled', 'expired'] as const).map((status, i) => ({
          ...listing(seller, items[i]!, i + 200),
          status,
          endedAt: at(-1),
          ...(status === 'sold' ? { payout: 9, soldAt: at(-1) } : {}),
        })),
      ]);
    await db().execute(
      sql`update auction_listings set created_at = created_at + interval '123 microseconds', expires_at = expires_at + interval '999 microseconds'`,
    );
    // Past their end (any seller's): settled by the read, before it answers.
    const [pastOwn] = await db()
      .insert(auctionListings)
      .values({ ...listing(viewer, items[5]!, 300), expiresAt: new Date(Date.now() - 1000) })
      .returning();
    const [pastOther] = await db()
      .insert(auctionListings)
      .values({ ...listing(seller, items[6]!, 301), expiresAt: new Date(Date.now() - 999_999) })
      .returning();

    const first = await expectBrowse(viewer.client, viewer.userId, {});
    for (const past of [pastOwn!, pastOther!])
      expect((await db().select().from(auctionListings).where(eq(auctionListings.id, past.id)))[0]?.status).toBe('expired');
    expect(first.total).toBe(items.length);
    expect(first.listings).toHaveLength(AUCTION_PAGE_SIZE);
    expect(first.listings.map((l) => l.seller)).toContain(sellerName);
    const nulls = (await expectBrowse(viewer.client, viewer.userId, { search: 'Null' })).listings.map((l) => l.item);
    expect(nulls).toHaveLength(2);
    for (const item of nulls) expect(Object.values(item)).not.toContain(null);
    expect((await expectBrowse(viewer.client, viewer.userId, { sort: 'price-desc' })).listings[0]).toMatchObject({
      price: 9_007_199_254,
      coins: { gold: 900_719, silver: 92, copper: 54 },
    });

    const searches = ['zoë', ' "A": "b" \\', '100%', '_pure_', '\\', 'wood', 'nothing at all', '   ', 'TAB'];
    const filters: Query[] = [
      {},
      ...TIERS.map((tier) => ({ tier })),
      ...[...GEAR_SLOTS, 'other' as const].map((slot) => ({ slot })),
      ...searches.map((search) => ({ search })),
      { search: 'helm', tier: TIERS[0] },
      { tier: 'rare', slot: 'other' },
      { search: 'o', tier: 'epic', slot: 'mainHand' },
    ];
    let shown = 0;
    for (const sort of [undefined, ...AUCTION_SORTS]) {
      for (const filter of filters) shown += (await expectBrowse(viewer.client, viewer.userId, { ...filter, ...(sort ? { sort } : {}) })).listings.length;
      // Pages: the second, the last (part full), past the end, the furthest there is.
      for (const page of [2, 3, 4, 100_000]) await expectBrowse(viewer.client, viewer.userId, { page, ...(sort ? { sort } : {}) });
      await expectBrowse(viewer.client, viewer.userId, { page: 2, search: 'o', ...(sort ? { sort } : {}) });
    }
    expect(shown).toBeGreaterThan(500);
    // Another player sees the viewer's listings, not their own.
    const theirs = await expectBrowse(seller.client, seller.userId, { sort: 'price-desc' });
    expect(theirs.total).toBe(items.length - items.filter((_, i) => i % 3 !== 0).length + 4);
    await expectBrowse(other.client, other.userId, { sort: 'time-left', page: 2 });
  }, 600_000);

  it('counts a house of more than AUCTION_COUNT_AHEAD listings that far past the page, and searches it exactly', async () => {
    const viewer = await playerWithCharacter(server.url);
    const seller = await playerWithCharacter(server.url);
    await db().delete(auctionListings);
    const [first] = await db()
      .insert(auctionListings)
      .values({
        sellerUserId: seller.userId,
        sellerCharacterId: seller.character.id,
        itemData: gear('Copper Ring', 'offHand', { defense: 1 }, 10),
        itemName: 'Copper Ring',
        itemTier: 'common',
        itemSlot: 'offHand',
        quantity: 1,
        price: 50,
        fee: 1,
        expiresAt: new Date(Date.now() + 10 * HOUR),
      })
      .returning();
    // Copies of it, each with its own price, start and end, to AUCTION_COUNT_AHEAD + 30 in all.
    await db()
      .execute(sql`insert into auction_listings (seller_user_id, seller_character_id, item_data, item_name, item_tier, item_slot, quantity, price, fee, created_at, expires_at)
      select seller_user_id, seller_character_id, item_data, item_name || ' ' || i, item_tier, item_slot, quantity, price + i, fee,
        created_at - make_interval(secs => i), expires_at + make_interval(secs => i)
      from auction_listings, generate_series(1, ${AUCTION_COUNT_AHEAD + 29}::int) i where id = ${first!.id}`);
    const opening = await expectBrowse(viewer.client, viewer.userId, {});
    expect(opening).toMatchObject({ total: AUCTION_COUNT_AHEAD, totalCapped: true });
    // Further pages count further; near the end the count is exact again.
    expect(await expectBrowse(viewer.client, viewer.userId, { page: 2, sort: 'price-asc' })).toMatchObject({
      total: AUCTION_PAGE_SIZE + AUCTION_COUNT_AHEAD,
      totalCapped: true,
    });
    expect(await expectBrowse(viewer.client, viewer.userId, { page: 4, sort: 'price-asc' })).toMatchObject({
      total: AUCTION_COUNT_AHEAD + 30,
      totalCapped: false,
    });
    expect(await expectBrowse(viewer.client, viewer.userId, { page: 86, sort: 'time-left' })).toMatchObject({
      total: AUCTION_COUNT_AHEAD + 30,
      totalCapped: false,
    });
    // A search counts every match.
    expect(await expectBrowse(viewer.client, viewer.userId, { search: 'Copper Ring' })).toMatchObject({ total: AUCTION_COUNT_AHEAD + 30, totalCapped: false });
    await db().delete(auctionListings);
  }, 240_000);
});
