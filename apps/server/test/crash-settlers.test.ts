import type { AuctionActionResponse, CraftingActionResponse, CraftingView, MyAuctions } from '@rpg/contract';
import { materialStack } from '@rpg/game';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auctionListings, characterCrafts, consoleMessages, playerCharacterInventory, playerCharacters } from '../src/db/schema/index.ts';
import { sleep } from './support/adventure.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, signIn, uniqueEmail, type TestClient } from './support/client.ts';
import { gear, giveItem, setCopper } from './support/items.ts';
import { serverProcesses, type ServerProcess } from './support/process.ts';
import { openSocket, type Push, type Socket } from './support/socket.ts';

/**
 * Issue 28 (faults): the process killed (SIGKILL: no shutdown at all) while the scheduler settles
 * a batch of crafts, then while it settles a batch of expired auction listings (DECISIONS §2: the
 * item back to its seller). Each kill comes as the first settlement is seen (its push), with the
 * rest of the batch due or being settled. After a restart each craft and each listing is settled
 * exactly once: one crafted item and its XP per craft, each listed item back in its seller's
 * backpack once and nowhere else, no copper made or lost (the fees only). On the embedded
 * database (the process restarts on the same DATA_DIR) and, with DATABASE_URL, on PostgreSQL.
 */
const processes = serverProcesses('crash-settlers');

const PLAYERS = 8;
const WARES_PER_CHARACTER = 3;
const COPPER = 1_000;
/** An Iron Sword (3 minutes) takes 4 s: every craft is started before the first ends. */
const CRAFT_ENV = { RPG_TIME_SCALE: '45' };
/** A listing (48 hours) lasts 8 s: every listing is made before the first expires. */
const LISTING_ENV = { RPG_TIME_SCALE: '21600' };

interface Seller {
  email: string;
  userId: string;
  characterIds: string[];
}

const ware = (characterId: string, k: number) => `Ware ${characterId.slice(0, 8)}-${k}`;

/** Every player signed in again on a new process, each with an open tab. */
async function reconnect(server: ServerProcess, sellers: readonly Seller[]): Promise<Array<{ client: TestClient; tab: Socket; seller: Seller }>> {
  return Promise.all(
    sellers.map(async (seller) => {
      const client = await signIn(server.url, seller.email);
      return { client, tab: await openSocket(server.url, client, { timeoutMs: 30_000 }), seller };
    }),
  );
}

/** Resolves with the first push `match` accepts on any of the tabs. */
function firstPush(tabs: readonly Socket[], match: (push: Push) => boolean): Promise<Push> {
  return new Promise((resolve) => {
    for (const tab of tabs) {
      tab.ws.on('message', (raw: Buffer) => {
        const push = JSON.parse(raw.toString()) as Push;
        if (match(push)) resolve(push);
      });
    }
  });
}

