import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementProgress, ledgerEntries, playerAchievements } from '../src/db/schema/index.ts';
import { befriend, createCharacter, trader, type Trader } from './support/characters.ts';
import { gear, giveItem, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * docs/architecture.md "Lock order": an achievement event that reaches a battle-pass level puts
 * the reward into the active character's inventory. It took the character's key lock (the
 * inventory insert) after the progress row, while a gift (or a claim, or any change) held the
 * character FOR UPDATE and then needed that progress row (a gift adding to the giver's points): a deadlock, answered 500. The events
 * now hold the active character before the progress row. Only PostgreSQL runs transactions in
 * parallel (PGlite has one connection).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('achievement events racing a gift of the same player (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(() => server?.stop());
  const db = () => server.database.db;
  const ROUNDS = 6;

  /** 45 points: the next unlock reaches level 1 (50), whose reward is an item. */
  const nearLevelOne = (p: Trader) =>
    db()
      .insert(achievementProgress)
      .values({ userId: p.userId, totalPoints: 45 })
      .onConflictDoUpdate({ target: achievementProgress.userId, set: { totalPoints: 45 } });

  async function rewardsOf(p: Trader) {
    return db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.toCharacterId, p.characterId), eq(ledgerEntries.reason, 'battle_pass')));
  }

  /** A gift of 10 copper from p to a friend: it holds both characters FOR UPDATE, then adds to p's points (Generous Soul). */
  const gift = (p: Trader, to: Trader) => p.client.post('/api/gifts', { toUserId: to.userId, requestId: randomUUID(), copper: 10 });

  async function friends(): Promise<[Trader, Trader]> {
    const [p, friend] = await Promise.all([trader(server.url), trader(server.url)]);
    await befriend(p, friend);
    await setCopper(db(), p.characterId, 1_000);
    return [p, friend];
  }

  it('a first post reaching level 1 beside a gift: no 500, the level granted once', { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [p, friend] = await friends();
      await nearLevelOne(p);
      const [post, gave] = await Promise.all([p.client.post('/api/posts', { text: `Round ${round}` }), gift(p, friend)]);
      expect([post.status, gave.status], JSON.stringify([post.body, gave.body])).toEqual([200, 200]);
      expect(await rewardsOf(p)).toHaveLength(1);
    }
  });

  it('an accepted friendship reaching level 1 beside a gift: no 500, the level granted once', { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [[p, friend], asker] = await Promise.all([friends(), trader(server.url)]);
      const asked = await asker.client.post<{ relation: { friendshipId: string } }>('/api/friends/requests', { userId: p.userId });
      expect(asked.status).toBe(200);
      // A Friend in Need counts again on the next friend (it had reached 20 points, not a level).
      await db().delete(playerAchievements).where(eq(playerAchievements.userId, p.userId));
      await nearLevelOne(p);
      const [accept, gave] = await Promise.all([p.client.post(`/api/friends/${asked.body.relation.friendshipId}/accept`, {}), gift(p, friend)]);
      expect([accept.status, gave.status], JSON.stringify([accept.body, gave.body])).toEqual([200, 200]);
      expect(await rewardsOf(p)).toHaveLength(1);
    }
  });

  it("a sale reaching the seller's level 1 beside the seller's gift from another character: no 500, the level granted once", { timeout: 240_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [seller, buyer] = await friends();
      await setCopper(db(), buyer.characterId, 10_000);
      const entryId = await giveItem(db(), seller.characterId, gear(`Sale Blade ${round}`, 'mainHand', { attack: 1 }, 100));
      const listed = await seller.client.post<{ listing: { id: string } }>(`/api/characters/${seller.characterId}/auction`, { entryId, price: 100 });
      expect(listed.status).toBe(200);
      // The seller switches characters: the reward (and the gift) come from the new active one.
      const active: Trader = { ...seller, characterId: (await createCharacter(seller.client, { name: `Switcher ${'abcdefgh'[round]}` })).id };
      await setCopper(db(), active.characterId, 1_000);
      await nearLevelOne(seller);
      const [bought, gave] = await Promise.all([
        buyer.client.post(`/api/characters/${buyer.characterId}/auction/${listed.body.listing.id}/buy`),
        gift(active, buyer),
      ]);
      expect([bought.status, gave.status], JSON.stringify([bought.body, gave.body])).toEqual([200, 200]);
      expect(await rewardsOf(active)).toHaveLength(1);
    }
  });
});
