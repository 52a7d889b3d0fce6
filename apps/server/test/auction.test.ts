import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuctionActionResponse, AuctionBrowse, AuctionHistory, MyAuctions } from '@rpg/contract';
import { copper, listingFee, salePayout, type ItemData } from '@rpg/game';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionListings, consoleMessages, users } from '../src/db/schema/index.ts';
import { settleExpiredListings } from '../src/services/auction.ts';
import { sleep, until } from './support/adventure.ts';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { gear, getCopper, giveItem, inventoryRows, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { openSocket } from './support/socket.ts';

// A data folder of its own (not the in-memory template), so a restarted server opens the same database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-auction-'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ reuse: { dataDir } });
}, 180_000);
afterAll(() => server?.stop());

const db = () => server.database.db;
const quiet = { error: () => undefined };

interface Trader {
  client: TestClient;
  userId: string;
  username: string;
  characterId: string;
  list(body: Record<string, unknown>): Promise<{ status: number; body: AuctionActionResponse & ErrorBody }>;
  buy(listingId: string): Promise<{ status: number; body: AuctionActionResponse & ErrorBody }>;
  cancel(listingId: string): Promise<{ status: number; body: AuctionActionResponse & ErrorBody }>;
  browse(query?: string): Promise<AuctionBrowse>;
  mine(): Promise<MyAuctions>;
}

async function traderFor(client: TestClient, characterId: string): Promise<Trader> {
  const userId = (await client.get<{ id: string }>('/api/me')).body.id;
  const [row] = await db().select({ username: users.username }).from(users).where(eq(users.id, userId));
  return {
    client,
    userId,
    username: row?.username ?? '',
    characterId,
    list: (body) => client.post(`/api/characters/${characterId}/auction`, body),
    buy: (listingId) => client.post(`/api/characters/${characterId}/auction/${listingId}/buy`),
    cancel: (listingId) => client.post(`/api/auction/${listingId}/cancel`),
    browse: async (query = '') => {
      const res = await client.get<AuctionBrowse>(`/api/auction/listings${query}`);
      expect(res.status).toBe(200);
      return res.body;
    },
    mine: async () => {
      const res = await client.get<MyAuctions>('/api/auction/mine');
      expect(res.status).toBe(200);
      return res.body;
    },
  };
}

async function newTrader(money = 0): Promise<Trader> {
  const client = await signedInPlayer(server.url);
  const character = await createCharacter(client);
  await setCopper(db(), character.id, money);
  return traderFor(client, character.id);
}

let names = 0;
const sword = (price = 500): ItemData => gear(`Auction Blade ${++names}`, 'mainHand', { attack: 3 }, price, 'uncommon');

/** A listing of a fresh item by `seller` at `price`; returns its id. */
async function listed(seller: Trader, price: number, item: ItemData = sword()): Promise<string> {
  const entryId = await giveItem(db(), seller.characterId, item);
  const res = await seller.list({ entryId, price });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.listing.id;
}

const listingRow = async (id: string) => (await db().select().from(auctionListings).where(eq(auctionListings.id, id)))[0];
const holdersOf = async (name: string, characterIds: string[]) =>
  (await Promise.all(characterIds.map(async (id) => ((await inventoryRows(db(), id)).some((r) => r.itemData.name === name) ? [id] : [])))).flat();

