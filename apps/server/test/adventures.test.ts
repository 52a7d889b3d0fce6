import { randomUUID } from 'node:crypto';
import {
  adventureCompletedPushSchema,
  adventureStateResponseSchema,
  startAdventureResponseSchema,
  type AdventureStateResponse,
  type StartAdventureResponse,
} from '@rpg/contract';
import {
  BATTLE_PASS_REWARDS,
  completeAdventure,
  conditionsEffect,
  conditionsLine,
  copper,
  NO_SPELL_EFFECTS,
  worldAt,
  xpToLeaveLevel,
  type GearItem,
} from '@rpg/game';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributesOf } from '../src/db/queries/characters.ts';
import { characterAdventures, playerCharacterInventory, playerCharacters } from '../src/db/schema/index.ts';
import type { CharacterView } from '../src/routes/characters/view.ts';
import { adventureRng } from '../src/services/adventures/shared.ts';
import { adventuresOf, attributesRow, characterRow, say, sleep, storedLines } from './support/adventure.ts';
import { createCharacter, listCharacters, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { openSocket } from './support/socket.ts';

// RPG_TIME_SCALE 600: a level-1 adventure (1 minute) lasts 100 ms, level 10 (120 minutes) 12 s.
const TIME_SCALE = 600;
/** Issue 42: the start line's last sentence, the land's conditions at setting out (the world runs at the time scale). */
const conditionsAt = (startTime: string | Date, location: 'forest' | 'ice') => {
  const world = worldAt(new Date(startTime).getTime(), TIME_SCALE);
  return `${conditionsLine(world, location)} (${conditionsEffect(world.lands[location])}).`;
};
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RPG_TIME_SCALE: String(TIME_SCALE) } });
});
afterAll(() => server?.stop());

const db = () => server.database.db;
const start = (client: TestClient, id: string, body: unknown) => client.post<StartAdventureResponse & ErrorBody>(`/api/characters/${id}/adventures`, body);
const state = async (client: TestClient, id: string) => {
  const res = await client.get<AdventureStateResponse>(`/api/characters/${id}/adventure`);
  expect(res.status).toBe(200);
  return adventureStateResponseSchema.parse(res.body);
};
const setLevel = (id: string, level: number) => db().update(playerCharacters).set({ level }).where(eq(playerCharacters.id, id));

async function player(): Promise<{ client: TestClient; character: CharacterView }> {
  const client = await signedInPlayer(server.url);
  return { client, character: await createCharacter(client) };
}

/** What the rules say the settlement of an adventure gives this character (its secret seed; one inserted without a seed is seeded by its id). */
async function predict(characterId: string, adventure: { id: string; seed: string | null; startTime: Date }, location: 'forest' | 'desert', level: number) {
  const c = await characterRow(db(), characterId);
  const a = await attributesRow(db(), characterId);
  const snapshot = {
    name: c.name,
    level: c.level,
    xp: c.xp,
    copper: c.copper,
    characterClass: c.characterClass,
    attributes: attributesOf(a),
    effects: NO_SPELL_EFFECTS,
  };
  // Issue 42: the land's conditions when the adventure set out, at the server's time scale (as settle.ts).
  const conditions = worldAt(adventure.startTime.getTime(), TIME_SCALE).lands[location];
  return completeAdventure(snapshot, { location, level, conditions }, adventureRng(adventure), server.app.ctx.adventures.dropOptions);
}

/** An adventure that ended a minute ago, with an id whose seeded fight `wanted` accepts. */
async function insertFinishedAdventure(characterId: string, wanted: (o: Awaited<ReturnType<typeof predict>>) => boolean) {
  for (let i = 0; i < 500; i++) {
    const id = randomUUID();
    const now = Date.now();
    const outcome = await predict(characterId, { id, seed: null, startTime: new Date(now - 120_000) }, 'forest', 1);
    if (!wanted(outcome)) continue;
    await db()
      .insert(characterAdventures)
      .values({
        id,
        characterId,
        location: 'forest',
        level: 1,
        startTime: new Date(now - 120_000),
        endTime: new Date(now - 60_000),
        originalMs: 60_000,
      });
    return { id, outcome };
  }
  throw new Error('no adventure id gave the wanted outcome');
}

