import { randomUUID } from 'node:crypto';
import type { InventoryView, StartAdventureResponse, StoreView } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { battlePassGrants, characterAdventures, consoleMessages, playerCharacterInventory, playerCharacters, storeOffers } from '../src/db/schema/index.ts';
import { sleep } from './support/adventure.ts';
import { createCharacter } from './support/characters.ts';
import { setCopper } from './support/items.ts';
import { signedInPlayer, signIn, uniqueEmail, type TestClient } from './support/client.ts';
import { serverProcesses } from './support/process.ts';

/**
 * Issue 28 (faults): the process killed (SIGKILL: no shutdown at all) while an adventure is being
 * settled and purchases and gifts are in flight. After a restart the adventure is settled exactly
 * once, every purchase happened whole or not at all (copper, sold offers and the inventory agree,
 * every purchase that was answered is there), and each gift, sent again with its id, gives once.
 * (The crafts' and the auction expiry's crash: crash-settlers.test.ts.)
 */
// RPG_TIME_SCALE 20: a level-1 adventure (1 minute) lasts 3 s.
const env = { RPG_TIME_SCALE: '20' };
const processes = serverProcesses('crash');

const units = (inventory: InventoryView) => inventory.entries.reduce((sum, entry) => sum + entry.quantity, 0);

