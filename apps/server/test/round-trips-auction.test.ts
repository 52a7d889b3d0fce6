import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionListings, playerCharacterBackpack, playerCharacterInventory } from '../src/db/schema/index.ts';
import { itemsIn } from '@rpg/game';
import { auditDifferences, recordLedger } from '../src/db/queries/ledger.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { gear, giveItem, inventoryRows, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { statementsOf } from './support/statements.ts';

/**
 * Issue 45, point 3: the statements (begin and commit included) each of the auction house's hot
 * writes sends, counted by the server itself (db_request_statements in /metrics), as
 * round-trips.test.ts counts the social writes. The bounds are today's counts; the table in
 * docs/performance.md ("Round trips per write") gives the figures.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.stop());

const db = () => server.database.db;

async function trader(money: number): Promise<{ client: TestClient; characterId: string }> {
  const client = await signedInPlayer(server.url);
  const character = await createCharacter(client);
  await setCopper(db(), character.id, money);
  return { client, characterId: character.id };
}

let names = 0;
const blade = () => gear(`Round Trip Blade ${++names}`, 'mainHand', { attack: 2 }, 400, 'uncommon');

async function list(seller: { client: TestClient; characterId: string }): Promise<string> {
  const entryId = await giveItem(db(), seller.characterId, blade());
  const res = await seller.client.post<{ listing: { id: string } }>(`/api/characters/${seller.characterId}/auction`, { entryId, price: 300 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.listing.id;
}

describe('statements per auction write', () => {
  it('a listing made, a listing cancelled, a listing bought', async () => {
    const seller = await trader(10_000);
    const buyer = await trader(10_000);
    // The first of each write warms what a first time does once (a rate-limit row, an achievement's
    // counter row, the pair's sale ledger); the second is what a player's every write costs.
    await list(seller);
    const entryId = await giveItem(db(), seller.characterId, blade());
    let listingId = '';
    const listing = await statementsOf(server, 'POST', '/api/characters/:id/auction', async () => {
      const res = await seller.client.post<{ listing: { id: string } }>(`/api/characters/${seller.characterId}/auction`, { entryId, price: 300 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      listingId = res.body.listing.id;
    });
    const cancel = await statementsOf(server, 'POST', '/api/auction/:listingId/cancel', async () => {
      const res = await seller.client.post(`/api/auction/${listingId}/cancel`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    const buyOf = async (id: string) => {
      const res = await buyer.client.post(`/api/characters/${buyer.characterId}/auction/${id}/buy`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await buyOf(await list(seller));
    const next = await list(seller);
    const buy = await statementsOf(server, 'POST', '/api/characters/:id/auction/:listingId/buy', () => buyOf(next));

    console.log(`statements per write: auction list ${listing}, cancel ${cancel}, buy ${buy}`);
    expect(listing).toBeGreaterThan(0);
    // Listing: the throttle, the read, the one write. A cancel: the throttle, begin, the locks and
    // read, the write, commit. A buy: begin, the locks and read, the sale,
    // the achievements' counting of each player (recordEvents), commit.
    expect(listing).toBeLessThanOrEqual(3);
    expect(cancel).toBeLessThanOrEqual(5);
    expect(buy).toBeLessThanOrEqual(6);
  });
});

describe('the one-statement listing', () => {
  it('claims its Idempotency-Key in the statement: a retry and duplicates sent at once list once, and the ledger stays whole', async () => {
    const seller = await trader(10_000);
    const entryId = await giveItem(db(), seller.characterId, blade());
    const send = (key: string) =>
      seller.client.request('POST', `/api/characters/${seller.characterId}/auction`, { entryId, price: 300 }, { 'idempotency-key': key });
    const key = `list-once-${Date.now()}`;
    const answers = await Promise.all([send(key), send(key), send(key)]);
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, text: await r.text() })));
    const retry = await send(key);
    const retried = { status: retry.status, text: await retry.text(), replayed: retry.headers.get('idempotent-replayed') };
    const ok = bodies.filter((b) => b.status === 200);
    expect(ok.length, JSON.stringify(bodies)).toBeGreaterThan(0);
    // Every answer is the first one (a duplicate waits for it), and the retry replays it.
    for (const b of ok) expect(b.text).toBe(ok[0]?.text);
    expect(retried.status).toBe(200);
    expect(retried.text).toBe(ok[0]?.text);
    expect(retried.replayed).toBe('true');
    const rows = await db()
      .select()
      .from(auctionListings)
      .where(and(eq(auctionListings.sellerCharacterId, seller.characterId), eq(auctionListings.status, 'active')));
    expect(rows).toHaveLength(1);
    const audit = await auditDifferences(db());
    expect(audit.differences).toEqual([]);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('the cancel (PostgreSQL: transactions at once)', () => {
  it('counts an item that came while its read waited for the character: the last free slot taken meanwhile refuses the cancel', async () => {
    const seller = await trader(10_000);
    const listingId = await list(seller);
    const held = (await inventoryRows(db(), seller.characterId)).filter((e) => !e.equipped).length;
    // Room for one entry: the listing's item, or the one another transaction puts in meanwhile.
    await db()
      .update(playerCharacterBackpack)
      .set({ slots: held + 1 })
      .where(eq(playerCharacterBackpack.characterId, seller.characterId));
    let cancelled: Promise<{ status: number; body: unknown }> | undefined;
    await db().transaction(async (tx) => {
      // The insert holds the character (its foreign key's KEY SHARE) until this commits: the
      // cancel's locking read waits for it, and its snapshot, taken before, does not see the row.
      const item = blade();
      const [entry] = await tx
        .insert(playerCharacterInventory)
        .values({ characterId: seller.characterId, itemData: item, quantity: 1, equipped: false })
        .returning();
      if (!entry) throw new Error('insert failed');
      await recordLedger(tx, itemsIn(seller.characterId, [{ entryId: entry.id, item, quantity: 1 }], 'dev_grants', { reason: 'dev_grant' }));
      cancelled = seller.client.post(`/api/auction/${listingId}/cancel`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const res = await cancelled;
    expect(res?.status, JSON.stringify(res?.body)).toBe(409);
    expect(res?.body).toMatchObject({ message: 'Your backpack is full. Make room before cancelling this listing.' });
    const [row] = await db().select().from(auctionListings).where(eq(auctionListings.id, listingId));
    expect(row?.status).toBe('active');
    expect((await inventoryRows(db(), seller.characterId)).filter((e) => !e.equipped)).toHaveLength(held + 1);
    expect((await auditDifferences(db())).differences).toEqual([]);
  });
});
