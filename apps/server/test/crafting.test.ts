import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { craftingActionResponseSchema, craftingViewSchema, type CraftingActionResponse, type CraftingView } from '@rpg/contract';
import { copper, createRecipeScroll, materialStack, type GearItem, type ItemData } from '@rpg/game';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterCrafts, consoleMessages, playerCharacterInventory, playerCharacters } from '../src/db/schema/index.ts';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { connectSocket } from './support/socket.ts';

/** Common recipes take 3 minutes / 200 = 900 ms. */
const env = { RPG_TIME_SCALE: '200' };
const email = uniqueEmail('crafter');
const password = 'anvil-and-tongs';
let server: TestServer;
let player: TestClient;
let id: string;
beforeAll(async () => {
  // A data folder of its own from the start, so the last test can restart on the same data.
  server = await startTestServer({ env, reuse: { dataDir: mkdtempSync(path.join(tmpdir(), 'rpg-craft-')) } });
  player = await signedInPlayer(server.url, email, password);
  id = (await createCharacter(player)).id;
});
afterAll(() => server?.stop());

const db = () => server.database.db;
/** The drawer, checked against the shape the web app parses. */
const drawer = async () => craftingViewSchema.parse((await player.get<CraftingView>(`/api/characters/${id}/crafting`)).body);
const start = (recipeId: unknown) => player.post<CraftingActionResponse & ErrorBody>(`/api/characters/${id}/crafting/start`, { recipeId });
const collect = () => player.post<CraftingActionResponse & ErrorBody>(`/api/characters/${id}/crafting/collect`);
const read = (entryId: string) => player.post<CraftingActionResponse & ErrorBody>(`/api/characters/${id}/crafting/scrolls/${entryId}/read`);

async function give(item: ItemData, quantity = 1): Promise<string> {
  const [row] = await db().insert(playerCharacterInventory).values({ characterId: id, itemData: item, quantity }).returning();
  return row!.id;
}
const giveMaterial = (materialId: string, quantity: number) => give(materialStack(materialId, quantity).item, quantity);
const filler = (n: number): GearItem => ({
  kind: 'gear',
  name: `Rusty Dagger ${n}`,
  tier: 'common',
  slot: 'offHand',
  stats: { attack: 1 },
  price: copper(5),
  description: 'Filler.',
});

async function backpack(): Promise<Array<{ id: string; name: string; quantity: number }>> {
  const rows = await db().select().from(playerCharacterInventory).where(eq(playerCharacterInventory.characterId, id));
  return rows.map((r) => ({ id: r.id, name: r.itemData.name, quantity: r.quantity }));
}
const countOf = async (name: string) => (await backpack()).filter((e) => e.name === name).reduce((n, e) => n + e.quantity, 0);
async function craftingXp(): Promise<number | undefined> {
  const [row] = await db().select({ xp: playerCharacters.craftingXp }).from(playerCharacters).where(eq(playerCharacters.id, id));
  return row?.xp;
}
const setXp = (craftingXp: number) => db().update(playerCharacters).set({ craftingXp }).where(eq(playerCharacters.id, id));

/** The next push of a type on a fresh socket of the player. */
async function nextPush(client: TestClient, base: string, type: string): Promise<Record<string, unknown>> {
  const socket = connectSocket(base, client, { timeoutMs: 8000 });
  const message = await socket.waitFor(type);
  socket.close();
  return message;
}

describe('the crafting drawer (spec 02 §2, §9 "Crafting")', () => {
  it('shows level 1, no bonuses, the 11 recipes with their stock, and 0 of 7 unlocked', async () => {
    const view = await drawer();
    expect(view).toMatchObject({ level: 1, xp: 0, levelXp: 0, nextLevelXp: 20, bonuses: { speedReduction: 0, resourceDiscount: 0, qualityBonus: 0 } });
    expect(view).toMatchObject({ unlocked: { unlocked: 0, total: 7 }, active: null, finished: null });
    expect(view.recipes).toHaveLength(11);
    const iron = view.recipes.find((r) => r.id === 'iron_sword');
    expect(iron).toMatchObject({
      categoryLabel: 'Weapons & Armor',
      tier: 'common',
      requiredLevel: 1,
      xpReward: 5,
      unlocked: true,
      craftable: false,
      durationMs: 900,
    });
    expect(iron?.ingredients).toEqual([
      { name: 'Iron Ore', need: 3, have: 0 },
      { name: 'Oak Wood', need: 1, have: 0 },
    ]);
    expect(view.recipes.find((r) => r.id === 'steel_sword')).toMatchObject({ unlocked: false, craftable: false, requiredLevel: 3 });
    expect(view.recipes.find((r) => r.id === 'elixir')?.ingredients).toContainEqual({ name: 'Mana Crystal', tier: 'rare', need: 1, have: 0 });
  });
});

