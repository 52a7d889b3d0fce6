import { randomUUID } from 'node:crypto';
import { GIFT_TEXT } from '@rpg/game';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifts, playerAchievements } from '../src/db/schema/index.ts';
import { befriend, trader, type Trader as Player } from './support/characters.ts';
import { gear, getCopper, giveItem, inventoryRows, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { connectSocket } from './support/socket.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());
const db = () => server.database.db;

const player = (): Promise<Player> => trader(server.url);

const give = (from: Player, to: Player, body: Record<string, unknown>) =>
  from.client.post<{ message?: string; error?: { message: string } } & Record<string, unknown>>('/api/gifts', {
    toUserId: to.userId,
    requestId: randomUUID(),
    ...body,
  });

describe('gifts between friends (DECISIONS §4: copper and items, atomic, logged, live notice)', () => {
  it('refuses a stranger, gives copper and items to a friend with a live notice, and a retried request gives once', async () => {
    const [a, b, stranger] = await Promise.all([player(), player(), player()]);
    await setCopper(db(), a.characterId, 5_000);
    const refused = await give(a, stranger, { copper: 100 });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(GIFT_TEXT.notFriends);

    await befriend(a, b);
    const tab = connectSocket(server.url, b.client);
    await tab.waitFor('hello');
    const requestId = randomUUID();
    const sent = await give(a, b, { copper: 1_250, requestId });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatch(/^You gave .+ 12s 50c\.$/);
    expect(await tab.waitFor('gift-received')).toMatchObject({ message: expect.stringMatching(/sent you a gift: 12s 50c\.$/) });
    tab.close();
    const again = await give(a, b, { copper: 1_250, requestId });
    expect(again.status).toBe(409);
    expect(await getCopper(db(), a.characterId)).toBe(3_750);
    expect(await getCopper(db(), b.characterId)).toBe(1_250);

    const sword = await giveItem(db(), a.characterId, gear('Iron Sword', 'mainHand', { attack: 3 }, 100));
    expect((await give(a, b, { entryId: sword })).status).toBe(200);
    expect((await inventoryRows(db(), a.characterId)).map((r) => r.itemData.name)).not.toContain('Iron Sword');
    expect((await inventoryRows(db(), b.characterId)).map((r) => r.itemData.name)).toContain('Iron Sword');
    expect((await give(a, b, { copper: 1_000_000 })).status).toBe(400);

    // Real events count (DECISIONS §3): the friendship for both, the gift for the giver.
    const unlocked = async (p: Player) =>
      (await db().select().from(playerAchievements).where(eq(playerAchievements.userId, p.userId))).map((r) => r.achievementId);
    expect(await unlocked(a)).toEqual(expect.arrayContaining(['social-first-friend', 'social-generous']));
    expect(await unlocked(b)).toContain('social-first-friend');
    expect(await unlocked(b)).not.toContain('social-generous');
  });

  it('conserves copper when two friends give to each other in parallel', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    await befriend(a, b);
    await setCopper(db(), a.characterId, 10_000);
    await setCopper(db(), b.characterId, 10_000);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => give(a, b, { copper: 700 })),
      ...Array.from({ length: 20 }, () => give(b, a, { copper: 900 })),
    ]);
    expect(answers.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    const [copperA, copperB] = [await getCopper(db(), a.characterId), await getCopper(db(), b.characterId)];
    expect(copperA).toBeGreaterThanOrEqual(0);
    expect(copperB).toBeGreaterThanOrEqual(0);
    expect(copperA + copperB).toBe(20_000);
    const logged = await db()
      .select()
      .from(gifts)
      .where(or(eq(gifts.fromUserId, a.userId), eq(gifts.fromUserId, b.userId)));
    expect(logged).toHaveLength(answers.filter((r) => r.status === 200).length);
    const fromA = logged.filter((g) => g.fromUserId === a.userId).reduce((sum, g) => sum + g.copper, 0);
    const fromB = logged.filter((g) => g.fromUserId === b.userId).reduce((sum, g) => sum + g.copper, 0);
    expect(copperA).toBe(10_000 - fromA + fromB);
  });
});
