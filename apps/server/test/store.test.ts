import type { BuyResponse, InventoryView, StoreSchedule, StoreView } from '@rpg/contract';
import { BACKPACKS, copper, formatCoins, STORE_RESTOCKED, storeWindow, type Backpack, type ItemData } from '@rpg/game';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCharacter } from '../src/db/queries/characters.ts';
import { playerCharacterBackpack, storeOffers } from '../src/db/schema/index.ts';
import { storeRefreshSettler } from '../src/scheduler/storeRefresh.ts';
import { openStore, storeSchedule } from '../src/services/store.ts';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { gear, getCopper, giveItem, inventoryRows, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { openSocket } from './support/socket.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;
const HOUR = 3_600_000;

async function shopper() {
  const player = await signedInPlayer(server.url);
  const character = await createCharacter(player);
  const userId = (await player.get<{ id: string }>('/api/me')).body.id;
  const shop = async () => {
    const res = await player.get<StoreView>(`/api/characters/${character.id}/store`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const buy = (offerId: unknown) => player.post<BuyResponse & ErrorBody>(`/api/characters/${character.id}/store/buy`, { offerId });
  /** The store service called directly, to open a window other than the current one. */
  const openAt = async (at: number) => {
    const row = await getCharacter(db(), userId, character.id);
    if (!row) throw new Error('no character');
    return db().transaction((tx) => openStore(tx, row, new Date(at), 'UTC'));
  };
  return { player, character, shop, buy, openAt };
}

async function setOffer(characterId: string, slot: string, backpack: Backpack) {
  await db()
    .update(storeOffers)
    .set({ item: { ...backpack }, price: backpack.price })
    .where(and(eq(storeOffers.characterId, characterId), eq(storeOffers.offerId, slot)));
}

describe('the store offer (spec 03 §2/§4/§9)', () => {
  it('is created once on the first read, even by two tabs at once, and the same on reload', async () => {
    const { character, shop } = await shopper();
    const [a, b] = await Promise.all([shop(), shop()]);
    expect(b).toEqual(a);
    // Level 1: 6 gear, the 2 potions there are, 6 food and the 2 backpacks there are (spec 03 §9).
    expect(await db().select().from(storeOffers).where(eq(storeOffers.characterId, character.id))).toHaveLength(16);
    expect(await shop()).toEqual(a);

    const window = storeWindow(Date.now(), 'UTC');
    expect(a).toMatchObject({ windowStart: new Date(window.start).toISOString(), nextRefresh: new Date(window.end).toISOString(), timeZone: 'UTC' });
    expect(a.wallet).toEqual({ copper: 0, coins: { gold: 0, silver: 0, copper: 0 }, casinoChips: 0 });
    for (const section of ['gear', 'food'] as const) expect(a.sections[section]).toHaveLength(6);
    expect(a.sections.gear.map((o) => o.slot)).toEqual(['gear-0', 'gear-1', 'gear-2', 'gear-3', 'gear-4', 'gear-5']);
    // Never the same thing twice in a tab: fewer cards where the pool is smaller than six.
    for (const section of ['gear', 'potions', 'food', 'backpacks'] as const) {
      const names = a.sections[section].map((o) => o.item.name);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(a.sections.potions.map((o) => o.slot)).toEqual(['potion-0', 'potion-1']);
    expect(a.sections.backpacks.map((o) => o.item.name).sort()).toEqual(["Adventurer's Pack", "Traveler's Backpack"]);
    expect(a.sections.gear[0]).toMatchObject({ sold: false, item: { kind: 'gear' } });
    expect(a.sections.gear[0]?.coins).toBeDefined();
    // Level 1: only common potions; the carried Adventurer's Pack reads 'Equipped'.
    for (const offer of a.sections.potions) expect(offer.item.name).toMatch(/^Minor (Health|Mana) Potion$/);
    for (const offer of a.sections.backpacks) expect(offer.equipped).toBe(offer.item.name === "Adventurer's Pack");
  });

  it('is different in another window and the same when the service replays this one', async () => {
    const { shop, openAt } = await shopper();
    const now = Date.now();
    const current = await shop();
    expect(await openAt(now)).toEqual(current);
    const next = await openAt(now + 4 * HOUR);
    expect(next.windowStart).toBe(current.nextRefresh);
    expect(next.sections.gear.map((o) => o.item)).not.toEqual(current.sections.gear.map((o) => o.item));
    expect(next.sections.gear.map((o) => o.offerId)).not.toContain(current.sections.gear[0]?.offerId);
  });

  it('answers the shared schedule', async () => {
    const { player } = await shopper();
    const res = await player.get<StoreSchedule>('/api/store/schedule');
    const window = storeWindow(Date.now(), 'UTC');
    expect(res.body).toEqual({ windowStart: new Date(window.start).toISOString(), nextRefresh: new Date(window.end).toISOString(), timeZone: 'UTC' });
    // 03:00Z is 22:00 in New York (UTC-5): the 20:00-24:00 local window.
    expect(storeSchedule(new Date('2030-01-01T03:00:00Z'), 'America/New_York')).toEqual({
      windowStart: '2030-01-01T01:00:00.000Z',
      nextRefresh: '2030-01-01T05:00:00.000Z',
      timeZone: 'America/New_York',
    });
  });
});

describe('buying (spec 03 §4/§5/§8)', () => {
  it('takes the price, marks the offer sold, adds the item, stacks a potion already owned, and refuses a second sale', async () => {
    const { player, character, shop, buy } = await shopper();
    await setCopper(db(), character.id, 1_000);
    const { sections } = await shop();
    // Level 1: the two potions there are, once each; one is already owned, so it stacks.
    const [first, other] = sections.potions;
    if (!first || !other) throw new Error('a level-1 store offers both potions');
    expect(other.item.name).not.toBe(first.item.name);
    await giveItem(db(), character.id, first.item as ItemData);
    const socket = await openSocket(server.url, player);
    const res = await buy(first.offerId);
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({
      title: 'Purchase Successful',
      description: `You bought ${first.item.name} for ${formatCoins(copper(first.price))}`,
      variant: 'success',
    });
    expect(res.body.offer).toMatchObject({ offerId: first.offerId, sold: true });
    expect(res.body.character.copper).toBe(1_000 - first.price);
    await socket.waitFor(
      'invalidate',
      (m) => JSON.stringify(m.queryKeys) === JSON.stringify([['characters'], ['inventory', character.id], ['store', character.id]]),
    );
    socket.close();
    const stacked = await inventoryRows(db(), character.id);
    expect(stacked).toHaveLength(1);
    expect(stacked[0]).toMatchObject({ quantity: 2, itemData: { name: first.item.name } });

    expect((await buy(other.offerId)).status).toBe(200);
    const rows = await inventoryRows(db(), character.id);
    expect(rows.map((row) => [row.itemData.name, row.quantity]).sort()).toEqual(
      [
        [first.item.name, 2],
        [other.item.name, 1],
      ].sort(),
    );
    const twin = other;
    const after = await shop();
    expect(
      after.sections.potions
        .filter((o) => o.sold)
        .map((o) => o.offerId)
        .sort(),
    ).toEqual([first.offerId, twin.offerId].sort());
    expect(after.wallet.copper).toBe(1_000 - first.price - twin.price);

    const again = await buy(first.offerId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ title: 'Sold Out', message: `${first.item.name} has already been sold. New items arrive at the next refresh.` });
    expect(await getCopper(db(), character.id)).toBe(1_000 - first.price - twin.price);
  });

  it('stacks a bought food only onto an identical one, never onto a better dish of the same name (spec 02 §3 inventory item)', async () => {
    const { character, shop, buy } = await shopper();
    await setCopper(db(), character.id, 100_000);
    const offer = (await shop()).sections.food[0];
    if (!offer || offer.item.kind !== 'food') throw new Error('no food');
    const better = { ...offer.item, healthRestore: offer.item.healthRestore + 50, price: copper(offer.item.price + 500) };
    await giveItem(db(), character.id, better as ItemData);
    expect((await buy(offer.offerId)).status).toBe(200);
    // A rare food can also unlock collection achievements whose battle-pass rewards land in the
    // inventory (spec 03 §9), so only the dishes of this name are compared.
    const rows = (await inventoryRows(db(), character.id)).filter((row) => row.itemData.name === offer.item.name);
    expect(rows.map((row) => [row.itemData.name, row.itemData.price, row.quantity]).sort()).toEqual(
      [
        [offer.item.name, better.price, 1],
        [offer.item.name, offer.item.price, 1],
      ].sort(),
    );
  });

  it("refuses without enough money ('Not enough money'), changing nothing", async () => {
    const { character, shop, buy } = await shopper();
    const offer = (await shop()).sections.gear[0];
    if (!offer) throw new Error('no gear');
    await setCopper(db(), character.id, offer.price - 1);
    const res = await buy(offer.offerId);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'insufficient_funds',
      title: 'Not enough money',
      message: `Not enough money – You need ${formatCoins(copper(offer.price))} to buy this item.`,
    });
    expect((await shop()).sections.gear[0]?.sold).toBe(false);
    expect(await getCopper(db(), character.id)).toBe(offer.price - 1);
    expect(await inventoryRows(db(), character.id)).toEqual([]);
  });

  it('sells one offer once when two tabs buy it at the same moment', async () => {
    const { character, shop, buy } = await shopper();
    const offer = (await shop()).sections.gear[1];
    if (!offer) throw new Error('no gear');
    await setCopper(db(), character.id, offer.price * 2);
    const results = await Promise.all([buy(offer.offerId), buy(offer.offerId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.title).toBe('Sold Out');
    expect(await getCopper(db(), character.id)).toBe(offer.price);
    expect((await inventoryRows(db(), character.id)).filter((row) => row.itemData.name === offer.item.name)).toHaveLength(1);
  });

  it('replaces the carried backpack, refuses one that is too small, and marks the carried one Equipped', async () => {
    const { player, character, shop, buy } = await shopper();
    await shop();
    await setOffer(character.id, 'backpack-0', BACKPACKS.common);
    await setOffer(character.id, 'backpack-1', BACKPACKS.uncommon);
    await setCopper(db(), character.id, 100_000);
    const carried = await buy((await shop()).sections.backpacks[0]?.offerId);
    expect(carried.status).toBe(409);
    expect(carried.body).toMatchObject({ title: 'Equipped', message: "You already have the Adventurer's Pack equipped." });

    // Carrying an 18-slot pack with 13 items, a 12-slot one is too small.
    const { name, tier, slots, description, price } = BACKPACKS.epic;
    await db().update(playerCharacterBackpack).set({ name, tier, slots, description, price }).where(eq(playerCharacterBackpack.characterId, character.id));
    const items = [];
    for (let i = 0; i < 13; i++) items.push(await giveItem(db(), character.id, gear(`Spare ${i}`, 'feet', { speed: 1 }, 5)));
    const traveler = (await shop()).sections.backpacks[1];
    if (!traveler) throw new Error('no backpack');
    const tooSmall = await buy(traveler.offerId);
    expect(tooSmall.body).toMatchObject({
      title: 'Backpack Too Small',
      message: "The Traveler's Backpack has only 12 slots, but you carry 13 items. Sell or use some first.",
    });
    for (const id of items.slice(0, 1)) await player.post(`/api/characters/${character.id}/inventory/${id}/sell`);
    const bought = await buy(traveler.offerId);
    expect(bought.status).toBe(200);
    expect(bought.body.character.backpack).toEqual({ name: "Traveler's Backpack", tier: 'uncommon', slots: 12, description: BACKPACKS.uncommon.description });
    expect(bought.body.character.copper).toBe(100_000 + 5 - BACKPACKS.uncommon.price);
    const inventory = await player.get<InventoryView>(`/api/characters/${character.id}/inventory`);
    expect(inventory.body).toMatchObject({ capacity: 12, used: 12 });
    const view = await shop();
    expect(view.sections.backpacks.slice(0, 2).map((o) => [o.sold, o.equipped])).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it('refuses an offer of a window that has ended', async () => {
    const { character, buy, openAt } = await shopper();
    await setCopper(db(), character.id, 100_000);
    const old = await openAt(Date.now() - 4 * HOUR);
    const res = await buy(old.sections.potions[0]?.offerId);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ title: 'Store Restocked', message: STORE_RESTOCKED });
    expect(await getCopper(db(), character.id)).toBe(100_000);
  });

  it("answers 404 for another player's store or offer", async () => {
    const owner = await shopper();
    const offer = (await owner.shop()).sections.potions[0];
    const thief = await shopper();
    await setCopper(db(), thief.character.id, 100_000);
    expect(await thief.player.get(`/api/characters/${owner.character.id}/store`)).toMatchObject({ status: 404, body: { message: 'Character not found' } });
    const viaOwner = await thief.player.post(`/api/characters/${owner.character.id}/store/buy`, { offerId: offer?.offerId });
    expect(viaOwner).toMatchObject({ status: 404, body: { message: 'Character not found' } });
    for (const offerId of [offer?.offerId, 'gear-0']) {
      expect(await thief.buy(offerId)).toMatchObject({ status: 404, body: { title: 'Item Not Found', message: 'This item is not in your store.' } });
    }
    expect((await thief.buy(undefined)).status).toBe(400);
    expect((await owner.shop()).sections.potions[0]?.sold).toBe(false);
    expect(await getCopper(db(), thief.character.id)).toBe(100_000);
  });
});

describe('the shared refresh (spec 03 §4)', () => {
  it("tells every tab at each window boundary, once: 'store-refreshed' with the next refresh time", async () => {
    const { player } = await shopper();
    const other: TestClient = (await shopper()).player;
    const sockets = await Promise.all([openSocket(server.url, player), openSocket(server.url, other)]);
    const settler = storeRefreshSettler(server.app.ctx.hub, 'UTC', new Date('2030-01-01T01:00:00Z'));
    expect(await settler.nextDue()).toEqual(new Date('2030-01-01T04:00:00Z'));
    expect(await settler.settleDue(new Date('2030-01-01T03:59:59Z'))).toBe(0);
    expect(await settler.settleDue(new Date('2030-01-01T04:00:00Z'))).toBe(1);
    expect(await settler.settleDue(new Date('2030-01-01T05:00:00Z'))).toBe(0);
    expect(await settler.nextDue()).toEqual(new Date('2030-01-01T08:00:00Z'));
    for (const socket of sockets) {
      const message = await socket.waitFor('store-refreshed');
      expect(message).toEqual({ type: 'store-refreshed', windowStart: '2030-01-01T04:00:00.000Z', nextRefresh: '2030-01-01T08:00:00.000Z' });
      expect(socket.messages.filter((m) => m.type === 'store-refreshed')).toHaveLength(1);
      socket.close();
    }
  });
});
