import { randomUUID } from 'node:crypto';
import type { AchievementsView, AuctionActionResponse } from '@rpg/contract';
import { CHARITY_COPPER, PAIR_SALES_PER_DAY, materialItem } from '@rpg/game';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementCounters } from '../src/db/schema/index.ts';
import { befriend, trader, type ErrorBody, type Trader as Player } from './support/characters.ts';
import { getCopper, giveItem, inventoryRows, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Issue 25, point 3: two friends passing copper and an herb back and forth must not farm
 * achievements and battle-pass levels (spec 03 §3 Generous Soul, Open for Business,
 * hidden-charity; the counting rule is packages/game/src/achievements/transfers.ts).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());
const db = () => server.database.db;

const player = (): Promise<Player> => trader(server.url);

async function give(from: Player, to: Player, body: Record<string, unknown>): Promise<void> {
  const res = await from.client.post('/api/gifts', { toUserId: to.userId, requestId: randomUUID(), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function achievements(p: Player): Promise<AchievementsView> {
  const res = await p.client.get<AchievementsView>('/api/achievements');
  expect(res.status).toBe(200);
  return res.body;
}
const unlocked = async (p: Player) => (await achievements(p)).achievements.filter((a) => a.completed).map((a) => a.id);

/** Lists the seller's entry at `price` copper and has the buyer buy it; answers the buyer's new entry of that item. */
async function sell(seller: Player, buyer: Player, entryId: string, price: number): Promise<string> {
  const listed = await seller.client.post<AuctionActionResponse & ErrorBody>(`/api/characters/${seller.characterId}/auction`, { entryId, price });
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  const bought = await buyer.client.post<AuctionActionResponse & ErrorBody>(`/api/characters/${buyer.characterId}/auction/${listed.body.listing.id}/buy`);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  const name = listed.body.listing.item.name;
  const entry = (await inventoryRows(db(), buyer.characterId)).find((r) => r.itemData.name === name);
  if (!entry) throw new Error(`${name} did not reach the buyer`);
  return entry.id;
}

async function counter(p: Player, key: string): Promise<number> {
  const [row] = await db()
    .select()
    .from(achievementCounters)
    .where(and(eq(achievementCounters.userId, p.userId), eq(achievementCounters.key, key)));
  return row?.value ?? 0;
}

describe('transfers between the same two players count in a bounded way (issue 25 point 3, spec 03 §3)', () => {
  it('40 gifts of 5 gold back and forth and 10 one-copper herb sales gain at most one 25-point achievement and no battle-pass level', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    await befriend(a, b);
    await setCopper(db(), a.characterId, 50_000 + 100);
    await setCopper(db(), b.characterId, 100);
    const before = await Promise.all([achievements(a), achievements(b)]);

    for (let i = 0; i < 20; i += 1) {
      await give(a, b, { copper: 50_000 });
      await give(b, a, { copper: 50_000 });
    }
    let herb = await giveItem(db(), a.characterId, materialItem('healing_herb'));
    for (let i = 0; i < 5; i += 1) {
      herb = await sell(a, b, herb, 1);
      herb = await sell(b, a, herb, 1);
    }
    // A paid five fees of 1c and five prices of 1c; the payouts of 1c are 0c.
    expect(await getCopper(db(), a.characterId)).toBe(50_000 + 100 - 10);

    const after = await Promise.all([achievements(a), achievements(b)]);
    const gained = after.map((view, i) => view.totalPoints - (before[i]?.totalPoints ?? 0));
    // The first gift was a real one (5 gold handed over): Generous Soul for A, nothing else.
    expect(gained).toEqual([25, 0]);
    expect(after.map((view) => view.level)).toEqual(before.map((view) => view.level));
    expect(after.map((view) => view.battlePass.claimed)).toEqual([0, 0]);
    expect(await unlocked(a)).not.toContain('hidden-charity');
    expect(await unlocked(a)).not.toContain('social-first-sale');
    expect(await unlocked(b)).not.toContain('social-generous');
    expect(await unlocked(b)).not.toContain('social-first-sale');
  });

  it('still counts a real gift, fair sales to several buyers, and a few sales a day to the same buyer', async () => {
    const [giver, seller, buyer, other] = await Promise.all([player(), player(), player(), player()]);
    await befriend(giver, seller);
    await setCopper(db(), giver.characterId, CHARITY_COPPER);
    await setCopper(db(), buyer.characterId, 1_000);
    await setCopper(db(), other.characterId, 1_000);
    await setCopper(db(), seller.characterId, 100);

    // 100 gold given to a friend in two gifts: Generous Soul and hidden-charity.
    await give(giver, seller, { copper: CHARITY_COPPER / 2 });
    await give(giver, seller, { copper: CHARITY_COPPER / 2 });
    expect(await unlocked(giver)).toEqual(expect.arrayContaining(['social-generous', 'hidden-charity']));

    // An herb at 15c (the store pays 7c) to one buyer, then more than the daily count of the pair, then another buyer.
    for (let i = 0; i < PAIR_SALES_PER_DAY + 2; i += 1) await sell(seller, buyer, await giveItem(db(), seller.characterId, materialItem('healing_herb')), 15);
    await sell(seller, other, await giveItem(db(), seller.characterId, materialItem('healing_herb')), 15);
    expect(await unlocked(seller)).toContain('social-first-sale');
    expect(await counter(seller, 'auction-sold')).toBe(PAIR_SALES_PER_DAY + 1);
    expect(await counter(buyer, 'auction-trades')).toBe(PAIR_SALES_PER_DAY);
    expect(await counter(other, 'auction-trades')).toBe(1);
    // Each counted sale earned its payout, 14c (15c less 5%).
    expect(await counter(seller, 'copper-from-sales')).toBe((PAIR_SALES_PER_DAY + 1) * 14);
  });

  it(`counts ${PAIR_SALES_PER_DAY} of 8 fair sales bought at once from one seller by one buyer`, async () => {
    const [seller, buyer] = await Promise.all([player(), player()]);
    await setCopper(db(), seller.characterId, 1_000);
    await setCopper(db(), buyer.characterId, 1_000);
    const listings: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const entryId = await giveItem(db(), seller.characterId, materialItem('healing_herb'));
      const listed = await seller.client.post<AuctionActionResponse & ErrorBody>(`/api/characters/${seller.characterId}/auction`, { entryId, price: 15 });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      listings.push(listed.body.listing.id);
    }
    const bought = await Promise.all(listings.map((id) => buyer.client.post(`/api/characters/${buyer.characterId}/auction/${id}/buy`)));
    expect(bought.map((r) => r.status)).toEqual(listings.map(() => 200));
    expect(await counter(seller, 'auction-sold')).toBe(PAIR_SALES_PER_DAY);
    expect(await counter(buyer, 'auction-trades')).toBe(PAIR_SALES_PER_DAY);
  });
});