describe('starting an adventure (spec 02 §4, §5, §8)', () => {
  it('refuses an invalid location, an invalid level and a locked level with the spec texts', async () => {
    const { client, character } = await player();
    const cases: Array<[unknown, number, string]> = [
      [{ location: 'moon', level: 1 }, 400, 'Invalid adventure location.'],
      [{ location: 'forest', level: 11 }, 400, 'Adventure level must be a whole number from 1 to 10.'],
      [
        { location: 'forest', level: 2 },
        400,
        'You must be at least player level 10 to start Forest adventure level 2. Reach higher level by adventuring more!',
      ],
      [
        { location: 'Ice Lands', level: 10 },
        400,
        'You must be at least player level 50 to start Ice Lands adventure level 10. Reach higher level by adventuring more!',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await start(client, character.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await adventuresOf(db(), character.id)).toEqual([]);
  });

  it('starts one with the table duration and time scale, shows it, and refuses a second while it runs', async () => {
    const { client, character } = await player();
    await setLevel(character.id, 50);
    const res = await start(client, character.id, { location: 'Ice Lands', level: 10 });
    expect(res.status).toBe(201);
    const body = startAdventureResponseSchema.parse(res.body);
    expect(body.adventure).toMatchObject({
      location: 'ice',
      locationName: 'Ice Lands',
      level: 10,
      characterName: 'Aria',
      speedReduction: 0,
      originalMs: 7_200_000,
      durationMs: 12_000,
    });
    expect(Date.parse(body.adventure.endTime) - Date.parse(body.adventure.startTime)).toBe(12_000);
    expect(body.messages.map((m) => [m.kind, m.content])).toEqual([
      ['adventure-start', `Aria sets out for the Ice Lands (level 10). They will return in 0:12. ${conditionsAt(body.adventure.startTime, 'ice')}`],
    ]);

    const view = await state(client, character.id);
    expect(view.current).toEqual(body.adventure);
    expect(view.lastOutcome).toBeUndefined();

    const again = await start(client, character.id, { location: 'forest', level: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      title: 'Already on adventure',
      message: 'Aria is already on an adventure in the Ice Lands. They will return in approximately 1 minute(s).',
    });
    const typed = await say(client, character.id, '/forest 1');
    expect(typed.messages.at(-1)).toMatchObject({
      kind: 'error',
      content: 'Aria is already on an adventure in the Ice Lands. They will return in approximately 1 minute(s).',
    });
    expect(typed.toasts).toEqual([{ title: 'Already on adventure', description: typed.messages.at(-1)?.content, variant: 'error' }]);
    expect(await adventuresOf(db(), character.id)).toHaveLength(1);
  });

  it('lets exactly one of several parallel starts through', async () => {
    const { client, character } = await player();
    await setLevel(character.id, 50);
    const answers = await Promise.all([1, 2, 3].map(() => start(client, character.id, { location: 'desert', level: 10 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.title).toBe('Already on adventure');
      expect(refused.body.message).toMatch(
        /^(Character is already on an adventure\.|Aria is already on an adventure in the Desert\. They will return in approximately 1 minute\(s\)\.)$/,
      );
    }
    const rows = await adventuresOf(db(), character.id);
    expect(rows.filter((r) => !r.completed)).toHaveLength(1);
  });

  it('shortens the duration by equipped speed gear, in the launcher and the adventure', async () => {
    const { client, character } = await player();
    const boots: GearItem = { kind: 'gear', name: 'Swift Boots', tier: 'rare', description: 'Fast.', price: copper(100), slot: 'feet', stats: { speed: 5 } };
    await db().insert(playerCharacterInventory).values({ characterId: character.id, itemData: boots, quantity: 1, equipped: true });
    const launcher = (await state(client, character.id)).launcher;
    expect(launcher.locations.map((l) => l.id)).toEqual(['forest', 'desert', 'ice', 'volcano', 'caves']);
    const forest1 = launcher.locations[0]?.levels[0];
    expect(forest1).toMatchObject({
      level: 1,
      durationMs: 90,
      baseMinutes: 1,
      requiredLevel: 1,
      locked: false,
      enemy: { name: 'Giant Rat', hp: 10, attack: 3 },
    });
    expect(launcher.locations[0]?.levels[1]).toMatchObject({ level: 2, durationMs: 1800, baseMinutes: 20, requiredLevel: 10, locked: true });
    expect(forest1?.winChance).toBeGreaterThanOrEqual(0.1);
    expect(forest1?.winChance).toBeLessThanOrEqual(0.95);
    const res = await start(client, character.id, { location: 'forest', level: 1 });
    expect(res.status).toBe(201);
    expect(res.body.adventure).toMatchObject({ speedReduction: 10, durationMs: 90, originalMs: 60_000 });
    expect(res.body.messages[0]?.content).toBe(
      `Aria sets out for the Forest (level 1). They will return in 0:01. Speed gear shortens the journey by 10%. ${conditionsAt(res.body.adventure.startTime, 'forest')}`,
    );
  });

  it("answers 404 'Character not found' for another player's character", async () => {
    const { character } = await player();
    const stranger = await signedInPlayer(server.url);
    for (const res of [
      await stranger.get<ErrorBody>(`/api/characters/${character.id}/adventure`),
      await start(stranger, character.id, { location: 'forest', level: 1 }),
      await stranger.get<ErrorBody>('/api/characters/not-a-uuid/adventure'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Character not found');
    }
    expect(await adventuresOf(db(), character.id)).toEqual([]);
  });
});

describe('settling an adventure (spec 02 §4, §7, §9)', () => {
  it('settles on time by itself and pushes the toast and the refetches', async () => {
    const { client, character } = await player();
    const socket = await openSocket(server.url, client, { timeoutMs: 8000 });
    const typed = await say(client, character.id, '/forest 1');
    expect(typed.messages.at(-1)?.kind).toBe('adventure-start');
    const push = adventureCompletedPushSchema.parse(await socket.waitFor('adventure-completed'));
    expect(push.characterId).toBe(character.id);
    expect(push.title).toBe(push.won ? 'Adventure Completed!' : 'Adventure Failed!');
    const keys = [['characters'], ['console', character.id], ['adventure', character.id], ['inventory', character.id], ['leaderboards']];
    await socket.waitFor('invalidate', (m) => JSON.stringify(m.queryKeys) === JSON.stringify(keys));
    socket.close();

    const [row] = await adventuresOf(db(), character.id);
    expect(row).toMatchObject({ completed: true, rewardClaimed: true });
    const view = await state(client, character.id);
    expect(view.current).toBeNull();
    expect(view.lastOutcome).toMatchObject({ adventureId: row?.id, won: push.won, title: push.title, message: push.message, location: 'forest', level: 1 });
    const returned = (await storedLines(db(), character.id)).filter((m) => m.kind === 'adventure-return').map((m) => m.content);
    expect(returned).toEqual(view.lastOutcome?.messages);
    expect(returned.join(' ')).toBe(push.message);
  });

  it('settles exactly once when two settlers and reads race, as the seed replays it', async () => {
    const { client, character } = await player();
    const { scheduler, adventures } = server.app.ctx;
    await scheduler.stop();
    try {
      expect((await start(client, character.id, { location: 'forest', level: 1 })).status).toBe(201);
      await sleep(150);
      const [started] = await adventuresOf(db(), character.id);
      const prediction = await predict(character.id, started!, 'forest', 1);
      const now = new Date();
      // Other tests' adventures may be due too, so the counts are not this one's: the rows tell.
      const reads = await Promise.all([
        adventures.settleDue(now),
        adventures.settleDue(now),
        client.get(`/api/characters/${character.id}/adventure`),
        client.get('/api/characters'),
        client.get(`/api/characters/${character.id}/console`),
        adventures.settleDueFor((await characterRow(db(), character.id)).userId),
      ]);
      expect(reads.slice(2, 5).map((r) => (r as { status: number }).status)).toEqual([200, 200, 200]);
      await adventures.settleDue(new Date());
      expect(await adventures.settleDueFor((await characterRow(db(), character.id)).userId)).toBe(0);

      const [row] = await adventuresOf(db(), character.id);
      expect(row).toMatchObject({ completed: true, rewardClaimed: true });
      expect(row?.outcome).toMatchObject({ won: prediction.won, xpGained: prediction.xpGained, copperGained: prediction.copperGained });
      const after = await characterRow(db(), character.id);
      expect(after).toMatchObject({
        level: 1,
        xp: prediction.xpGained,
        copper: character.copper + prediction.copperGained,
        adventuresCompleted: 1,
        battlesWon: prediction.won ? 1 : 0,
        spellEffects: { bonusWinChance: 0, bonusDefense: 0 },
      });
      const returned = (await storedLines(db(), character.id)).filter((m) => m.kind === 'adventure-return');
      expect(returned.map((m) => m.content)).toEqual((row?.outcome as { messages: string[] }).messages);
      expect(returned[0]?.content).toBe(prediction.messages[0]);
    } finally {
      scheduler.start();
    }
  });

  it('levels up on a win: XP carried over, +5 max health, a skill point, three attribute points, the counts', async () => {
    const { client, character } = await player();
    await db().update(playerCharacters).set({ xp: 99 }).where(eq(playerCharacters.id, character.id));
    const { outcome } = await insertFinishedAdventure(character.id, (o) => o.won);
    const [after] = await listCharacters(client);
    expect(after).toMatchObject({
      level: 2,
      xp: 99 + outcome.xpGained - xpToLeaveLevel(1),
      skillPoints: 1,
      availableAttributePoints: 3,
      copper: character.copper + outcome.copperGained,
    });
    expect(after?.attributes.maxHealth).toBe(character.attributes.maxHealth + 5);
    expect(after?.attributes.maxMana).toBe(character.attributes.maxMana + 5);
    expect(await characterRow(db(), character.id)).toMatchObject({ adventuresCompleted: 1, battlesWon: 1 });
    const lines = (await storedLines(db(), character.id)).map((m) => m.content);
    expect(lines).toContain('Level up! Aria is now level 2.');
  });

  it('leaves behind the loot a full backpack cannot take, and says so', async () => {
    const { client, character } = await player();
    const junk: GearItem = {
      kind: 'gear',
      name: 'Rusty Dagger',
      tier: 'common',
      description: 'Old.',
      price: copper(5),
      slot: 'mainHand',
      stats: { attack: 1 },
    };
    await db()
      .insert(playerCharacterInventory)
      .values(Array.from({ length: character.backpack.slots }, () => ({ characterId: character.id, itemData: junk, quantity: 1 })));
    const { outcome } = await insertFinishedAdventure(character.id, (o) => o.won && o.items.length > 0);
    const view = await state(client, character.id);
    const names = outcome.items.map(({ item, quantity }) => (quantity > 1 ? `${quantity}x ${item.name}` : item.name)).join(', ');
    expect(view.lastOutcome?.leftBehind).toEqual(outcome.items.map(({ item, quantity }) => ({ name: item.name, tier: item.tier, quantity })));
    expect(view.lastOutcome?.messages).toContain(`Aria's backpack is full: ${names} had to be left behind.`);
    const rows = await db().select().from(playerCharacterInventory).where(eq(playerCharacterInventory.characterId, character.id));
    // The adventure's achievements can reach a battle-pass level, whose reward is granted whatever
    // the backpack holds (DECISIONS §2): only such rewards may sit beside the junk, never the loot.
    const rewards = new Set(BATTLE_PASS_REWARDS.map((reward) => reward.itemName));
    const beside = rows.filter((row) => row.itemData.name !== junk.name).map((row) => row.itemData.name);
    expect(rows.length - beside.length).toBe(character.backpack.slots);
    expect(beside.filter((name) => !rewards.has(name))).toEqual([]);
  });

  it('gives no XP, copper or loot on a defeat, only the health loss (a warrior has no mana to lose)', async () => {
    const { client, character } = await player();
    const { outcome } = await insertFinishedAdventure(character.id, (o) => !o.won);
    const [after] = await listCharacters(client);
    expect(after).toMatchObject({ level: 1, xp: 0, copper: character.copper });
    expect(after?.attributes.currentHealth).toBe(character.attributes.currentHealth - outcome.healthLost);
    expect(outcome.healthLost).toBeGreaterThan(0);
    expect(await characterRow(db(), character.id)).toMatchObject({ adventuresCompleted: 1, battlesWon: 0 });
    expect((await state(client, character.id)).lastOutcome).toMatchObject({ won: false, title: 'Adventure Failed!', xpGained: 0, copperGained: 0, items: [] });
  });

  it('costs a mage health and mana on a defeat (spec 02 §4, DECISIONS §4)', async () => {
    const client = await signedInPlayer(server.url);
    const character = await createCharacter(client, { name: 'Defeated Mage', class: 'mage' });
    expect(character.attributes.currentMana).toBeGreaterThan(0);
    const { outcome } = await insertFinishedAdventure(character.id, (o) => !o.won);
    const [after] = await listCharacters(client);
    expect(outcome.manaLost).toBeGreaterThan(0);
    expect(after?.attributes.currentHealth).toBe(character.attributes.currentHealth - outcome.healthLost);
    expect(after?.attributes.currentMana).toBe(character.attributes.currentMana - outcome.manaLost);
  });
});