describe('listing an item (spec 03 §4 Created, §5, §8; DECISIONS §2 fee brackets)', () => {
  it('takes the item into escrow and charges ceil(bracket x price) at every bracket edge', async () => {
    const seller = await newTrader(1_000_000);
    let wallet = 1_000_000;
    // 99,999 (5%), 100,000 (10%), 499,999 (10%), 500,000 (15%), 999,999 (15%), 1,000,000 (20%).
    for (const [price, fee] of [
      [99_999, 5_000],
      [100_000, 10_000],
      [499_999, 50_000],
      [500_000, 75_000],
      [999_999, 150_000],
      [1_000_000, 200_000],
    ] as const) {
      const item = sword();
      const entryId = await giveItem(db(), seller.characterId, item);
      const res = await seller.list({ entryId, price });
      expect(res.status).toBe(200);
      wallet -= fee;
      expect(res.body).toMatchObject({ copper: wallet, listing: { price, fee, seller: seller.username, quantity: 1, status: 'active', hoursLeft: 48 } });
      expect(res.body.toast.title).toBe('Item Listed');
      expect(await getCopper(db(), seller.characterId)).toBe(wallet);
      expect(await holdersOf(item.name, [seller.characterId])).toEqual([]);
      const row = await listingRow(res.body.listing.id);
      expect(row?.itemData).toEqual(item);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(48 * 3_600_000);
    }
  });

  it('lists a chosen quantity of a stack, leaving the rest', async () => {
    const seller = await newTrader(1_000);
    const bread: ItemData = { kind: 'food', name: 'Auction Bread', tier: 'common', healthRestore: 5, description: 'Bread.', price: copper(8) };
    const entryId = await giveItem(db(), seller.characterId, bread, { quantity: 5 });
    const res = await seller.list({ entryId, quantity: 2, price: 40 });
    expect(res.status).toBe(200);
    expect(res.body.listing).toMatchObject({ quantity: 2, fee: 2 });
    expect((await inventoryRows(db(), seller.characterId)).find((r) => r.id === entryId)?.quantity).toBe(3);
  });

  it('refuses, changing nothing: no item, an equipped item, no price, an unaffordable fee, another player’s item', async () => {
    const seller = await newTrader(100);
    const other = await newTrader(0);
    const equipped = await giveItem(db(), seller.characterId, sword(), { equipped: true });
    const loose = await giveItem(db(), seller.characterId, sword());
    const foreign = await giveItem(db(), other.characterId, sword());
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ entryId: 'nope', price: 100 }, 400, 'no_item_selected', 'Please select an item to list'],
      [{ entryId: foreign, price: 100 }, 400, 'no_item_selected', 'Please select an item to list'],
      [{ entryId: equipped, price: 100 }, 400, 'item_equipped', expect.stringContaining('is equipped') as unknown as string],
      [{ entryId: loose, price: 0 }, 400, 'no_price', 'Please set a price for your item'],
      // 2,001 copper at 5% = ceil(100.05) = 101 > 100.
      [{ entryId: loose, price: 2_001 }, 400, 'insufficient_funds', "You don't have enough money to pay the listing fee."],
    ];
    for (const [body, status, error, message] of cases) {
      const res = await seller.list(body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ error, message });
    }
    expect(await getCopper(db(), seller.characterId)).toBe(100);
    expect(await inventoryRows(db(), seller.characterId)).toHaveLength(2);
    expect(await db().select().from(auctionListings).where(eq(auctionListings.sellerUserId, seller.userId))).toHaveLength(0);
    // Exactly the fee is affordable.
    expect((await seller.list({ entryId: loose, price: 2_000 })).status).toBe(200);
    expect(await getCopper(db(), seller.characterId)).toBe(0);
  });
});

