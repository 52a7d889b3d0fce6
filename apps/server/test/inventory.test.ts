import type { ConsoleAnswer, InventoryActionResponse, InventoryView, SellResponse, UseItemResponse } from '@rpg/contract';
import { rollFood, createRng, POTION_USAGE, storePotion, type FoodItem } from '@rpg/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { gear, getCopper, giveItem, inventoryRows, setCopper, setVitals } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { openSocket } from './support/socket.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;
const sword = (name = 'Common Iron Sword', price = 18) => gear(name, 'mainHand', { attack: 3 }, price);
const minorHealth = storePotion('health', 'common');
const minorMana = storePotion('mana', 'common');
const lesserHealth = storePotion('health', 'uncommon');
const bread: FoodItem = { ...rollFood(createRng(1), 'common'), name: 'Bread Loaf', healthRestore: 12 };

async function hero(client?: TestClient, body: Record<string, unknown> = {}) {
  const player = client ?? (await signedInPlayer(server.url));
  const character = await createCharacter(player, body);
  const base = `/api/characters/${character.id}/inventory`;
  return { player, character, base, act: (entryId: string, action: string, payload: unknown = {}) => player.post(`${base}/${entryId}/${action}`, payload) };
}

describe('GET inventory (spec 02 §2 backpack drawer)', () => {
  it('answers the entries, the capacity bar, equipped gear by slot, bonuses and effective stats', async () => {
    const { player, character, base } = await hero();
    const empty = await player.get<InventoryView>(base);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      entries: [],
      capacity: 8,
      used: 0,
      fill: 'normal',
      equipped: {},
      bonuses: { attack: 0, defense: 0, speed: 0, health: 0 },
    });
    expect(empty.body.backpack).toMatchObject({ name: "Adventurer's Pack", slots: 8 });

    const helm = await giveItem(db(), character.id, gear('Common Iron Helm', 'head', { defense: 2, health: 4 }, 10), { equipped: true });
    for (let i = 0; i < 6; i++) await giveItem(db(), character.id, sword(`Sword ${i}`));
    const { body } = await player.get<InventoryView>(base);
    expect(body).toMatchObject({ capacity: 8, used: 6, fill: 'warning', bonuses: { attack: 0, defense: 2, speed: 0, health: 4 } });
    expect(body.equipped.head?.id).toBe(helm);
    expect(body.effective).toMatchObject({ defense: character.attributes.defense + 2, maxHealth: character.attributes.maxHealth + 4 });
    expect(body.entries[0]).toMatchObject({ id: helm, quantity: 1, equipped: true, unitSellValue: 5 });
    for (const name of ['Sword 6', 'Sword 7']) await giveItem(db(), character.id, sword(name));
    expect((await player.get<InventoryView>(base)).body.fill).toBe('danger');
  });
});

describe('equip and unequip (spec 02 §4/§5)', () => {
  it('equips, swaps within a slot, and refuses an item already equipped', async () => {
    const { player, character, base, act } = await hero();
    const first = await giveItem(db(), character.id, sword('Common Iron Sword'));
    const second = await giveItem(db(), character.id, sword('Common Steel Blade'));
    const equipped = await act(first, 'equip');
    expect(equipped.status).toBe(200);
    expect((equipped.body as InventoryActionResponse).toast).toEqual({
      title: 'Item Equipped',
      description: 'Common Iron Sword is now equipped.',
      variant: 'success',
    });
    const again = await act(first, 'equip');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ title: 'Item Already Equipped', message: 'Common Iron Sword is already equipped.' });

    const swap = await player.post<InventoryActionResponse>(`${base}/${second}/equip`);
    expect(swap.body.toast.description).toBe('Common Steel Blade is now equipped. Common Iron Sword went back to your backpack.');
    expect(swap.body.inventory.equipped.mainHand?.id).toBe(second);
    expect(swap.body.inventory.bonuses.attack).toBe(3);
    expect((await inventoryRows(db(), character.id)).filter((r) => r.equipped).map((r) => r.id)).toEqual([second]);
  });

  it("refuses to unequip into a full backpack ('Backpack Full'), then allows it once a slot is free", async () => {
    const { character, act } = await hero();
    const worn = await giveItem(db(), character.id, sword('Worn Sword'), { equipped: true });
    const carried = [];
    for (let i = 0; i < 8; i++) carried.push(await giveItem(db(), character.id, sword(`Spare ${i}`)));
    const full = await act(worn, 'unequip');
    expect(full.status).toBe(400);
    expect(full.body).toEqual({ error: 'backpack_full', title: 'Backpack Full', message: 'Your backpack is full. Make room before unequipping Worn Sword.' });
    expect((await act(carried[0] as string, 'sell')).status).toBe(200);
    const ok = await act(worn, 'unequip');
    expect(ok.status).toBe(200);
    expect(ok.body as InventoryActionResponse).toMatchObject({ toast: { title: 'Item Unequipped' }, inventory: { used: 8, equipped: {} } });
    expect((await act(worn, 'unequip')).body).toMatchObject({ title: 'Not Equipped' });
  });
});

