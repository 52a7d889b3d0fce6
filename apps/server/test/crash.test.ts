import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InventoryView, StartAdventureResponse, StoreView } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { characterAdventures, consoleMessages, playerCharacters, storeOffers } from '../src/db/schema/index.ts';
import { sleep } from './support/adventure.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { processDatabase, startServerProcess, type ProcessDatabase, type ServerProcess } from './support/process.ts';

/**
 * Issue 28 (faults): the process killed (SIGKILL: no shutdown at all) while an adventure is being
 * settled and purchases are in flight. After a restart the adventure is settled exactly once, and
 * every purchase happened whole or not at all: copper, sold offers and the inventory agree, and
 * every purchase that was answered is there.
 */
// RPG_TIME_SCALE 20: a level-1 adventure (1 minute) lasts 3 s.
const env = { RPG_TIME_SCALE: '20' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-crash-'));
let database: ProcessDatabase;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  await database?.drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const units = (inventory: InventoryView) => inventory.entries.reduce((sum, entry) => sum + entry.quantity, 0);

describe('a crash (kill -9) in the middle of the work (issue 28: restarts and faults)', () => {
  it('settles the adventure exactly once and keeps every purchase whole, after a restart', { timeout: 180_000 }, async () => {
    database = await processDatabase(dataDir);
    server = await startServerProcess(database, env);
    const email = uniqueEmail();
    const player = await signedInPlayer(server.url, email);
    const character = await createCharacter(player);
    const id = character.id;
    const before = (await player.get<InventoryView>(`/api/characters/${id}/inventory`)).body;
    const store = (await player.get<StoreView>(`/api/characters/${id}/store`)).body;
    const offers = [...store.sections.gear, ...store.sections.potions, ...store.sections.food];

    const started = await player.post<StartAdventureResponse>(`/api/characters/${id}/adventures`, { location: 'forest', level: 1 });
    expect(started.status).toBe(201);
    const endTime = Date.parse(started.body.adventure.endTime);
    // The purchases start just before the adventure ends, and the process dies while the
    // scheduler settles it and the purchases are in flight.
    await sleep(Math.max(0, endTime - Date.now() - 150));
    const buys = offers.map(async (offer) => {
      try {
        const res = await player.request('POST', `/api/characters/${id}/store/buy`, { offerId: offer.offerId });
        await res.text();
        return { offerId: offer.offerId, status: res.status };
      } catch {
        return { offerId: offer.offerId, status: 0 };
      }
    });
    await sleep(Math.max(0, endTime - Date.now()) + 20);
    await server.kill();
    const results = await Promise.all(buys);

    server = await startServerProcess(database, env);
    const again = new TestClient(server.url);
    expect((await again.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(200);
    const after = (await again.get<InventoryView>(`/api/characters/${id}/inventory`)).body;
    // The scheduler settles what the crash left; give it a moment, then stop cleanly.
    await sleep(1500);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    server = undefined;

    const db = await openDatabase({ dataDir, databaseUrl: database.databaseUrl });
    try {
      const adventures = await db.db.select().from(characterAdventures).where(eq(characterAdventures.characterId, id));
      expect(adventures).toHaveLength(1);
      const [adventure] = adventures;
      expect(adventure?.completed).toBe(true);
      const outcome = adventure?.outcome as { xpGained: number; copperGained: number; messages: string[]; items: Array<{ quantity: number }> };
      const returned = (await db.db.select().from(consoleMessages).where(eq(consoleMessages.characterId, id))).filter((m) => m.kind === 'adventure-return');
      expect(returned.map((m) => m.content)).toEqual(outcome.messages);

      const sold = (await db.db.select().from(storeOffers).where(eq(storeOffers.characterId, id))).filter((o) => o.sold);
      const [row] = await db.db.select().from(playerCharacters).where(eq(playerCharacters.id, id));
      expect(row).toMatchObject({ xp: outcome.xpGained, adventuresCompleted: 1 });
      // Copper: what the character had, plus the adventure's reward once, less the offers sold.
      expect(row?.copper).toBe(character.copper + outcome.copperGained - sold.reduce((sum, o) => sum + o.price, 0));
      // Each offer sold is in the inventory once, beside the adventure's loot (once); each purchase answered 200 was sold.
      const loot = outcome.items.reduce((sum, item) => sum + item.quantity, 0);
      expect(units(after)).toBe(units(before) + sold.length + loot);
      const soldIds = new Set(sold.map((o) => o.id));
      for (const { offerId } of results.filter((r) => r.status === 200)) expect(soldIds.has(offerId)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