describe('starting a craft (spec 02 §5 "Crafting", §8)', () => {
  it('refuses an unknown recipe, a missing ingredient, a low level and a locked recipe, taking nothing', async () => {
    await giveMaterial('iron_ore', 2);
    await giveMaterial('oak_wood', 1);
    const before = await backpack();
    expect((await start('dragon_blade')).body).toMatchObject({ message: 'Recipe not found' });
    expect((await start('dragon_blade')).status).toBe(404);
    const missing = await start('iron_sword');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("You don't have enough Iron Ore");
    expect((await start('steel_sword')).body.message).toBe('You need crafting level 3 to craft this item.');
    await setXp(60);
    expect((await start('steel_sword')).body.message).toBe("You haven't unlocked the recipe for Steel Sword yet. Find a recipe scroll during adventures.");
    await setXp(0);
    expect(await backpack()).toEqual(before);
    expect((await drawer()).active).toBeNull();
  });

  it('takes the ingredients at the start and settles by itself: item, XP and the craft-completed push', async () => {
    await giveMaterial('iron_ore', 1);
    const pushed = nextPush(player, server.url, 'craft-completed');
    const res = await start('iron_sword');
    expect(res.status).toBe(200);
    expect(res.body.toast).toEqual({ title: 'Crafting Started', description: 'You start crafting Iron Sword. It will be ready in 0:01.', variant: 'success' });
    expect(res.body.crafting.active).toMatchObject({ recipeId: 'iron_sword', recipeName: 'Iron Sword' });
    expect(await backpack()).toEqual([]);
    expect((await start('iron_sword')).body.message).toBe("You're already crafting an item!");
    expect((await collect()).body.message).toBe('Iron Sword is not ready yet. It will be ready in 0:01.');

    expect(await pushed).toEqual({
      type: 'craft-completed',
      characterId: id,
      itemName: 'Iron Sword',
      collected: true,
      message: 'You crafted Iron Sword! +5 crafting XP.',
    });
    expect(await countOf('Iron Sword')).toBe(1);
    expect(await craftingXp()).toBe(5);
    expect(await drawer()).toMatchObject({ xp: 5, active: null, finished: null });
    const lines = await db().select().from(consoleMessages).where(eq(consoleMessages.characterId, id));
    expect(lines.map((l) => [l.kind, l.content])).toContainEqual(['success', 'You crafted Iron Sword! +5 crafting XP.']);
  });

  it('keeps a craft finished when the backpack is full, and gives it once on collect', async () => {
    await giveMaterial('wolf_pelt', 3);
    await giveMaterial('oak_wood', 1);
    const fillers = [];
    for (let n = 0; n < 5; n++) fillers.push(await give(filler(n)));
    const pushed = nextPush(player, server.url, 'craft-completed');
    expect((await start('leather_armor')).status).toBe(200);
    // The ingredients' two slots are free again: fill them before the craft ends (8 slots).
    fillers.push(await give(filler(5)), await give(filler(6)));
    expect(await pushed).toMatchObject({
      itemName: 'Leather Armor',
      collected: false,
      message: 'Your backpack is full. Make room to collect your Leather Armor.',
    });

    const waiting = await drawer();
    expect(waiting.finished?.item).toMatchObject({ slot: 'chest', stats: { defense: 3, health: 5 } });
    expect(waiting.active).toBeNull();
    expect(waiting.finished).toMatchObject({ recipeId: 'leather_armor', recipeName: 'Leather Armor', item: { kind: 'gear', name: 'Leather Armor' } });
    expect((await start('bread')).body.message).toBe("You're already crafting an item!");
    const full = await collect();
    expect(full.status).toBe(400);
    expect(full.body).toMatchObject({ title: 'Backpack Full', message: 'Your backpack is full. Make room to collect your Leather Armor.' });

    await db().delete(playerCharacterInventory).where(eq(playerCharacterInventory.id, fillers[0]!));
    const collected = await collect();
    expect(collected.status).toBe(200);
    craftingActionResponseSchema.parse(collected.body);
    expect(collected.body.toast).toEqual({ title: 'Crafting Complete', description: 'You crafted Leather Armor! +5 crafting XP.', variant: 'success' });
    expect(collected.body.crafting).toMatchObject({ xp: 10, active: null, finished: null });
    const again = await collect();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You're not crafting anything.");
    expect(await countOf('Leather Armor')).toBe(1);
    expect(await craftingXp()).toBe(10);
    for (const filler of fillers) await db().delete(playerCharacterInventory).where(eq(playerCharacterInventory.id, filler));
  });
});