describe('selling (spec 02 §9)', () => {
  it('pays the sell value into copper, lowers the stack, removes the last unit, and refuses equipped gear', async () => {
    const { player, character, base, act } = await hero();
    const potions = await giveItem(db(), character.id, minorHealth, { quantity: 3 });
    const one = await act(potions, 'sell');
    expect(one.status).toBe(200);
    // A 10c potion sells for max(3, 60%) = 6c a unit.
    expect(one.body as SellResponse).toMatchObject({
      copperGained: 6,
      copper: 6,
      message: 'You sold Minor Health Potion for 6c.',
      toast: { title: 'Item Sold' },
    });
    const two = await player.post<SellResponse>(`${base}/${potions}/sell`, { quantity: 2 });
    expect(two.body).toMatchObject({
      copperGained: 12,
      copper: 18,
      coins: { gold: 0, silver: 0, copper: 18 },
      message: 'You sold 2 x Minor Health Potion for 12c.',
    });
    expect(two.body.inventory.entries).toEqual([]);
    expect(await inventoryRows(db(), character.id)).toEqual([]);

    const rare = await giveItem(db(), character.id, gear('Rare Mithril Helm', 'head', { defense: 5 }, 5_000, 'rare'), { equipped: true });
    const refused = await act(rare, 'sell');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ title: 'Item Equipped', message: 'Unequip Rare Mithril Helm before selling it.' });
    await act(rare, 'unequip');
    // Gear: max(tier floor 50, half of 5000).
    expect((await act(rare, 'sell')).body).toMatchObject({ copperGained: 2_500, copper: 2_518, message: 'You sold Rare Mithril Helm for 25s.' });
    expect(await getCopper(db(), character.id)).toBe(2_518);
  });

  it('refuses more than the stack holds or a bad quantity, changing nothing', async () => {
    const { character, act } = await hero();
    const potions = await giveItem(db(), character.id, minorHealth, { quantity: 2 });
    expect((await act(potions, 'sell', { quantity: 3 })).body).toMatchObject({ title: 'Not Enough Items', message: 'You only have 2 Minor Health Potion.' });
    for (const quantity of [0, 1.5, 'all']) expect((await act(potions, 'sell', { quantity })).status).toBe(400);
    expect((await inventoryRows(db(), character.id))[0]?.quantity).toBe(2);
    expect(await getCopper(db(), character.id)).toBe(0);
  });
});

describe('using potions and food (spec 02 §4/§5/§8)', () => {
  it('consumes a health potion at full health anyway, with the spec message and toast', async () => {
    const { character, act } = await hero();
    const potions = await giveItem(db(), character.id, minorHealth, { quantity: 2 });
    const res = await act(potions, 'use');
    expect(res.status).toBe(200);
    expect(res.body as UseItemResponse).toMatchObject({
      message: "You're already at full health, but the potion was consumed.",
      toast: { title: 'Already at Max Health', description: 'The potion was consumed with no effect.', variant: 'info' },
      healed: 0,
      inventory: { entries: [{ id: potions, quantity: 1 }] },
    });
    expect((await inventoryRows(db(), character.id))[0]?.quantity).toBe(1);
  });

  it('heals up to the max, and eats food', async () => {
    const { character, act } = await hero();
    const max = character.attributes.maxHealth;
    await setVitals(db(), character.id, { currentHealth: max - 2 });
    const potion = await giveItem(db(), character.id, minorHealth);
    const drink = await act(potion, 'use');
    expect(drink.body as UseItemResponse).toMatchObject({
      message: 'You drink Minor Health Potion and recover 2 health.',
      healed: 2,
      vitals: { currentHealth: max },
    });
    expect((drink.body as UseItemResponse).inventory.entries).toEqual([]);
    await setVitals(db(), character.id, { currentHealth: 1 });
    const meal = await giveItem(db(), character.id, bread);
    expect((await act(meal, 'use')).body).toMatchObject({
      message: 'You eat Bread Loaf and recover 12 health.',
      toast: { title: 'Item Used', variant: 'success' },
    });
    const sword1 = await giveItem(db(), character.id, sword());
    expect((await act(sword1, 'use')).body).toMatchObject({ title: 'Cannot Use Item', message: 'This item cannot be used.' });
  });

  it("answers 'No Effect' for a mana potion on a class without mana, and regenerates mana before drinking", async () => {
    const warrior = await hero(undefined, { class: 'warrior', name: 'Brute' });
    const potion = await giveItem(db(), warrior.character.id, minorMana);
    expect((await warrior.act(potion, 'use')).body).toMatchObject({
      message: "This character doesn't have mana abilities, but the potion was consumed.",
      toast: { title: 'No Effect', description: "This character doesn't have mana abilities" },
    });
    expect(await inventoryRows(db(), warrior.character.id)).toEqual([]);

    const mage = await hero();
    // 10 minutes of regeneration at +1 per 30 s fills the 10 mana before the potion is drunk.
    await setVitals(db(), mage.character.id, { currentMana: 0, manaUpdatedAt: new Date(Date.now() - 600_000) });
    const manaPotion = await giveItem(db(), mage.character.id, minorMana);
    expect((await mage.act(manaPotion, 'use')).body).toMatchObject({
      message: "You're already at full mana, but the potion was consumed.",
      vitals: { currentMana: 10 },
    });
  });
});