describe('a crash (kill -9) while the scheduler settles (issue 28: restarts and faults)', () => {
  it('settles each craft and each expired listing exactly once after a restart, losing and doubling nothing', { timeout: 360_000 }, async () => {
    // Players with two characters each; their materials, wares and copper are written while no process runs.
    let server = await processes.start();
    const sellers: Seller[] = await Promise.all(
      Array.from({ length: PLAYERS }, async (_, i) => {
        const email = uniqueEmail(`settler${i}`);
        const client = await signedInPlayer(server.url, email);
        const first = await createCharacter(client, { name: `Smith${String.fromCharCode(97 + i)}` });
        const second = await createCharacter(client, { name: `Trader${String.fromCharCode(97 + i)}` });
        const userId = (await client.get<{ id: string }>('/api/me')).body.id;
        return { email, userId, characterIds: [first.id, second.id] };
      }),
    );
    const characterIds = sellers.flatMap((s) => s.characterIds);
    expect((await processes.stop(server)).code).toBe(0);
    const wares = new Map<string, string[]>();
    await processes.withDatabase(async ({ db }) => {
      for (const id of characterIds) {
        const ore = materialStack('iron_ore', 3);
        const wood = materialStack('oak_wood', 1);
        await giveItem(db, id, ore.item, { quantity: 3 });
        await giveItem(db, id, wood.item, { quantity: 1 });
        const entries: string[] = [];
        for (let k = 0; k < WARES_PER_CHARACTER; k++) entries.push(await giveItem(db, id, gear(ware(id, k), 'offHand', { attack: 1 }, 40)));
        wares.set(id, entries);
        await setCopper(db, id, COPPER);
      }
    });

    // Crafts: all started at once; the process dies as the first one's completion is pushed.
    server = await processes.start(CRAFT_ENV);
    let players = await reconnect(server, sellers);
    const crafted = firstPush(
      players.map((p) => p.tab),
      (push) => push.type === 'craft-completed',
    );
    const starts = await Promise.all(
      players.flatMap(({ client, seller }) =>
        seller.characterIds.map((id) => client.post<CraftingActionResponse>(`/api/characters/${id}/crafting/start`, { recipeId: 'iron_sword' })),
      ),
    );
    expect(starts.map((s) => s.status)).toEqual(characterIds.map(() => 200));
    await crafted;
    await server.kill();

    // Listings: all made at once; the process dies as the first expiry is pushed (the seller's
    // console and the market refetched). The crafts left due are settled as this process starts.
    server = await processes.start(LISTING_ENV);
    players = await reconnect(server, sellers);
    const listed = await Promise.all(
      players.flatMap(({ client, seller }) =>
        seller.characterIds.flatMap((id) =>
          (wares.get(id) ?? []).map((entryId) => client.post<AuctionActionResponse>(`/api/characters/${id}/auction`, { entryId, price: 100 })),
        ),
      ),
    );
    expect(listed.map((l) => l.status)).toEqual(listed.map(() => 200));
    const firstExpiry = Math.min(...listed.map((l) => Date.parse(l.body.listing.expiresAt)));
    const isExpiry = (push: Push) =>
      Date.now() >= firstExpiry &&
      push.type === 'invalidate' &&
      JSON.stringify(push.queryKeys).includes('["auction"]') &&
      characterIds.some((id) => JSON.stringify(push.queryKeys).includes(JSON.stringify(['console', id])));
    await firstPush(
      players.map((p) => p.tab),
      isExpiry,
    );
    await server.kill();

    // A third process settles what is left: wait until no craft is open and no listing active.
    server = await processes.start();
    players = await reconnect(server, sellers);
    for (let i = 0; ; i++) {
      const open = await Promise.all(
        players.map(async ({ client, seller }) => {
          const drawers = await Promise.all(seller.characterIds.map((id) => client.get<CraftingView>(`/api/characters/${id}/crafting`)));
          const mine = (await client.get<MyAuctions>('/api/auction/mine')).body;
          return drawers.filter((d) => d.body.active !== null || d.body.finished !== null).length + mine.active.length;
        }),
      );
      if (open.every((n) => n === 0)) break;
      if (i > 150) throw new Error(`still open after the restart: ${JSON.stringify(open)}`);
      await sleep(200);
    }
    for (const { tab } of players) tab.close();
    expect((await processes.stop(server)).code).toBe(0);

    await processes.withDatabase(async ({ db }) => {
      const crafts = await db.select().from(characterCrafts).where(inArray(characterCrafts.characterId, characterIds));
      const listings = await db.select().from(auctionListings).where(inArray(auctionListings.sellerCharacterId, characterIds));
      const inventory = await db.select().from(playerCharacterInventory).where(inArray(playerCharacterInventory.characterId, characterIds));
      const lines = await db.select().from(consoleMessages).where(inArray(consoleMessages.characterId, characterIds));
      const rows = await db.select().from(playerCharacters).where(inArray(playerCharacters.id, characterIds));
      expect(listings).toHaveLength(characterIds.length * WARES_PER_CHARACTER);
      for (const id of characterIds) {
        const held = (name: string) => inventory.filter((e) => e.characterId === id && e.itemData.name === name).reduce((n, e) => n + e.quantity, 0);
        // The craft: settled once, its sword in the backpack once, its XP and its line once, the materials gone.
        const craft = crafts.filter((c) => c.characterId === id);
        expect(craft.map((c) => ({ completed: c.completed, result: c.result?.name }))).toEqual([{ completed: true, result: 'Iron Sword' }]);
        expect(held('Iron Sword')).toBe(1);
        expect(held('Iron Ore') + held('Oak Wood')).toBe(0);
        const row = rows.find((r) => r.id === id);
        expect(row?.craftingXp).toBe(5);
        expect(lines.filter((l) => l.characterId === id && l.content === 'You crafted Iron Sword! +5 crafting XP.')).toHaveLength(1);
        // Each listing: expired once, its ware back in the backpack once (and nowhere else: no
        // listing is active), told once; the fees paid and nothing else (no copper made or lost).
        const own = listings.filter((l) => l.sellerCharacterId === id);
        expect(own.map((l) => l.status)).toEqual(own.map(() => 'expired'));
        for (let k = 0; k < WARES_PER_CHARACTER; k++) {
          expect(held(ware(id, k))).toBe(1);
          expect(lines.filter((l) => l.characterId === id && l.kind === 'system' && l.content.includes(`${ware(id, k)} expired unsold`))).toHaveLength(1);
        }
        expect(row?.copper).toBe(COPPER - own.reduce((sum, l) => sum + l.fee, 0));
      }
    });
  });
});
