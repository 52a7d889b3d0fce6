import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerCharacterAttributes, playerCharacterBackpack, playerCharacters } from '../src/db/schema/index.ts';
import { characterViewSchema, type CharacterResponse, type CharacterView } from '../src/routes/characters/view.ts';
import { createCharacter, hero, listCharacters, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;
/** Active characters of the player who owns `characterId`, read from the database. */
const activeCount = async (characterId: string) => {
  const [owner] = await db().select({ userId: playerCharacters.userId }).from(playerCharacters).where(eq(playerCharacters.id, characterId));
  const [row] = await db()
    .select({ n: count() })
    .from(playerCharacters)
    .where(and(eq(playerCharacters.userId, owner!.userId), eq(playerCharacters.isActive, true)));
  return row!.n;
};

describe('without a session', () => {
  it('answers 401 on every character route', async () => {
    const anonymous = new TestClient(server.url);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<[string, string]> = [
      ['GET', '/api/characters'],
      ['POST', '/api/characters'],
      ['POST', `/api/characters/${id}/select`],
      ['PATCH', `/api/characters/${id}`],
      ['DELETE', `/api/characters/${id}`],
      ['POST', `/api/characters/${id}/attributes/upgrade`],
      ['POST', `/api/characters/${id}/attributes/reset`],
      ['DELETE', `/api/characters/${id}/avatar`],
      ['DELETE', `/api/characters/${id}/background`],
    ];
    for (const [method, path] of calls) {
      const res = await anonymous.json<ErrorBody>(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toBe('Please log in to continue.');
    }
  });
});

describe('creating a character (spec 01 §4, §5)', () => {
  it('refuses a missing name, race, class or gender with the spec toasts, in that order', async () => {
    const player = await signedInPlayer(server.url);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...hero, name: '  ' }, 'Name Required', 'Please enter a character name'],
      [{ ...hero, race: undefined }, 'Race Required', 'Please select a character race'],
      [{ ...hero, race: 'robot' }, 'Race Required', 'Please select a character race'],
      [{ ...hero, class: '' }, 'Class Required', 'Please select a character class'],
      [{ ...hero, gender: null }, 'Gender Required', 'Please select a gender for your character'],
      [{}, 'Name Required', 'Please enter a character name'],
    ];
    for (const [body, title, message] of cases) {
      const res = await player.post<ErrorBody>('/api/characters', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ title, message });
    }
    const badAppearance = await player.post<ErrorBody>('/api/characters', { ...hero, appearance: { hairColor: 'red' } });
    expect(badAppearance.status).toBe(400);
    expect(badAppearance.body).toMatchObject({ title: 'Invalid Appearance', message: 'Hair colour must be a colour written as #RRGGBB, for example #8D5524.' });
    const wrongType = await player.post<ErrorBody>('/api/characters', { ...hero, name: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^name: /);
    expect(await listCharacters(player)).toEqual([]);
  });

  // Issue 25: anyone could name a character "Game Master" (the chat's system author) or hide characters in a name.
  it('refuses reserved names and invisible characters on creation and on a rename; stores the name in NFKC', async () => {
    const player = await signedInPlayer(server.url);
    const reserved = 'That name is reserved. Please choose another.';
    const cases: Array<[string, string]> = [
      ['Game Master', reserved],
      ['game-master', reserved],
      ['AI Bot', reserved],
      ['Adm1n', reserved],
      ['GM Aria', reserved],
      ['Ari\u200Ba', 'Character names cannot contain invisible or control characters.'],
      ['\u202Eaira', 'Character names cannot contain invisible or control characters.'],
      ['Ari\u3164', 'Character names cannot contain invisible or control characters.'],
      ['\u0410ria', 'Character names cannot mix look-alike alphabets (such as Latin and Cyrillic letters).'],
    ];
    for (const [name, message] of cases) {
      const res = await player.post<ErrorBody>('/api/characters', { ...hero, name });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ title: 'Invalid Name', message });
    }
    expect(await listCharacters(player)).toEqual([]);
    const created = await createCharacter(player, { name: 'Ａｒｉａ' });
    expect(created.name).toBe('Aria');
    const rename = await player.json<ErrorBody>('PATCH', `/api/characters/${created.id}`, { name: 'Game Master' });
    expect(rename.status).toBe(400);
    expect(rename.body.message).toBe(reserved);
    expect((await listCharacters(player))[0]!.name).toBe('Aria');
  });

  it('creates an active level-1 character with the combined stats, base copies, appearance and the default backpack', async () => {
    const player = await signedInPlayer(server.url);
    const res = await player.post<CharacterResponse>('/api/characters', {
      ...hero,
      appearance: { hairStyle: 'braided', hairColor: '#a1b2c3' },
      // the server decides these; a client cannot start rich
      level: 40,
      xp: 99,
      gold: 500,
      copper: 12,
    });
    expect(res.status).toBe(201);
    const c = characterViewSchema.parse(res.body.character);
    expect(c).toMatchObject({
      name: 'Aria',
      race: 'elf',
      class: 'mage',
      gender: 'female',
      level: 1,
      xp: 0,
      xpToNextLevel: 100,
      copper: 0,
      coins: { gold: 0, silver: 0, copper: 0 },
      isActive: true,
      skillPoints: 0,
      spentAttributePoints: {},
      availableAttributePoints: 0,
      avatarUrl: null,
      backgroundUrl: null,
      backpack: { name: "Adventurer's Pack", tier: 'common', slots: 8, description: 'A simple leather backpack with enough room for basic adventuring gear.' },
      appearance: { hairStyle: 'braided', hairColor: '#A1B2C3', eyeColor: '#000000', clothesStyle: 'casual', skinTone: '#8D5524' },
    });
    // elf dexterity +2 intelligence +1, mage intelligence +3; health 10 + constitution; mage 10/10 mana
    expect(c.attributes).toEqual({
      strength: 5,
      dexterity: 7,
      intelligence: 9,
      constitution: 5,
      attack: 0,
      magicPower: 0,
      speed: 0,
      defense: 0,
      health: 15,
      currentHealth: 15,
      maxHealth: 15,
      currentMana: 10,
      maxMana: 10,
    });
    const [stored] = await db().select().from(playerCharacterAttributes).where(eq(playerCharacterAttributes.characterId, c.id));
    expect(stored).toMatchObject({
      baseStrength: 5,
      baseDexterity: 7,
      baseIntelligence: 9,
      baseConstitution: 5,
      baseSpeed: 0,
      baseMaxHealth: 15,
      baseMaxMana: 10,
    });
    const [backpack] = await db().select().from(playerCharacterBackpack).where(eq(playerCharacterBackpack.characterId, c.id));
    expect(backpack).toMatchObject({ price: 20, sellPrice: null });
  });

  it('makes the newest character the only active one and refuses a third with the spec toast', async () => {
    const player = await signedInPlayer(server.url);
    const first = await createCharacter(player, { name: 'First', race: 'orc', class: 'warrior', gender: 'male' });
    const second = await createCharacter(player, { name: 'Second' });
    expect(first.attributes).toMatchObject({ strength: 10, intelligence: 4, constitution: 6, speed: -1, maxHealth: 16, maxMana: 0 });
    const list = await listCharacters(player);
    expect(list.map((c) => [c.name, c.isActive])).toEqual([
      ['First', false],
      ['Second', true],
    ]);
    const third = await player.post<ErrorBody>('/api/characters', { ...hero, name: 'Third' });
    expect(third.status).toBe(409);
    expect(third.body).toEqual({ error: 'character_limit_reached', title: 'Character Limit Reached', message: 'You can only create up to 2 characters.' });
    // the limit is checked before step 1, as the spec orders it
    expect((await player.post<ErrorBody>('/api/characters', {})).body.title).toBe('Character Limit Reached');
    expect(await activeCount(second.id)).toBe(1);
  });

  it('ends 10 parallel creates with exactly 2 characters, exactly one of them active', async () => {
    const player = await signedInPlayer(server.url);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => player.post<ErrorBody>('/api/characters', { ...hero, name: `Racer ${String.fromCharCode(65 + i)}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409, 409]);
    const list = await listCharacters(player);
    expect(list).toHaveLength(2);
    expect(list.filter((c) => c.isActive)).toHaveLength(1);
    expect(await activeCount(list[0]!.id)).toBe(1);
  });
});

describe('listing characters (spec 01 §4, §7)', () => {
  it('answers an empty list for a new player', async () => {
    const player = await signedInPlayer(server.url);
    const res = await player.get<{ characters: CharacterView[] }>('/api/characters');
    expect(res).toEqual({ status: 200, body: { characters: [] } });
  });

  it('lists oldest first, and makes the oldest active when none is', async () => {
    const player = await signedInPlayer(server.url);
    const older = await createCharacter(player, { name: 'Older' });
    const newer = await createCharacter(player, { name: 'Newer' });
    await db().update(playerCharacters).set({ isActive: false }).where(eq(playerCharacters.id, newer.id));
    const list = await listCharacters(player);
    expect(list.map((c) => [c.id, c.isActive])).toEqual([
      [older.id, true],
      [newer.id, false],
    ]);
    for (const c of list) characterViewSchema.parse(c);
  });

  it('never shows another player’s characters', async () => {
    const a = await signedInPlayer(server.url);
    const b = await signedInPlayer(server.url);
    await createCharacter(a, { name: 'Mine' });
    expect(await listCharacters(b)).toEqual([]);
  });
});

describe('selecting a character (spec 01 §4)', () => {
  it('makes the chosen one active and every other inactive', async () => {
    const player = await signedInPlayer(server.url);
    const first = await createCharacter(player, { name: 'First' });
    const second = await createCharacter(player, { name: 'Second' });
    const res = await player.post<CharacterResponse>(`/api/characters/${first.id}/select`);
    expect(res.status).toBe(200);
    expect(res.body.character).toMatchObject({ id: first.id, isActive: true });
    expect((await listCharacters(player)).map((c) => c.isActive)).toEqual([true, false]);
    // selecting the active one again changes nothing
    expect((await player.post<CharacterResponse>(`/api/characters/${first.id}/select`)).status).toBe(200);
    // back and forth in parallel: still exactly one active
    await Promise.all([first, second, first, second].map((c) => player.post(`/api/characters/${c.id}/select`)));
    expect(await activeCount(first.id)).toBe(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const player = await signedInPlayer(server.url);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await player.post<ErrorBody>(`/api/characters/${id}/select`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Character not found');
    }
  });
});

describe('ownership', () => {
  it('answers 404 "Character not found" for another player’s character on every route and changes nothing', async () => {
    const owner = await signedInPlayer(server.url);
    const intruder = await signedInPlayer(server.url);
    await createCharacter(intruder, { name: 'Intruder' });
    const c = await createCharacter(owner, { name: 'Owned' });
    await db().update(playerCharacters).set({ level: 5 }).where(eq(playerCharacters.id, c.id));
    const calls: Array<[string, string, unknown]> = [
      ['POST', `/api/characters/${c.id}/select`, {}],
      ['PATCH', `/api/characters/${c.id}`, { name: 'Stolen' }],
      ['POST', `/api/characters/${c.id}/attributes/upgrade`, { attribute: 'strength' }],
      ['POST', `/api/characters/${c.id}/attributes/reset`, {}],
      ['DELETE', `/api/characters/${c.id}/avatar`, undefined],
      ['DELETE', `/api/characters/${c.id}/background`, undefined],
      ['DELETE', `/api/characters/${c.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await intruder.json<ErrorBody>(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'Character not found' });
    }
    expect(await listCharacters(owner)).toMatchObject([{ id: c.id, name: 'Owned', isActive: true, spentAttributePoints: {} }]);
    expect(await listCharacters(intruder)).toMatchObject([{ name: 'Intruder', isActive: true }]);
  });
});