describe('recipe scrolls (spec 02 §5, §8)', () => {
  it('learns the recipe from the first scroll; the second says it is known and is removed too', async () => {
    const scroll = await give(createRecipeScroll('steel_sword'), 2);
    const first = await read(scroll);
    expect(first.status).toBe(200);
    expect(first.body.toast).toEqual({
      title: 'Recipe Learned',
      description: 'You learned the recipe for Steel Sword! Find it in the crafting drawer.',
      variant: 'success',
    });
    expect(first.body.crafting.unlocked).toEqual({ unlocked: 1, total: 7 });
    expect(first.body.crafting.recipes.find((r) => r.id === 'steel_sword')?.unlocked).toBe(true);
    expect(await countOf('Recipe Scroll: Steel Sword')).toBe(1);

    const second = await read(scroll);
    expect(second.body.toast).toEqual({ title: 'Recipe Already Known', description: 'You already know this recipe.', variant: 'info' });
    expect(await countOf('Recipe Scroll: Steel Sword')).toBe(0);
    expect(second.body.crafting.unlocked).toEqual({ unlocked: 1, total: 7 });

    for (const entry of [scroll, 'not-an-id']) {
      const gone = await read(entry);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe('Scroll not found in inventory.');
    }
    const sword = (await backpack()).find((e) => e.name === 'Iron Sword')!;
    expect((await read(sword.id)).body.message).toBe('This item cannot be used.');
  });

  it("answers 404 for another player's character", async () => {
    const other = await signedInPlayer(server.url);
    for (const res of [
      await other.get<ErrorBody>(`/api/characters/${id}/crafting`),
      await other.post<ErrorBody>(`/api/characters/${id}/crafting/start`, { recipeId: 'bread' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Character not found');
    }
  });
});

describe('settling after a restart (DECISIONS §3)', () => {
  it('gives a craft that ended while the server was down exactly once', async () => {
    await db().delete(playerCharacterInventory).where(eq(playerCharacterInventory.characterId, id));
    await setXp(60);
    await giveMaterial('iron_ore', 4);
    await giveMaterial('coal', 2);
    await giveMaterial('oak_wood', 1);
    const res = await start('steel_sword');
    expect(res.body.crafting.active).toMatchObject({ recipeId: 'steel_sword' });
    // Ends 1 s from now: after the stop, before the restart.
    const endsAt = new Date(Date.now() + 1000);
    await db()
      .update(characterCrafts)
      .set({ endsAt })
      .where(and(eq(characterCrafts.characterId, id), eq(characterCrafts.completed, false)));

    expect(await db().select({ completed: characterCrafts.completed }).from(characterCrafts).where(eq(characterCrafts.recipeId, 'steel_sword'))).toEqual([
      { completed: false },
    ]);
    const { dataDir } = server;
    const databaseUrl = (server as TestServer & { databaseUrl?: string }).databaseUrl;
    await server.stop({ keepData: true });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt.getTime() - Date.now() + 100)));
    server = await startTestServer({ env, reuse: { dataDir, ...(databaseUrl ? { databaseUrl } : {}) } });
    player = new TestClient(server.url);
    expect((await player.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);

    // The scheduler's first tick and five drawer reads race to settle it.
    const views = await Promise.all(Array.from({ length: 5 }, () => drawer()));
    for (const view of views) expect(view).toMatchObject({ xp: 70, active: null, finished: null });
    expect(await countOf('Steel Sword')).toBe(1);
    expect(await craftingXp()).toBe(70);
    const crafts = await db().select().from(characterCrafts).where(eq(characterCrafts.recipeId, 'steel_sword'));
    expect(crafts).toMatchObject([{ completed: true, result: { name: 'Steel Sword' } }]);
    const [done] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(consoleMessages)
      .where(and(eq(consoleMessages.characterId, id), eq(consoleMessages.content, 'You crafted Steel Sword! +10 crafting XP.')));
    expect(done?.n).toBe(1);
  });
});