describe('ownership', () => {
  it("answers 404 for another player's character or entry, and for ids that cannot exist", async () => {
    const owner = await hero();
    const entry = await giveItem(db(), owner.character.id, minorHealth);
    const thief = await hero();
    expect(await thief.player.get(owner.base)).toMatchObject({ status: 404, body: { message: 'Character not found' } });
    for (const action of ['equip', 'unequip', 'sell', 'use']) {
      expect(await thief.player.post(`${owner.base}/${entry}/${action}`)).toMatchObject({ status: 404, body: { message: 'Character not found' } });
      const foreign = await thief.act(entry, action);
      expect(foreign.status).toBe(404);
      expect(foreign.body as ErrorBody).toMatchObject({ title: 'Item Not Found', message: 'This item is not in your inventory' });
    }
    expect((await thief.act('not-a-uuid', 'use')).status).toBe(404);
    expect((await inventoryRows(db(), owner.character.id))[0]?.quantity).toBe(1);
  });
});

describe('/potion (spec 02 §5/§8)', () => {
  const say = (player: TestClient, id: string, text: string) => player.post<ConsoleAnswer>(`/api/characters/${id}/console`, { text });

  it('shows its usage, says when no potion is owned, and drinks the weakest potion first', async () => {
    const { player, character } = await hero();
    for (const text of ['/potion', '/potion elixir']) {
      expect((await say(player, character.id, text)).body.messages.at(-1)).toEqual(expect.objectContaining({ kind: 'system', content: POTION_USAGE }));
    }
    const none = await say(player, character.id, '/potion mana');
    expect(none.body.messages.at(-1)).toMatchObject({ kind: 'error', content: 'No mana potion found in your inventory.' });

    const strong = await giveItem(db(), character.id, lesserHealth);
    const weak = await giveItem(db(), character.id, minorHealth, { quantity: 2 });
    await setVitals(db(), character.id, { currentHealth: 1 });
    const socket = await openSocket(server.url, player);
    const drink = await say(player, character.id, '/potion health');
    expect(drink.body.messages.at(-1)).toMatchObject({ kind: 'mana', content: 'You drink Minor Health Potion and recover 3 health.' });
    const rows = await inventoryRows(db(), character.id);
    expect(rows.find((r) => r.id === weak)?.quantity).toBe(1);
    expect(rows.find((r) => r.id === strong)?.quantity).toBe(1);
    await socket.waitFor('invalidate', (m) => JSON.stringify(m.queryKeys).includes(`["inventory","${character.id}"]`));
    socket.close();

    await setVitals(db(), character.id, { currentHealth: character.attributes.maxHealth });
    const full = await say(player, character.id, '/potion HEALTH');
    expect(full.body.messages.at(-1)).toMatchObject({ kind: 'system', content: "You're already at full health, but the potion was consumed." });
    expect(full.body.toasts).toEqual([expect.objectContaining({ title: 'Already at Max Health' })]);
    expect((await inventoryRows(db(), character.id)).map((r) => r.id)).toEqual([strong]);
    expect((await say(player, character.id, '/help')).body.messages.at(-1)?.content).toContain(
      '/potion [health|mana] - Drink your weakest health or mana potion.',
    );
  });

  it('pushes the invalidation of characters, inventory and store after an HTTP action', async () => {
    const { player, character, act } = await hero();
    const potion = await giveItem(db(), character.id, minorHealth);
    await setCopper(db(), character.id, 0);
    const socket = await openSocket(server.url, player);
    await act(potion, 'sell');
    const pushed = await socket.waitFor('invalidate', (m) => JSON.stringify(m.queryKeys).includes('store'));
    expect(pushed.queryKeys).toEqual([['characters'], ['inventory', character.id], ['store', character.id]]);
    socket.close();
  });
});
