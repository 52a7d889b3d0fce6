import type { InventoryView } from '@rpg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// POST /api/dev/characters/:id/materials: development only, so browser tests need not farm random drops.
let server: TestServer;
let plain: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { DEV_GRANTS: '1' } });
  plain = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
  await plain?.stop();
});

describe('development material grants (DEV_GRANTS=1, never in production)', () => {
  it('is never mounted in production, nor without DEV_GRANTS=1', async () => {
    expect(loadConfig({ NODE_ENV: 'production', DEV_GRANTS: '1' }).devGrants).toBe(false);
    expect(loadConfig({ DEV_GRANTS: '1' }).devGrants).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devGrants).toBe(false);
    const client = await signedInPlayer(plain.url);
    const character = await createCharacter(client);
    const res = await client.post(`/api/dev/characters/${character.id}/materials`, { materialId: 'healing_herb', quantity: 2 });
    expect(res.status).toBe(404);
  });

  it("puts materials in one's own character's backpack, stacked, and refuses another player's character and unknown materials", async () => {
    const client = await signedInPlayer(server.url);
    const character = await createCharacter(client);
    for (const quantity of [2, 1]) {
      const res = await client.post(`/api/dev/characters/${character.id}/materials`, { materialId: 'healing_herb', quantity });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ added: quantity, leftBehind: 0 });
    }
    const inventory = await client.get<InventoryView>(`/api/characters/${character.id}/inventory`);
    const herbs = inventory.body.entries.filter((e) => e.item.name === 'Healing Herb');
    expect(herbs.map((e) => e.quantity)).toEqual([3]);

    const unknown = await client.post(`/api/dev/characters/${character.id}/materials`, { materialId: 'gold_bar', quantity: 1 });
    expect(unknown.status).toBe(400);
    const other = await signedInPlayer(server.url);
    const theirs = await other.post(`/api/dev/characters/${character.id}/materials`, { materialId: 'healing_herb', quantity: 1 });
    expect(theirs.status).toBe(404);
    const after = await client.get<InventoryView>(`/api/characters/${character.id}/inventory`);
    expect(after.body.entries.filter((e) => e.item.name === 'Healing Herb').map((e) => e.quantity)).toEqual([3]);
  });

  it('POST /api/dev/roles grants a role as `npm run admin -- grant` does, only with DEV_GRANTS=1 outside production (issue 28)', async () => {
    const email = uniqueEmail('dev-role');
    const client = await signedInPlayer(server.url, email);
    expect((await client.post('/api/dev/roles', { email, role: 'moderator' })).body).toEqual({ message: `${email} is now a moderator (was a player).` });
    expect((await client.get<{ role: string }>('/api/me')).body.role).toBe('moderator');
    const unknown = await client.post<{ message: string }>('/api/dev/roles', { email: 'nobody@example.com', role: 'admin' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('No account has the e-mail nobody@example.com. The player signs up (and verifies the address) first.');
    expect((await (await signedInPlayer(plain.url, email)).post('/api/dev/roles', { email, role: 'admin' })).status).toBe(404);
  });
});
