import type { CharacterListResponse, InventoryActionResponse } from '@rpg/contract';
import { maxHealthWithGear, storePotion } from '@rpg/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributesRow, replies, say } from './support/adventure.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { gear, giveItem, setVitals } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;

describe('max health with gear, the same everywhere (spec 02 §3 gear stats, §4/§8 health capped at max)', () => {
  it('shows, heals and caps to max health plus gear health: sheet, /status, /spell heal, potions, unequip', async () => {
    const player = await signedInPlayer(server.url);
    const character = await createCharacter(player, { name: 'Ilsa', class: 'mage', race: 'human', gender: 'female' });
    const base = character.attributes.maxHealth;
    const helm = await giveItem(db(), character.id, gear('Common Iron Helm', 'head', { defense: 1, health: 6 }, 10), { equipped: true });
    await giveItem(db(), character.id, storePotion('health', 'common'));
    const withGear = base + 6;
    // Full by the attributes alone, 6 below the maximum with the helm.
    await setVitals(db(), character.id, { currentHealth: base, currentMana: character.attributes.maxMana });

    // The character view carries the gear bonuses; the rule gives the maximum the sheet shows.
    const { body } = await player.get<CharacterListResponse>('/api/characters');
    const view = body.characters.find((c) => c.id === character.id);
    if (!view) throw new Error('no character');
    expect(view.gearBonuses).toEqual({ attack: 0, defense: 1, speed: 0, health: 6 });
    expect(maxHealthWithGear(view.attributes, view.gearBonuses)).toBe(withGear);

    const status = replies(await say(player, character.id, '/status'))[0]?.content ?? '';
    expect(status).toContain(`Health: ${base}/${withGear}`);

    // Heal is not refused while a potion would heal: both go up to max health with gear.
    const healed = replies(await say(player, character.id, '/spell heal'))[0];
    expect(healed).toMatchObject({ kind: 'mana' });
    expect(healed?.content).toMatch(new RegExp(`^You cast heal and restore 5 health \\(${base + 5}/${withGear}\\)\\. Mana: `));
    const drink = replies(await say(player, character.id, '/potion health'))[0];
    expect(drink?.content).toBe('You drink Minor Health Potion and recover 1 health.');
    expect(await attributesRow(db(), character.id)).toMatchObject({ currentHealth: withGear });
    expect(replies(await say(player, character.id, '/spell heal'))[0]).toMatchObject({ kind: 'error', content: 'You are already at full health.' });

    // Taking the helm off lowers the maximum, and current health with it: never '16 / 10'.
    const off = await player.post<InventoryActionResponse>(`/api/characters/${character.id}/inventory/${helm}/unequip`, {});
    expect(off.status).toBe(200);
    expect(off.body.inventory.effective.maxHealth).toBe(base);
    expect(await attributesRow(db(), character.id)).toMatchObject({ currentHealth: base });
    const after = (await player.get<CharacterListResponse>('/api/characters')).body.characters.find((c) => c.id === character.id);
    expect(after?.gearBonuses.health).toBe(0);
    expect(after?.attributes.currentHealth).toBe(base);
    expect(replies(await say(player, character.id, '/status'))[0]?.content).toContain(`Health: ${base}/${base}`);
  });
});
