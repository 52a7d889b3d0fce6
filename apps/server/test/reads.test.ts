import type { AchievementsView, AdventureStateResponse, ChatView, CraftingView, InventoryView, SkillTreeState, StoreView } from '@rpg/contract';
import { ACHIEVEMENTS, GAME_MASTER, materialStack, type GearItem, type ItemData } from '@rpg/game';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAdventure } from '../src/db/queries/adventures.ts';
import { getCharacter } from '../src/db/queries/characters.ts';
import { listInventory } from '../src/db/queries/inventory.ts';
import { listWindowOffers } from '../src/db/queries/store.ts';
import { transactionsOpened } from '../src/db/transaction.ts';
import {
  achievementCounters,
  achievementProgress,
  battlePassGrants,
  blocks,
  characterAdventures,
  chatMessages,
  characterCrafts,
  consoleMessages,
  playerAchievements,
  playerCharacterAttributes,
  playerCharacterBackpack,
  playerCharacterInventory,
  playerCharacters,
  users,
} from '../src/db/schema/index.ts';
import { launcherFor } from '../src/services/adventures/view.ts';
import { skillBonusesFrom } from '../src/services/skills.ts';
import { windowAt } from '../src/services/store.ts';
import { playerWithCharacter } from './support/characters.ts';
import { raw, type TestClient } from './support/client.ts';
import { gear, giveItem, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The player's screens' reads (typed rows mapped by one view function each: docs/architecture.md,
 * "A read, end to end"), held to what a player sees in the states a player meets: the values, their
 * order, the times as toISOString writes them, and which reads need a transaction. The test client
 * parses every answer with its route's contract schema (support/contract.ts).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;
afterEach(() => vi.restoreAllMocks());

/** Counts the transactions the routes open from here on (db/transaction.ts, on this database's pool). */
function countTransactions(): () => number {
  const before = transactionsOpened(server.database.connections);
  return () => transactionsOpened(server.database.connections) - before;
}

describe('GET /api/characters/:id/store', () => {
  const offerIds = (view: StoreView) =>
    [...view.sections.gear, ...view.sections.potions, ...view.sections.food, ...view.sections.backpacks].map((o) => o.offerId);

  it('answers a stocked window: every offer in generation order, the sold ones marked, the wallet, the carried backpack', async () => {
    const { client, character } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/store`;
    // The first read stocks the window (in a transaction); the later ones read it in one statement.
    const first = await client.get<StoreView>(path);
    expect(first.status).toBe(200);
    const window = windowAt(Date.now(), 'UTC');
    const stocked = await listWindowOffers(db(), character.id, new Date(window.start));
    expect(stocked.length).toBeGreaterThan(4);
    expect(offerIds(first.body)).toEqual(stocked.map((o) => o.id));
    expect(first.body).toMatchObject({
      windowStart: new Date(window.start).toISOString(),
      nextRefresh: new Date(window.end).toISOString(),
      timeZone: 'UTC',
      wallet: { copper: 0, coins: { gold: 0, silver: 0, copper: 0 }, casinoChips: 0 },
    });
    expect((await client.get<StoreView>(path)).body).toEqual(first.body);

    await setCopper(db(), character.id, 1_234_567);
    await db().update(playerCharacters).set({ casinoChips: 42 }).where(eq(playerCharacters.id, character.id));
    const potion = first.body.sections.potions[0];
    const pack = first.body.sections.backpacks.find((o) => !o.equipped);
    if (!potion || !pack) throw new Error('a level-1 store offers a potion and a backpack not carried');
    const fresh = await client.get<StoreView>(path);
    expect(fresh.body.wallet).toEqual({ copper: 1_234_567, coins: { gold: 123, silver: 45, copper: 67 }, casinoChips: 42 });
    await giveItem(db(), character.id, potion.item as ItemData);
    for (const offerId of [potion.offerId, pack.offerId])
      expect((await client.post(`/api/characters/${character.id}/store/buy`, { offerId })).status).toBe(200);
    const after = await client.get<StoreView>(path);
    expect(offerIds(after.body)).toEqual(offerIds(first.body));
    expect(after.body.sections.potions[0]).toEqual({ ...potion, sold: true });
    expect(after.body.wallet.casinoChips).toBe(42);
    expect(after.body.wallet.copper).toBe(1_234_567 - potion.price - pack.price + (first.body.sections.backpacks.find((o) => o.equipped)?.item.sellPrice ?? 0));
    // The bought backpack is carried now, the others not; nothing else sold.
    expect(after.body.sections.backpacks.map((o) => [o.offerId, o.sold, o.equipped])).toEqual(
      first.body.sections.backpacks.map((o) => [o.offerId, o.offerId === pack.offerId, o.offerId === pack.offerId]),
    );
    expect([...after.body.sections.gear, ...after.body.sections.food].every((o) => !o.sold)).toBe(true);
  });

  it("answers 404 for another player's character or one that does not exist, stocking nothing", async () => {
    const owner = await playerWithCharacter(server.url);
    const thief = await playerWithCharacter(server.url);
    for (const id of [owner.character.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await raw(thief.client, `/api/characters/${id}/store`);
      expect(res).toEqual({ status: 404, text: JSON.stringify({ error: 'not_found', message: 'Character not found' }) });
    }
    expect(await listWindowOffers(db(), owner.character.id, new Date(windowAt(Date.now(), 'UTC').start))).toEqual([]);
  });
});

describe('GET /api/characters/:id/crafting', () => {
  const give = async (characterId: string, materialId: string, quantity: number) => {
    const { item } = materialStack(materialId, quantity);
    await giveItem(db(), characterId, item, { quantity });
  };
  const openCraft = (characterId: string) => and(eq(characterCrafts.characterId, characterId), eq(characterCrafts.completed, false));
  const ingredientsOf = (view: CraftingView, recipeId: string) => view.recipes.find((r) => r.id === recipeId)?.ingredients.map((i) => [i.name, i.need, i.have]);

  it('answers the stock of every recipe from the inventory, the craft in progress and one waiting for room; without a transaction', async () => {
    const { client, character } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/crafting`;
    const transactions = countTransactions();
    const none = await client.get<CraftingView>(path);
    expect(none.body).toMatchObject({ level: 1, xp: 0, active: null, finished: null });
    expect(ingredientsOf(none.body, 'iron_sword')).toEqual([
      ['Iron Ore', 3, 0],
      ['Oak Wood', 1, 0],
    ]);
    await give(character.id, 'iron_ore', 5);
    await give(character.id, 'oak_wood', 2);
    await giveItem(db(), character.id, gear('Spare Helm', 'head', { defense: 9 }, 200));
    const stocked = await client.get<CraftingView>(path);
    expect(ingredientsOf(stocked.body, 'iron_sword')).toEqual([
      ['Iron Ore', 3, 5],
      ['Oak Wood', 1, 2],
    ]);
    expect(stocked.body.recipes.find((r) => r.id === 'iron_sword')?.craftable).toBe(true);

    expect((await client.post(`/api/characters/${character.id}/crafting/start`, { recipeId: 'iron_sword' })).status).toBe(200);
    const inProgress = transactions();
    const active = await client.get<CraftingView>(path);
    expect(active.body.active).toMatchObject({
      recipeId: 'iron_sword',
      recipeName: 'Iron Sword',
      progress: expect.any(Number),
      remainingMs: expect.any(Number),
    });
    expect(ingredientsOf(active.body, 'iron_sword')).toEqual([
      ['Iron Ore', 3, 2],
      ['Oak Wood', 1, 1],
    ]);

    // Finished while the backpack was full: the craft stays open with its item.
    const sword = {
      kind: 'gear',
      name: 'Iron Sword',
      tier: 'common',
      slot: 'mainHand',
      stats: { attack: 4 },
      price: 300,
      description: 'A plain, dependable blade forged from iron ore.',
    };
    const endsAt = new Date(Date.now() - 1000);
    await db()
      .update(characterCrafts)
      .set({ result: sword as ItemData, endsAt })
      .where(openCraft(character.id));
    const waiting = await client.get<CraftingView>(path);
    expect(waiting.body).toMatchObject({
      active: null,
      finished: { recipeId: 'iron_sword', recipeName: 'Iron Sword', endsAt: endsAt.toISOString(), item: sword },
    });
    // Only the start took one.
    expect(transactions()).toBe(inProgress);
    expect(inProgress).toBe(1);
  });

  it('settles a craft that is due before answering, in a transaction, once', async () => {
    const { client, character } = await playerWithCharacter(server.url);
    await give(character.id, 'iron_ore', 3);
    await give(character.id, 'oak_wood', 1);
    expect((await client.post(`/api/characters/${character.id}/crafting/start`, { recipeId: 'iron_sword' })).status).toBe(200);
    // Due now; the scheduler sleeps until the craft's own end, three minutes away.
    await db()
      .update(characterCrafts)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(openCraft(character.id));
    const transactions = countTransactions();
    const settled = await client.get<CraftingView>(`/api/characters/${character.id}/crafting`);
    expect(transactions()).toBeGreaterThanOrEqual(1);
    expect(settled.body).toMatchObject({ xp: 5, active: null, finished: null });
    expect((await listInventory(db(), character.id)).map((e) => e.item.name)).toEqual(['Iron Sword']);
    const after = transactions();
    expect((await client.get<CraftingView>(`/api/characters/${character.id}/crafting`)).body).toEqual(settled.body);
    expect(transactions()).toBe(after);
  });
});

describe('GET /api/characters/:id/adventure', () => {
  type Launcher = AdventureStateResponse['launcher'];
  /** The launcher the rules make of this character with exactly this gear and these skills (and its stored spells), in the world now. */
  const launcherOf = async (userId: string, characterId: string, worn: GearItem[], skills: string[]): Promise<Launcher> => {
    const row = await getCharacter(db(), userId, characterId);
    if (!row) throw new Error('no character');
    return launcherFor(row, worn, 1, Date.now(), skillBonusesFrom(row.character.characterClass, skills));
  };

  it('answers the win chances and durations with the equipped gear (not the carried), spells and skills, the running adventure, the last outcome; a transaction only to catch up', async () => {
    const { client, character, userId } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/adventure`;
    const transactions = countTransactions();
    const bare = await client.get<AdventureStateResponse>(path);
    expect(bare.body).toEqual({ current: null, launcher: await launcherOf(userId, character.id, [], []) });
    expect(bare.body.launcher.locations.map((l) => l.levels.length)).toEqual([10, 10, 10, 10, 10]);
    expect(transactions()).toBe(0);

    const staff = gear('Oak Staff', 'mainHand', { attack: 3, health: 4 }, 200);
    const boots = gear('Swift Boots', 'feet', { speed: 5 }, 200);
    await giveItem(db(), character.id, staff, { equipped: true });
    await giveItem(db(), character.id, boots, { equipped: true });
    await giveItem(db(), character.id, gear('Spare Helm', 'head', { defense: 9 }, 200));
    await db()
      .update(playerCharacters)
      .set({ skillPoints: 2, spellEffects: { bonusWinChance: 0.05, bonusDefense: 2 } })
      .where(eq(playerCharacters.id, character.id));
    expect((await client.post(`/api/characters/${character.id}/skills/unlock`, { skillId: 'sparkBolt' })).status).toBe(200);
    const geared = await client.get<AdventureStateResponse>(path);
    expect(geared.body).toEqual({ current: null, launcher: await launcherOf(userId, character.id, [staff, boots], ['sparkBolt']) });
    // The boots' speed shortens every adventure; the gear, spells and skill change the win chances.
    const first = (launcher: Launcher) => launcher.locations[0]!.levels[0]!;
    expect(first(geared.body.launcher).durationMs).toBeLessThan(first(bare.body.launcher).durationMs);
    expect(first(geared.body.launcher).winChance).not.toBe(first(bare.body.launcher).winChance);

    expect((await client.post(`/api/characters/${character.id}/adventures`, { location: 'forest', level: 1 })).status).toBe(201);
    const before = transactions();
    const running = await client.get<AdventureStateResponse>(path);
    expect(running.body.current).toMatchObject({ location: 'forest', level: 1 });
    expect(running.body.lastOutcome).toBeUndefined();
    expect(transactions()).toBe(before);

    // Due: the read settles it first (the scheduler sleeps until the adventure's own end, a minute away).
    await db()
      .update(characterAdventures)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(characterAdventures.characterId, character.id));
    const settled = await client.get<AdventureStateResponse>(path);
    expect(transactions()).toBeGreaterThan(before);
    const [done] = await db().select().from(characterAdventures).where(eq(characterAdventures.characterId, character.id));
    expect(settled.body).toMatchObject({
      current: null,
      lastOutcome: { adventureId: done!.id, location: 'forest', level: 1, completedAt: done!.completedAt!.toISOString() },
    });
    const after = transactions();
    expect((await client.get<AdventureStateResponse>(path)).body).toEqual(settled.body);
    expect(transactions()).toBe(after);

    // Mana below the maximum and due to grow: stored first, as the catch-up does.
    await db()
      .update(playerCharacterAttributes)
      .set({ currentMana: 0, manaUpdatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(playerCharacterAttributes.characterId, character.id));
    expect((await client.get(path)).status).toBe(200);
    expect(transactions()).toBeGreaterThan(after);
    const [mana] = await db()
      .select({ current: playerCharacterAttributes.currentMana })
      .from(playerCharacterAttributes)
      .where(eq(playerCharacterAttributes.characterId, character.id));
    expect(mana?.current).toBeGreaterThan(0);
  });
});

describe('GET /api/characters/:id/inventory', () => {
  it('answers the entries oldest first, the equipped gear by slot, the stats with gear, the carried backpack; without a transaction', async () => {
    const { client, character } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/inventory`;
    const transactions = countTransactions();
    const empty = await client.get<InventoryView>(path);
    expect(empty.body).toMatchObject({ entries: [], used: 0, equipped: {}, bonuses: {} });
    const [attributes] = await db().select().from(playerCharacterAttributes).where(eq(playerCharacterAttributes.characterId, character.id));
    expect(empty.body.effective).toMatchObject({ attack: attributes!.attack, defense: attributes!.defense });

    const staff = gear('Oak Staff', 'mainHand', { attack: 3, health: 4 }, 200);
    const helm = gear('Spare Helm', 'head', { defense: 9 }, 200);
    const ore = materialStack('iron_ore', 4).item;
    const ids = [
      await giveItem(db(), character.id, staff, { equipped: true }),
      await giveItem(db(), character.id, helm),
      await giveItem(db(), character.id, ore, { quantity: 4 }),
    ];
    // Their ages apart, so oldest first is one order.
    for (const [i, id] of ids.entries())
      await db()
        .update(playerCharacterInventory)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })
        .where(eq(playerCharacterInventory.id, id));
    await db().update(playerCharacterAttributes).set({ attack: 17 }).where(eq(playerCharacterAttributes.characterId, character.id));
    await db()
      .update(playerCharacterBackpack)
      .set({ name: "Traveler's Backpack", tier: 'uncommon', slots: 12, description: 'Roomy.' })
      .where(eq(playerCharacterBackpack.characterId, character.id));
    const full = await client.get<InventoryView>(path);
    expect(full.body.entries.map((e) => [e.id, e.item.name, e.quantity, e.equipped])).toEqual([
      [ids[0], 'Oak Staff', 1, true],
      [ids[1], 'Spare Helm', 1, false],
      [ids[2], ore.name, 4, false],
    ]);
    expect(full.body.entries[0]?.item).toEqual(staff);
    // Equipped gear takes no slot.
    expect(full.body).toMatchObject({
      capacity: 12,
      used: 2,
      backpack: { name: "Traveler's Backpack", tier: 'uncommon', slots: 12, description: 'Roomy.' },
      bonuses: { attack: 3, health: 4 },
    });
    expect(Object.keys(full.body.equipped)).toEqual(['mainHand']);
    expect(full.body.equipped.mainHand?.id).toBe(ids[0]);
    expect(full.body.effective).toMatchObject({ attack: 17 + 3, defense: attributes!.defense, magicPower: attributes!.magicPower });
    expect(transactions()).toBe(0);
  });
});