describe("'Buy Now' (spec 03 §4 Bought, §5, §8; DECISIONS §2 payout)", () => {
  it('moves the full price, floor(95%) to the seller, the item to the buyer with a new id; the seller hears of it live', async () => {
    const seller = await newTrader(10_000);
    const buyer = await newTrader(20_000);
    const watcher = await newTrader(0);
    const sellerTab = await openSocket(server.url, seller.client);
    const watcherTab = await openSocket(server.url, watcher.client);
    const item = sword();
    const listingId = await listed(seller, 12_345, item);
    await watcherTab.waitFor('invalidate', (m) => JSON.stringify(m.queryKeys) === '[["auction"]]');

    // Browse shows others' listings only, with the seller's username.
    expect((await buyer.browse(`?search=${encodeURIComponent(item.name)}`)).listings).toEqual([
      expect.objectContaining({ id: listingId, seller: seller.username, price: 12_345, coins: { gold: 1, silver: 23, copper: 45 }, hoursLeft: 48 }),
    ]);
    expect((await seller.browse(`?search=${encodeURIComponent(item.name)}`)).listings).toEqual([]);

    const res = await buyer.buy(listingId);
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({
      title: 'Item Purchased',
      description: `You bought ${item.name} for 1 gold, 23 silver, and 45 copper.`,
      variant: 'success',
    });
    expect(res.body.copper).toBe(20_000 - 12_345);
    expect(await getCopper(db(), buyer.characterId)).toBe(7_655);
    expect(await getCopper(db(), seller.characterId)).toBe(10_000 - 618 + 11_727);
    const got = (await inventoryRows(db(), buyer.characterId)).filter((r) => r.itemData.name === item.name);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ equipped: false, quantity: 1 });
    expect(got[0]?.id).not.toBe(listingId);
    expect(await listingRow(listingId)).toMatchObject({ status: 'sold', buyerUserId: buyer.userId, payout: 11_727 });

    const push = await sellerTab.waitFor('auction-sold');
    expect(push).toMatchObject({ listingId, characterId: seller.characterId, itemName: item.name, price: 12_345, payout: 11_727 });
    expect(push.message).toBe(`Your ${item.name} sold to ${buyer.username} for 1g 23s 45c. You received 1g 17s 27c after the 5% auction house fee.`);
    await sellerTab.waitFor('invalidate', (m) => JSON.stringify(m.queryKeys).includes(`["console","${seller.characterId}"]`));
    // Offline or not, the console line stays.
    const lines = await db().select().from(consoleMessages).where(eq(consoleMessages.characterId, seller.characterId));
    expect(lines.map((l) => l.content)).toContain(push.message);
    // Price history for the item name.
    const history = await buyer.client.get<AuctionHistory>(`/api/auction/history?name=${encodeURIComponent(item.name)}`);
    expect(history.body.sales).toEqual([expect.objectContaining({ price: 12_345, quantity: 1 })]);
    // 'Your Listings' shows it as sold in the recent ones.
    expect((await seller.mine()).recent[0]).toMatchObject({ id: listingId, status: 'sold', payout: 11_727 });
    sellerTab.close();
    watcherTab.close();
  });

  it("refuses the buyer's own listing, short funds, a full backpack and a listing gone a moment ago, charging nothing", async () => {
    const seller = await newTrader(10_000);
    const listingId = await listed(seller, 5_000);
    const own = await seller.buy(listingId);
    expect(own).toMatchObject({ status: 403, body: { title: 'Cannot Buy Own Item', message: 'You cannot buy your own listed items.' } });
    // A second character of the same player is the same seller.
    const alt = await traderFor(seller.client, (await createCharacter(seller.client, { name: 'Alto' })).id);
    await setCopper(db(), alt.characterId, 10_000);
    expect((await alt.buy(listingId)).body.title).toBe('Cannot Buy Own Item');

    const poor = await newTrader(4_999);
    expect(await poor.buy(listingId)).toMatchObject({
      status: 400,
      body: { title: 'Insufficient Funds', message: "You don't have enough money to buy this item." },
    });
    expect(await getCopper(db(), poor.characterId)).toBe(4_999);

    const packed = await newTrader(10_000);
    for (let i = 0; i < 8; i++) await giveItem(db(), packed.characterId, sword());
    expect(await packed.buy(listingId)).toMatchObject({ status: 409, body: { title: 'Backpack Full' } });
    expect(await getCopper(db(), packed.characterId)).toBe(10_000);

    const first = await newTrader(10_000);
    const late = await newTrader(10_000);
    expect((await first.buy(listingId)).status).toBe(200);
    const gone = await late.buy(listingId);
    expect(gone).toMatchObject({
      status: 409,
      body: { title: 'Listing Unavailable', message: 'This item was just sold or its listing has ended. You have not been charged.' },
    });
    expect(await getCopper(db(), late.characterId)).toBe(10_000);
    expect((await late.buy('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('50 parallel buyers of one listing: exactly one owner and one payment; copper is conserved but for the fees', async () => {
    const seller = await newTrader(100_000);
    // 25 players with two characters each: 50 buyers.
    const players = await Promise.all(Array.from({ length: 25 }, () => signedInPlayer(server.url)));
    const buyers = (
      await Promise.all(
        players.map(async (client) => {
          const a = await createCharacter(client, { name: 'Buyer' });
          const b = await createCharacter(client, { name: 'Bidder' });
          return [await traderFor(client, a.id), await traderFor(client, b.id)];
        }),
      )
    ).flat();
    expect(buyers).toHaveLength(50);
    await Promise.all(buyers.map((b) => setCopper(db(), b.characterId, 60_000)));
    const everyone = [seller.characterId, ...buyers.map((b) => b.characterId)];
    const total = async () => (await Promise.all(everyone.map((id) => getCopper(db(), id)))).reduce((a, b) => a + b, 0);
    const before = await total();

    const item = sword();
    const price = 50_000;
    const listingId = await listed(seller, price, item);
    const answers = await Promise.all(buyers.map((b) => b.buy(listingId)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 409, body: { error: 'listing_gone' } });

    expect(await holdersOf(item.name, everyone)).toHaveLength(1);
    const payers = (await Promise.all(buyers.map(async (b) => ((await getCopper(db(), b.characterId)) === 60_000 - price ? 1 : 0)))).reduce<number>(
      (a, b) => a + b,
      0,
    );
    expect(payers).toBe(1);
    const fee = listingFee(copper(price));
    const houseCut = price - salePayout(copper(price));
    expect(await total()).toBe(before - fee - houseCut);
    expect(await getCopper(db(), seller.characterId)).toBe(100_000 - fee + salePayout(copper(price)));
  }, 180_000);

  it('a listing bought and cancelled at the same moment ends one way only', async () => {
    const seller = await newTrader(50_000);
    const buyer = await newTrader(100_000);
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const item = sword();
      const listingId = await listed(seller, 1_000, item);
      const sellerBefore = await getCopper(db(), seller.characterId);
      const buyerBefore = await getCopper(db(), buyer.characterId);
      const [bought, cancelled] = await Promise.all([buyer.buy(listingId), seller.cancel(listingId)]);
      expect([bought.status, cancelled.status].filter((s) => s === 200)).toHaveLength(1);
      const row = await listingRow(listingId);
      const holders = await holdersOf(item.name, [seller.characterId, buyer.characterId]);
      if (bought.status === 200) {
        expect(cancelled).toMatchObject({ status: 409, body: { message: 'This listing has already been sold.' } });
        expect(row?.status).toBe('sold');
        expect(holders).toEqual([buyer.characterId]);
        expect(await getCopper(db(), buyer.characterId)).toBe(buyerBefore - 1_000);
        expect(await getCopper(db(), seller.characterId)).toBe(sellerBefore + 950);
      } else {
        expect(bought).toMatchObject({ status: 409, body: { error: 'listing_gone' } });
        expect(row?.status).toBe('cancelled');
        expect(holders).toEqual([seller.characterId]);
        expect(await getCopper(db(), buyer.characterId)).toBe(buyerBefore);
        expect(await getCopper(db(), seller.characterId)).toBe(sellerBefore);
      }
      outcomes.add(row!.status);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });
});

describe('deleting a character with listings', () => {
  it('a purchase racing the seller character’s deletion ends one way, never a 500 or a deadlock', async () => {
    for (let round = 0; round < 4; round++) {
      const seller = await newTrader(50_000);
      const buyer = await newTrader(100_000);
      const listingId = await listed(seller, 1_000);
      const [bought, deleted] = await Promise.all([buyer.buy(listingId), seller.client.json('DELETE', `/api/characters/${seller.characterId}`)]);
      expect(deleted.status).toBeLessThan(300);
      expect([200, 404, 409]).toContain(bought.status);
      // A sale pays the full price; a listing gone with its seller charges nothing.
      expect(await getCopper(db(), buyer.characterId)).toBe(bought.status === 200 ? 99_000 : 100_000);
      expect(await listingRow(listingId)).toBeUndefined();
    }
  });
});

describe('cancelling (spec 03 §4 Cancelled, §8)', () => {
  it('returns the item, keeps the fee; only the seller may cancel', async () => {
    const seller = await newTrader(1_000);
    const stranger = await newTrader(1_000);
    const item = sword();
    const listingId = await listed(seller, 2_000, item);
    expect(await getCopper(db(), seller.characterId)).toBe(900);

    expect(await stranger.cancel(listingId)).toMatchObject({ status: 404, body: { message: 'Listing not found.' } });
    expect((await listingRow(listingId))?.status).toBe('active');

    const res = await seller.cancel(listingId);
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({
      title: 'Listing Cancelled',
      description: `${item.name} has been returned to your inventory. The listing fee is non-refundable.`,
      variant: 'success',
    });
    expect(await holdersOf(item.name, [seller.characterId])).toEqual([seller.characterId]);
    expect(await getCopper(db(), seller.characterId)).toBe(900);
    expect((await seller.mine()).active).toEqual([]);
    expect(await seller.cancel(listingId)).toMatchObject({ status: 409, body: { message: 'This listing was already cancelled.' } });
  });
});

describe('browse (spec 03 §2: search, tier, slot, sort, paging)', () => {
  it('filters, sorts and pages other players’ listings', async () => {
    const seller = await newTrader(1_000_000);
    const viewer = await newTrader(0);
    const tag = `Zq${Date.now().toString(36)}`;
    const ids: Record<string, string> = {};
    for (const [suffix, price, tier, slot] of [
      ['a', 300, 'common', 'head'],
      ['b', 100, 'rare', 'head'],
      ['c', 200, 'rare', 'feet'],
    ] as const) {
      ids[suffix] = await listed(seller, price, gear(`${tag} ${suffix}`, slot, { defense: 1 }, 10, tier));
    }
    const potion: ItemData = { kind: 'potion', name: `${tag} d`, tier: 'rare', target: 'health', potency: 5, description: 'Potion.', price: copper(10) };
    ids.d = await listed(seller, 50, potion);
    const q = (extra: string) => viewer.browse(`?search=${tag.toLowerCase()}${extra}`);
    expect((await q('&sort=price-asc')).listings.map((l) => l.id)).toEqual([ids.d, ids.b, ids.c, ids.a]);
    expect((await q('&sort=price-desc')).listings.map((l) => l.id)).toEqual([ids.a, ids.c, ids.b, ids.d]);
    expect((await q('&sort=newest')).listings.map((l) => l.id)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect((await q('&sort=time-left')).listings.map((l) => l.id)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect((await q('&tier=rare&sort=price-asc')).listings.map((l) => l.id)).toEqual([ids.d, ids.b, ids.c]);
    expect((await q('&slot=head&sort=price-asc')).listings.map((l) => l.id)).toEqual([ids.b, ids.a]);
    expect((await q('&slot=other')).listings.map((l) => l.id)).toEqual([ids.d]);
    expect((await viewer.browse('?search=%25')).listings.filter((l) => l.item.name.startsWith(tag))).toEqual([]);
    // Paging: 12 a page.
    for (let i = 0; i < 10; i++) await listed(seller, 1_000 + i, gear(`${tag} p${i}`, 'chest', {}, 10));
    const page1 = await q('&sort=price-asc');
    const page2 = await q('&sort=price-asc&page=2');
    expect(page1).toMatchObject({ total: 14, page: 1, pageSize: 12 });
    expect(page1.listings).toHaveLength(12);
    expect(page2.listings).toHaveLength(2);
    expect((await viewer.client.get(`/api/auction/listings?sort=cheapest`)).status).toBe(400);
  });
});

describe('expiry (DECISIONS §2: the item returns, the fee is kept, exactly once)', () => {
  const expire = (id: string, at = new Date(Date.now() - 1000)) => db().update(auctionListings).set({ expiresAt: at }).where(eq(auctionListings.id, id));
  const returnedLines = async (characterId: string, name: string) =>
    (await db().select().from(consoleMessages).where(eq(consoleMessages.characterId, characterId))).filter((l) =>
      l.content.includes(`listing of ${name} expired`),
    );

  it('is settled by the scheduler, and by a read; two settlers at once settle each listing once', async () => {
    const seller = await newTrader(100_000);
    const item = sword();
    const id = await listed(seller, 1_000, item);
    await expire(id);
    server.app.ctx.scheduler.poke(new Date());
    await until(async () => (await listingRow(id))?.status === 'expired');
    expect(await holdersOf(item.name, [seller.characterId])).toEqual([seller.characterId]);
    expect(await returnedLines(seller.characterId, item.name)).toHaveLength(1);
    expect(await getCopper(db(), seller.characterId)).toBe(100_000 - 50);

    // Several due at once, settled by two settlers racing (as two processes would).
    const items = [sword(), sword(), sword()];
    const many: string[] = [];
    for (const it of items) many.push(await listed(seller, 1_000, it));
    await Promise.all(many.map((m) => expire(m)));
    const counts = await Promise.all([
      settleExpiredListings(db(), server.app.ctx.hub, quiet, new Date()),
      settleExpiredListings(db(), server.app.ctx.hub, quiet, new Date()),
    ]);
    const rows = await db().select().from(auctionListings).where(inArray(auctionListings.id, many));
    // The scheduler may have taken some too; each listing ends once.
    expect(counts[0] + counts[1]).toBeLessThanOrEqual(3);
    await until(async () => (await db().select().from(auctionListings).where(inArray(auctionListings.id, many))).every((r) => r.status === 'expired'));
    for (const it of items) {
      expect((await inventoryRows(db(), seller.characterId)).filter((r) => r.itemData.name === it.name)).toHaveLength(1);
      expect(await returnedLines(seller.characterId, it.name)).toHaveLength(1);
    }
    expect(rows).toHaveLength(3);

    // A buy of an expired (unsettled) listing is refused, nothing charged; reading 'Your Listings' settles it.
    const buyer = await newTrader(10_000);
    const late = sword();
    const lateId = await listed(seller, 1_000, late);
    await server.app.ctx.scheduler.stop();
    try {
      await expire(lateId);
      expect((await buyer.buy(lateId)).body.error).toBe('listing_gone');
      expect(await getCopper(db(), buyer.characterId)).toBe(10_000);
      const mine = await seller.mine();
      expect(mine.active.map((l) => l.id)).not.toContain(lateId);
      expect(mine.recent.find((l) => l.id === lateId)?.status).toBe('expired');
      expect(await holdersOf(late.name, [seller.characterId])).toEqual([seller.characterId]);
    } finally {
      server.app.ctx.scheduler.start();
    }
  });

  it('settles once across a restart (a new app on the same database)', async () => {
    const seller = await newTrader(100_000);
    const item = sword();
    const id = await listed(seller, 1_000, item);
    const due = Date.now() + 1_500;
    await expire(id, new Date(due));
    const databaseUrl = server.databaseUrl;
    await server.stop({ keepData: true });
    await sleep(Math.max(0, due - Date.now() + 100));
    server = await startTestServer({ reuse: { dataDir, ...(databaseUrl ? { databaseUrl } : {}) } });
    // The new server's scheduler settles it on start, without any read.
    await until(async () => (await listingRow(id))?.status === 'expired', 15_000);
    const restarted = server.databaseUrl;
    await server.stop({ keepData: true });
    server = await startTestServer({ reuse: { dataDir, ...(restarted ? { databaseUrl: restarted } : {}) } });
    await sleep(500);
    expect((await inventoryRows(db(), seller.characterId)).filter((r) => r.itemData.name === item.name)).toHaveLength(1);
    expect(await returnedLines(seller.characterId, item.name)).toHaveLength(1);
  }, 120_000);

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'settles once with two server processes running the scheduler',
    async () => {
      const otherDir = mkdtempSync(path.join(tmpdir(), 'rpg-auction-b-'));
      const other = await startTestServer({ reuse: { dataDir: otherDir, databaseUrl: server.databaseUrl! } });
      try {
        const seller = await newTrader(100_000);
        const items = Array.from({ length: 6 }, () => sword());
        const ids: string[] = [];
        for (const it of items) ids.push(await listed(seller, 1_000, it));
        const at = new Date(Date.now() + 300);
        await Promise.all(ids.map((id) => expire(id, at)));
        server.app.ctx.scheduler.poke(at);
        other.app.ctx.scheduler.poke(at);
        await until(
          async () => (await db().select().from(auctionListings).where(inArray(auctionListings.id, ids))).every((r) => r.status === 'expired'),
          15_000,
        );
        await sleep(300);
        for (const it of items) {
          expect((await inventoryRows(db(), seller.characterId)).filter((r) => r.itemData.name === it.name)).toHaveLength(1);
          expect(await returnedLines(seller.characterId, it.name)).toHaveLength(1);
        }
      } finally {
        await other.stop({ keepData: true });
      }
    },
    120_000,
  );
});