describe('a crash (kill -9) in the middle of the work (issue 28: restarts and faults)', () => {
  it('settles the adventure exactly once, keeps every purchase whole and gives each gift once, after a restart', { timeout: 300_000 }, async () => {
    let server = await processes.start(env);
    const email = uniqueEmail();
    const player = await signedInPlayer(server.url, email);
    const character = await createCharacter(player);
    const id = character.id;
    // A friend who gives the player copper, a gift at a time, while the process dies.
    const friendEmail = uniqueEmail('friend');
    const friend = await signedInPlayer(server.url, friendEmail);
    const friendCharacter = await createCharacter(friend, { name: 'Giver' });
    const userIdOf = async (client: TestClient) => (await client.get<{ id: string }>('/api/me')).body.id;
    const [playerId, friendId] = [await userIdOf(player), await userIdOf(friend)];
    const asked = await player.post<{ relation: { friendshipId: string } }>('/api/friends/requests', { userId: friendId });
    expect(asked.status).toBe(200);
    expect((await friend.post(`/api/friends/${asked.body.relation.friendshipId}/accept`, {})).status).toBe(200);
    // Copper to spend and give: set in the database between two runs of the server (a new character has none).
    expect((await processes.stop(server)).code).toBe(0);
    await processes.withDatabase(async ({ db }) => {
      await setCopper(db, id, 5_000);
      await setCopper(db, friendCharacter.id, 100);
    });
    server = await processes.start(env);
    const wallet = { player: 5_000, friend: 100 };
    const shopper = await signIn(server.url, email);
    const giver = await signIn(server.url, friendEmail);
    const giftIds = Array.from({ length: 5 }, () => randomUUID());
    const gift = (client: TestClient, requestId: string) => client.request('POST', '/api/gifts', { toUserId: playerId, copper: 1, requestId });
    const before = (await shopper.get<InventoryView>(`/api/characters/${id}/inventory`)).body;
    const store = (await shopper.get<StoreView>(`/api/characters/${id}/store`)).body;
    const offers = [...store.sections.gear, ...store.sections.potions, ...store.sections.food];

    const started = await shopper.post<StartAdventureResponse>(`/api/characters/${id}/adventures`, { location: 'forest', level: 1 });
    expect(started.status).toBe(201);
    const endTime = Date.parse(started.body.adventure.endTime);
    // The purchases start just before the adventure ends, and the process dies while the
    // scheduler settles it and the purchases are in flight.
    await sleep(Math.max(0, endTime - Date.now() - 150));
    const buys = offers.map(async (offer) => {
      try {
        const res = await shopper.request('POST', `/api/characters/${id}/store/buy`, { offerId: offer.offerId });
        await res.text();
        return { offerId: offer.offerId, status: res.status };
      } catch {
        return { offerId: offer.offerId, status: 0 };
      }
    });
    const gifts = giftIds.map((requestId) =>
      gift(giver, requestId).then(
        (r) => r.text(),
        () => undefined,
      ),
    );
    await sleep(Math.max(0, endTime - Date.now()) + 20);
    await server.kill();
    const results = await Promise.all(buys);
    await Promise.all(gifts);

    server = await processes.start(env);
    const again = await signIn(server.url, email);
    // The adventure ended before the crash: settled by then, or by the restarted scheduler. The
    // inventory is read once it is, so its loot is there (it was read too early once: 8 for 9).
    for (let i = 0; ; i++) {
      const state = (await again.get<{ current: unknown; lastOutcome?: unknown }>(`/api/characters/${id}/adventure`)).body;
      if (state.current === null && state.lastOutcome !== undefined) break;
      if (i > 100) throw new Error('the adventure was not settled after the restart');
      await sleep(100);
    }
    const after = (await again.get<InventoryView>(`/api/characters/${id}/inventory`)).body;
    // The friend, not knowing which gifts went through, sends each again with its id: each gives once.
    const friendAgain = await signIn(server.url, friendEmail);
    for (const requestId of giftIds) {
      const res = await gift(friendAgain, requestId);
      // Given now (200), or given before the crash: refused as a duplicate (the copper below counts each once).
      const body = await res.text();
      if (res.status !== 200)
        expect({ status: res.status, error: (JSON.parse(body) as { error?: string }).error }, body).toEqual({ status: 409, error: 'gift_duplicate' });
    }
    // The scheduler settles what the crash left; give it a moment, then stop cleanly.
    await sleep(1500);
    expect((await processes.stop(server)).code).toBe(0);

    await processes.withDatabase(async ({ db }) => {
      const adventures = await db.select().from(characterAdventures).where(eq(characterAdventures.characterId, id));
      expect(adventures).toHaveLength(1);
      const [adventure] = adventures;
      expect(adventure?.completed).toBe(true);
      const outcome = adventure?.outcome as {
        xpGained: number;
        copperGained: number;
        messages: string[];
        items: Array<{ quantity: number }>;
        leftBehind: Array<{ quantity: number }>;
      };
      const returned = (await db.select().from(consoleMessages).where(eq(consoleMessages.characterId, id))).filter((m) => m.kind === 'adventure-return');
      expect(returned.map((m) => m.content)).toEqual(outcome.messages);

      const sold = (await db.select().from(storeOffers).where(eq(storeOffers.characterId, id))).filter((o) => o.sold);
      const [row] = await db.select().from(playerCharacters).where(eq(playerCharacters.id, id));
      expect(row).toMatchObject({ xp: outcome.xpGained, adventuresCompleted: 1 });
      // Copper: what the character had, plus the adventure's reward once, less the offers sold, plus the 5 gifts once each.
      expect(row?.copper).toBe(wallet.player + outcome.copperGained - sold.reduce((sum, o) => sum + o.price, 0) + giftIds.length);
      const [giverRow] = await db.select().from(playerCharacters).where(eq(playerCharacters.id, friendCharacter.id));
      expect(giverRow?.copper).toBe(wallet.friend - giftIds.length);
      // Each offer sold is in the inventory once, beside the adventure's loot (once) and any
      // battle-pass reward its achievements reached (DECISIONS §2: granted into the inventory);
      // each purchase answered 200 was sold.
      const loot = outcome.items.reduce((sum, item) => sum + item.quantity, 0) - outcome.leftBehind.reduce((sum, item) => sum + item.quantity, 0);
      const rewards = (await db.select().from(battlePassGrants).where(eq(battlePassGrants.characterId, id))).length;
      const held = (await db.select().from(playerCharacterInventory).where(eq(playerCharacterInventory.characterId, id))).reduce(
        (sum, row) => sum + row.quantity,
        0,
      );
      expect(held).toBe(units(before) + sold.length + loot + rewards);
      expect(units(after)).toBeLessThanOrEqual(held);
      // Some bought, some refused or cut by the kill: how many reached the server before it died
      // depends on timing (none once, on CI's Node 26), so the test checks only that nothing is half-done.
      const soldIds = new Set(sold.map((o) => o.id));
      for (const { offerId } of results.filter((r) => r.status === 200)) expect(soldIds.has(offerId)).toBe(true);
    });
  });
});
