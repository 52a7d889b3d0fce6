import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playerCharacterAppearance,
  playerCharacterAttributes,
  playerCharacterBackpack,
  playerCharacterInventory,
  playerCharacters,
} from '../src/db/schema/index.ts';
import type { CharacterResponse } from '../src/routes/characters/view.ts';
import { createCharacter, listCharacters, type ErrorBody } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { connectSocket } from './support/socket.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;

describe('updating a character (spec 01 §5)', () => {
  it('changes only the supplied name, gender and appearance fields', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player, { appearance: { eyeColor: '#112233', clothesStyle: 'robes' } });
    const res = await player.json<CharacterResponse>('PATCH', `/api/characters/${c.id}`, {
      name: '  Aria   the Bold ',
      appearance: { hairStyle: 'long', clothesStyle: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.character).toMatchObject({
      name: 'Aria the Bold',
      gender: 'female',
      appearance: { hairStyle: 'long', hairColor: '#000000', eyeColor: '#112233', clothesStyle: 'casual', skinTone: '#8D5524' },
    });
    const gender = await player.json<CharacterResponse>('PATCH', `/api/characters/${c.id}`, { gender: 'male' });
    expect(gender.body.character).toMatchObject({ name: 'Aria the Bold', gender: 'male', race: 'elf', class: 'mage' });
  });

  it('refuses an empty name, an unknown gender, race or class changes and server-owned fields', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const patch = (body: unknown) => player.json<ErrorBody>('PATCH', `/api/characters/${c.id}`, body);
    expect((await patch({ name: '' })).body).toMatchObject({ title: 'Name Required', message: 'Please enter a character name' });
    expect((await patch({ gender: 'other' })).body).toMatchObject({ title: 'Gender Required' });
    for (const body of [{ race: 'orc' }, { class: 'bard', name: 'Sneaky' }]) {
      const res = await patch(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'race_class_fixed',
        title: 'Cannot Change Race or Class',
        message: 'Race and class are chosen at creation and cannot be changed.',
      });
    }
    for (const body of ['Aria', ['name'], null]) expect((await patch(body)).status).toBe(400);
    const level = await patch({ level: 50 });
    expect(level.status).toBe(400);
    expect(level.body.message).toBe('Unrecognized key: "level"');
    expect(await listCharacters(player)).toMatchObject([{ name: 'Aria', race: 'elf', class: 'mage', level: 1 }]);
  });
});

describe('deleting a character (DECISIONS §2)', () => {
  it('deletes an inactive character and its rows, leaving the active one', async () => {
    const player = await signedInPlayer(server.url);
    const first = await createCharacter(player, { name: 'First' });
    const second = await createCharacter(player, { name: 'Second' });
    await db()
      .insert(playerCharacterInventory)
      .values({
        characterId: first.id,
        itemData: { kind: 'food', name: 'Bread', tier: 'common', description: 'Bread', price: 5, healthRestore: 5 } as never,
        quantity: 2,
      });
    const res = await player.request('DELETE', `/api/characters/${first.id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await listCharacters(player)).map((c) => [c.id, c.isActive])).toEqual([[second.id, true]]);
    for (const table of [playerCharacterAttributes, playerCharacterAppearance, playerCharacterBackpack, playerCharacterInventory]) {
      expect(await db().select().from(table).where(eq(table.characterId, first.id))).toEqual([]);
    }
    expect((await player.request('DELETE', `/api/characters/${first.id}`)).status).toBe(404);
  });

  it('makes the oldest remaining character active when the active one is deleted', async () => {
    const player = await signedInPlayer(server.url);
    const first = await createCharacter(player, { name: 'First' });
    const second = await createCharacter(player, { name: 'Second' });
    expect((await player.request('DELETE', `/api/characters/${second.id}`)).status).toBe(204);
    expect((await listCharacters(player)).map((c) => [c.id, c.isActive])).toEqual([[first.id, true]]);
    expect((await player.request('DELETE', `/api/characters/${first.id}`)).status).toBe(204);
    expect(await listCharacters(player)).toEqual([]);
    // a free slot again
    await createCharacter(player);
  });
});

describe('attribute points (DECISIONS §3)', () => {
  it('refuses an upgrade without points, then spends and resets the points of a level-3 character', async () => {
    const player = await signedInPlayer(server.url);
    const c = await createCharacter(player);
    const upgrade = (attribute: unknown) => player.post<CharacterResponse & ErrorBody>(`/api/characters/${c.id}/attributes/upgrade`, { attribute });
    const none = await upgrade('strength');
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ title: 'No Attribute Points', message: 'You have no attribute points to spend. You earn 3 with every level.' });
    const noneSpent = await player.post<ErrorBody>(`/api/characters/${c.id}/attributes/reset`);
    expect(noneSpent.body).toMatchObject({ title: 'Nothing to Reset', message: 'You have not spent any attribute points yet.' });

    await db().update(playerCharacters).set({ level: 3 }).where(eq(playerCharacters.id, c.id));
    expect((await listCharacters(player))[0]).toMatchObject({ availableAttributePoints: 6, xpToNextLevel: 600 });
    expect((await upgrade('health')).body).toMatchObject({ title: 'Cannot Upgrade', message: '"health" cannot be raised with attribute points.' });
    expect((await upgrade(undefined)).status).toBe(400);

    await upgrade('strength');
    const con = await upgrade('constitution');
    expect(con.status).toBe(200);
    expect(con.body.character).toMatchObject({
      availableAttributePoints: 4,
      spentAttributePoints: { strength: 1, constitution: 1 },
      attributes: { strength: 6, constitution: 6, health: 16, maxHealth: 16, currentHealth: 16 },
    });
    const reset = await player.post<CharacterResponse>(`/api/characters/${c.id}/attributes/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.character).toMatchObject({ availableAttributePoints: 6, spentAttributePoints: {}, attributes: c.attributes });
  });
});

describe('live updates', () => {
  it('tells every open tab of the owner to refetch its characters after a change', async () => {
    const player = await signedInPlayer(server.url);
    const socket = connectSocket(server.url, player);
    await socket.next('hello');
    const invalidate = socket.next('invalidate');
    const c = await createCharacter(player);
    expect(await invalidate).toEqual({ type: 'invalidate', queryKeys: [['characters']] });
    const again = socket.next('invalidate');
    await player.json('PATCH', `/api/characters/${c.id}`, { name: 'Renamed' });
    await again;
    socket.close();
  });
});
