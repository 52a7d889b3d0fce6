import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionListings } from '../src/db/schema/index.ts';
import { settleExpiredListings } from '../src/services/auction.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { gear, getCopper, giveItem, inventoryRows, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * docs/architecture.md "Lock order": a character's deletion racing a purchase, a cancel and the
 * expiry of its listings (and a purchase by the character being deleted) waits instead of
 * deadlocking. Only PostgreSQL runs transactions in parallel (PGlite has one connection).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('one lock order: deletion racing the auction (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(() => server?.stop());

  const db = () => server.database.db;
  let names = 0;

  async function trader(money: number): Promise<{ client: TestClient; characterId: string }> {
    const client = await signedInPlayer(server.url);
    const { id } = await createCharacter(client);
    await setCopper(db(), id, money);
    return { client, characterId: id };
  }

  async function listed(seller: { client: TestClient; characterId: string }): Promise<{ id: string; name: string }> {
    const name = `Lock Blade ${++names}`;
    const entryId = await giveItem(db(), seller.characterId, gear(name, 'mainHand', { attack: 1 }, 100));
    const res = await seller.client.post<{ listing: { id: string } }>(`/api/characters/${seller.characterId}/auction`, { entryId, price: 1_000 });
    expect(res.status).toBe(200);
    return { id: res.body.listing.id, name };
  }

  it('deletion racing a buy, a cancel, the expiry and a purchase by the deleted buyer: no 500, no lost copper or item', async () => {
    const errors: object[] = [];
    const log = { error: (o: object) => void errors.push(o) };
    for (let round = 0; round < 3; round++) {
      const seller = await trader(50_000);
      const buyer = await trader(100_000);
      const leaving = await trader(100_000);
      const other = await trader(50_000);
      const [bought, cancelled, expired] = [await listed(seller), await listed(seller), await listed(seller)];
      const ofOther = await listed(other);
      await db()
        .update(auctionListings)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(auctionListings.id, expired.id));

      const [buy, cancel, settled, deleteSeller, lateBuy, deleteLeaving] = await Promise.all([
        buyer.client.post(`/api/characters/${buyer.characterId}/auction/${bought.id}/buy`),
        seller.client.post(`/api/auction/${cancelled.id}/cancel`),
        settleExpiredListings(db(), server.app.ctx.hub, log, new Date()),
        seller.client.json('DELETE', `/api/characters/${seller.characterId}`),
        leaving.client.post(`/api/characters/${leaving.characterId}/auction/${ofOther.id}/buy`),
        leaving.client.json('DELETE', `/api/characters/${leaving.characterId}`),
      ]);
      expect(deleteSeller.status).toBe(204);
      expect(deleteLeaving.status).toBe(204);
      expect([200, 404, 409]).toContain(buy.status);
      expect([200, 404]).toContain(cancel.status);
      expect([200, 404, 409]).toContain(lateBuy.status);
      expect(settled).toBeLessThanOrEqual(1);

      // The buyer paid exactly when it got the item.
      const held = (await inventoryRows(db(), buyer.characterId)).filter((r) => r.itemData.name === bought.name);
      expect(held).toHaveLength(buy.status === 200 ? 1 : 0);
      expect(await getCopper(db(), buyer.characterId)).toBe(buy.status === 200 ? 99_000 : 100_000);
      // The seller's listings went with it.
      const left = await db().select().from(auctionListings).where(eq(auctionListings.sellerCharacterId, seller.characterId));
      expect(left).toEqual([]);
      // The other seller was paid exactly when its listing sold to the leaving character.
      const ofOtherRow = (await db().select().from(auctionListings).where(eq(auctionListings.id, ofOther.id)))[0];
      expect(ofOtherRow?.status).toBe(lateBuy.status === 200 ? 'sold' : 'active');
      expect(await getCopper(db(), other.characterId)).toBe(50_000 - 50 + (lateBuy.status === 200 ? 950 : 0));
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('a double purchase by a character being deleted (the same listing twice) waits instead of deadlocking', async () => {
    const pool = server.database.pool!;
    const waiting = async (n: number) => {
      for (let i = 0; i < 200; i++) {
        const { rows } = await pool.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if ((rows[0]?.n ?? 0) >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`never ${n} waiting`);
    };
    const seller = await trader(50_000);
    const buyer = await trader(100_000);
    const listing = await listed(seller);
    // Something else holds the buyer's character for a moment (a console line, a settlement).
    const holder = await pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from player_characters where id = $1 for update', [buyer.characterId]);
      const buy = (): Promise<{ status: number }> => buyer.client.post(`/api/characters/${buyer.characterId}/auction/${listing.id}/buy`);
      const first = buy();
      await waiting(1);
      const deletion = buyer.client.json('DELETE', `/api/characters/${buyer.characterId}`);
      await waiting(2);
      const second = buy();
      await waiting(3);
      await holder.query('commit');
      const [a, d, b] = await Promise.all([first, deletion, second]);
      expect(d.status).toBe(204);
      expect([200, 404, 409]).toContain(a.status);
      expect([200, 404, 409]).toContain(b.status);
      expect([a.status, b.status].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      // The seller was paid exactly when the listing sold.
      const row = (await db().select().from(auctionListings).where(eq(auctionListings.id, listing.id)))[0];
      expect(await getCopper(db(), seller.characterId)).toBe(50_000 - 50 + (row?.status === 'sold' ? 950 : 0));
    } finally {
      holder.release();
    }
  }, 60_000);
});