describe('GET /api/characters/:id/skills', () => {
  it('answers its own tree with the points, level and unlocked skills, another tree in preview; a transaction only to catch up', async () => {
    const { client, character } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/skills`;
    const transactions = countTransactions();
    expect((await client.get(path)).body).toMatchObject({ skillPoints: 0, level: 1, unlocked: [] });
    expect(transactions()).toBe(0);
    await db().update(playerCharacters).set({ skillPoints: 3, level: 4 }).where(eq(playerCharacters.id, character.id));
    expect((await client.post(`${path}/unlock`, { skillId: 'sparkBolt' })).status).toBe(200);
    const before = transactions();
    const own = await client.get<SkillTreeState>(path);
    expect(own.body).toMatchObject({ characterId: character.id, skillPoints: 2, level: 4, unlocked: ['sparkBolt'], preview: false });
    const preview = await client.get<SkillTreeState>(`${path}?tree=warrior`);
    expect(preview.body).toMatchObject({ skillPoints: 2, level: 4, unlocked: ['sparkBolt'], preview: true });
    expect(preview.body.tree?.nodes).not.toEqual(own.body.tree?.nodes);
    expect(transactions()).toBe(before);

    // A due adventure is settled first (a level gained would show its point).
    expect((await client.post(`/api/characters/${character.id}/adventures`, { location: 'forest', level: 1 })).status).toBe(201);
    await db()
      .update(characterAdventures)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(characterAdventures.characterId, character.id));
    expect((await client.get(path)).status).toBe(200);
    expect(transactions()).toBeGreaterThan(before + 1);
    expect(await openAdventure(db(), character.id)).toBeUndefined();
  });
});

describe('GET /api/characters/:id/console', () => {
  type Page = { messages: Array<{ id: number; kind: string; sender: string; content: string; createdAt: string }>; hasMore: boolean };

  it('answers a page of lines oldest first, each as stored (any text), its time to the millisecond as toISOString writes it; a full page has more, the page before a line', async () => {
    const { client, character } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/console`;
    const empty = await client.request('GET', path);
    expect(empty.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await empty.json()).toEqual({ messages: [], hasMore: false });

    const texts = [
      'plain',
      'quote " and \\ backslash',
      'line\nbreak\ttab',
      'control \u0001\u001f end',
      'unicode é ü 🐉 \u2028 \u2029 / </script>',
      '',
      ' '.repeat(3),
    ];
    const times = [
      '2026-11-25T17:36:13.999999Z',
      '2026-11-25T17:36:13.000000Z',
      '2026-11-25T17:36:13.123400Z',
      '2025-01-01T00:00:00.000500Z',
      '1999-12-31T23:59:59.9995Z',
    ];
    const rows = Array.from({ length: 230 }, (_, i) => ({
      characterId: character.id,
      kind: i % 3 === 0 ? 'user' : 'system',
      sender: i % 5 === 0 ? 'Aria "the Bold"' : 'System',
      content: `${texts[i % texts.length]} #${i}`,
      createdAt: new Date(times[i % times.length]!),
    }));
    await db().insert(consoleMessages).values(rows);
    // The driver sends a Date with milliseconds: times with microseconds are set in SQL (cut, not rounded, in the answer).
    await db().execute(
      sql`update console_messages set created_at = created_at + interval '999 microseconds' where character_id = ${character.id} and id % 2 = 0`,
    );
    const stored = await db().select().from(consoleMessages).where(eq(consoleMessages.characterId, character.id)).orderBy(consoleMessages.id);
    // Every stored time is on a millisecond, some plus 999 microseconds: shown as the millisecond (cut, not rounded).
    const shown = (i: number) => ({
      id: stored[i]!.id,
      kind: rows[i]!.kind,
      sender: rows[i]!.sender,
      content: rows[i]!.content,
      createdAt: rows[i]!.createdAt.toISOString(),
    });
    expect(stored).toHaveLength(230);

    const full = await client.get<Page>(path);
    expect(full.status).toBe(200);
    expect(full.body.hasMore).toBe(true);
    expect(full.body.messages).toEqual(Array.from({ length: 200 }, (_, k) => shown(30 + k)));
    expect(full.body.messages.map((m) => m.createdAt).slice(0, 5)).toEqual([
      '2026-11-25T17:36:13.999Z',
      '2026-11-25T17:36:13.000Z',
      '2026-11-25T17:36:13.123Z',
      '2025-01-01T00:00:00.000Z',
      '1999-12-31T23:59:59.999Z',
    ]);

    const before = full.body.messages[0]!.id;
    const older = await client.get<Page>(`${path}?before=${before}`);
    expect(older.body).toEqual({ messages: Array.from({ length: 30 }, (_, k) => shown(k)), hasMore: false });
    // Exactly a page before: full, so it says there may be more.
    const exact = await client.get<Page>(`${path}?before=${full.body.messages[170]!.id}`);
    expect(exact.body.messages).toHaveLength(200);
    expect(exact.body.hasMore).toBe(true);
  });

  it('settles a due adventure first, so the page shows its lines; the ownership as before', async () => {
    const { client, character } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/console`;
    expect((await client.post(`/api/characters/${character.id}/adventures`, { location: 'forest', level: 1 })).status).toBe(201);
    const running = await client.get<Page>(path);
    expect(running.body.messages.map((m) => m.kind)).toContain('adventure-start');
    await db()
      .update(characterAdventures)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(characterAdventures.characterId, character.id));
    const settled = await client.get<Page>(path);
    const kinds = settled.body.messages.map((m) => m.kind);
    expect(kinds).toContain('adventure-return');
    expect(settled.body.messages.slice(0, running.body.messages.length)).toEqual(running.body.messages);
    expect(running.body.messages.length).toBeLessThan(kinds.length);

    const thief = await playerWithCharacter(server.url);
    expect(await raw(thief.client, path)).toEqual({ status: 404, text: JSON.stringify({ error: 'not_found', message: 'Character not found' }) });
  });
});

describe('GET /api/achievements', () => {
  it("answers the player's points, title, counters' progress, hidden and shown unlocks with their times, the claimed rewards", async () => {
    const { client, userId } = await playerWithCharacter(server.url);
    const fresh = await client.get<AchievementsView>('/api/achievements');
    expect(fresh.body).toMatchObject({ totalPoints: 0, level: 0, title: null, completed: 0, total: ACHIEVEMENTS.length, battlePass: { claimed: 0 } });
    expect(fresh.body.achievements.map((a) => a.id)).toEqual(ACHIEVEMENTS.map((a) => a.id));
    expect(fresh.body.achievements.every((a) => !a.completed && a.completedAt === null)).toBe(true);

    const hidden = ACHIEVEMENTS.find((a) => a.hidden);
    const shown = ACHIEVEMENTS.filter((a) => !a.hidden).slice(0, 3);
    const counted = ACHIEVEMENTS.find((a) => !a.hidden && a.trigger.kind === 'counter' && a.trigger.counter === 'enemies-defeated' && a.trigger.target > 12);
    const biomes = ACHIEVEMENTS.find((a) => !a.hidden && a.trigger.kind === 'distinct' && a.trigger.prefix === 'biome:');
    if (!hidden || shown.length < 3 || !counted || !biomes) throw new Error('the catalogue has hidden and shown achievements, counted and distinct ones');
    await db()
      .insert(achievementProgress)
      .values({ userId, totalPoints: 260, level: 2, title: 'the "Bold"' })
      .onConflictDoUpdate({ target: achievementProgress.userId, set: { totalPoints: 260, title: 'the "Bold"' } });
    await db()
      .insert(achievementCounters)
      .values([
        { userId, key: 'enemies-defeated', value: 12 },
        { userId, key: 'biome:forest', value: 3 },
        { userId, key: 'chat-messages', value: 9_007_199_254 },
      ])
      .onConflictDoNothing();
    const unlocks = [...shown.slice(0, 2), hidden].map((a, i) => ({
      userId,
      achievementId: a.id,
      points: a.points,
      unlockedAt: new Date(Date.UTC(2026, 0, 2 + i, 3, 4, 5, 678)),
    }));
    await db().insert(playerAchievements).values(unlocks);
    // Microseconds in the database: the answer cuts them (as toISOString of the stored instant).
    await db().execute(sql`update player_achievements set unlocked_at = unlocked_at + interval '999 microseconds' where user_id = ${userId}`);
    await db()
      .insert(battlePassGrants)
      .values([1, 2].map((level) => ({ userId, level, itemName: `Reward ${level}` })));

    const { body } = await client.get<AchievementsView>('/api/achievements');
    expect(body).toMatchObject({ totalPoints: 260, title: 'the "Bold"', completed: 3 });
    const byId = new Map(body.achievements.map((a) => [a.id, a]));
    for (const unlock of unlocks) expect(byId.get(unlock.achievementId)).toMatchObject({ completed: true, completedAt: unlock.unlockedAt.toISOString() });
    expect(byId.get(hidden.id)).toMatchObject({ description: hidden.description, hint: null });
    expect(byId.get(shown[2]!.id)).toMatchObject({ completed: false, completedAt: null });
    expect(byId.get(counted.id)?.progress).toMatchObject({ current: 12, target: counted.trigger.kind === 'counter' ? counted.trigger.target : 0 });
    expect(byId.get(biomes.id)?.progress).toMatchObject({ current: 1 });
    expect(body.battlePass.rewards.filter((r) => r.state === 'claimed').map((r) => r.level)).toEqual([1, 2]);
    expect(body.battlePass.claimed).toBe(2);
  });
});

describe("another player's character", () => {
  it.each(['crafting', 'adventure', 'inventory', 'skills'])('GET :id/%s answers 404, as before', async (read) => {
    const owner = await playerWithCharacter(server.url);
    const thief = await playerWithCharacter(server.url);
    expect(await raw(thief.client, `/api/characters/${owner.character.id}/${read}`)).toEqual({
      status: 404,
      text: JSON.stringify({ error: 'not_found', message: 'Character not found' }),
    });
  });
});

describe('GET /api/chat', () => {
  type Line = ChatView['messages'][number];

  // As said: name, title, character, portrait and time.
  it("answers the last 50 lines oldest first, as said: the Game Master's welcome on an empty chat, a muted and a blocked player's left out", async () => {
    const me = await playerWithCharacter(server.url);
    const loud = await playerWithCharacter(server.url);
    const first = await me.client.get<ChatView>('/api/chat');
    expect(first.body.muted).toEqual([]);
    expect(first.body.messages[0]).toMatchObject({ kind: 'system', userId: null, username: null, character: { name: GAME_MASTER.name, portraitUrl: null } });

    await db().update(playerCharacters).set({ avatarPath: 'characters/portrait.png' }).where(eq(playerCharacters.id, me.character.id));
    await db()
      .insert(achievementProgress)
      .values({ userId: me.userId, title: 'the "Bold"' })
      .onConflictDoUpdate({ target: achievementProgress.userId, set: { title: 'the "Bold"' } });
    const say = async (client: TestClient, text: string) => expect((await client.post('/api/chat', { text })).status).toBe(200);
    await say(me.client, 'Hail, "friends" \\ é 🐉');
    await say(loud.client, 'LOUD');
    await db().execute(sql`update chat_messages set created_at = created_at + interval '777 microseconds' where user_id in (${me.userId}, ${loud.userId})`);
    // Written beside the server, not through it: its kept reads are dropped as a write of its own would (services/read-caches.ts).
    server.app.ctx.reads.dropHere({ chat: true });
    const said = await db()
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.userId, [me.userId, loud.userId]))
      .orderBy(chatMessages.id);
    const [myName] = await db().select({ username: users.username }).from(users).where(eq(users.id, me.userId));
    const read = await me.client.get<ChatView>('/api/chat');
    const tail = read.body.messages.slice(-2);
    expect(tail[0]).toEqual({
      id: said[0]!.id,
      kind: 'player',
      userId: me.userId,
      username: myName!.username,
      character: {
        id: me.character.id,
        name: me.character.name,
        race: me.character.race,
        characterClass: me.character.class,
        level: me.character.level,
        portraitUrl: '/uploads/characters/portrait.png',
        appearance: expect.any(Object),
      },
      title: 'the "Bold"',
      text: 'Hail, "friends" \\ é 🐉',
      createdAt: said[0]!.createdAt.toISOString(),
    } satisfies Line);
    expect(tail[1]).toMatchObject({ id: said[1]!.id, userId: loud.userId, title: null, text: 'LOUD', character: { portraitUrl: null } });
    expect((await me.client.json('PUT', `/api/chat/mutes/${loud.userId}`, {})).status).toBe(200);
    const muted = await me.client.get<ChatView>('/api/chat');
    expect(muted.body.muted).toEqual([{ userId: loud.userId, username: expect.any(String) }]);
    expect(muted.body.messages.map((m) => m.text)).not.toContain('LOUD');
    expect(muted.body.messages.map((m) => m.text)).toContain('Hail, "friends" \\ é 🐉');

    // More than a page: the last 50, oldest first (the muted player's left out of mine).
    await db()
      .insert(chatMessages)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          userId: i % 2 ? loud.userId : me.userId,
          characterId: null,
          characterName: `Hero ${i}`,
          characterRace: 'elf' as const,
          characterClass: 'mage' as const,
          characterLevel: i + 1,
          text: `line ${i}`,
        })),
      );
    server.app.ctx.reads.dropHere({ chat: true });
    const mine = await me.client.get<ChatView>('/api/chat');
    expect(mine.body.messages.length).toBeLessThanOrEqual(50);
    expect(mine.body.messages.slice(-30).map((m) => m.text)).toEqual(Array.from({ length: 30 }, (_, k) => `line ${2 * k}`));
    const ids = mine.body.messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const theirs = await loud.client.get<ChatView>('/api/chat');
    expect(theirs.body.messages.map((m) => m.text)).toEqual(Array.from({ length: 50 }, (_, k) => `line ${10 + k}`));

    // A block (issue 25), either way: neither reads the other's lines; the Game Master's stay.
    expect((await me.client.json('DELETE', `/api/chat/mutes/${loud.userId}`, {})).status).toBe(200);
    await db().insert(blocks).values({ blockerId: loud.userId, blockedId: me.userId });
    server.app.ctx.reads.dropHere({ filtersOf: [loud.userId, me.userId] });
    for (const [viewer, other] of [
      [me, loud],
      [loud, me],
    ] as const) {
      const lines = (await viewer.client.get<ChatView>('/api/chat')).body.messages;
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.some((m) => m.userId === other.userId)).toBe(false);
      expect(lines.some((m) => m.userId === viewer.userId)).toBe(true);
    }
  });
});
