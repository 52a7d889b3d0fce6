import type { StoreView } from '@rpg/contract';
import { itemsIn, itemsOut, materialsOfBiome, materialStack, type ItemData } from '@rpg/game';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterAdventures, playerCharacterAttributes, playerCharacterBackpack, playerCharacterInventory, playerCharacters } from '../src/db/schema/index.ts';
import type { Tx } from '../src/db/client.ts';
import { auditDifferences, recordLedger } from '../src/db/queries/ledger.ts';
import type { ItemLine, StoredOutcome } from '../src/services/adventures/settle.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { gear, giveItem, inventoryRows, setCopper, setVitals } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { statementsOf } from './support/statements.ts';

/**
 * Issue 45, point 3, the play writes: the statements (begin and commit included) an adventure's
 * start, its settlement and a store purchase send, counted by the server (db_request_statements in
 * /metrics), after a first of each has warmed what a first time does once (the first step, an
 * achievement's counter row). The table in docs/performance.md ("Round trips per write") gives them.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.stop());

const db = () => server.database.db;
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
const timed = async (work: () => Promise<unknown>) => {
  const at = performance.now();
  await work();
  return performance.now() - at;
};

describe('statements per play write', () => {
  it('an adventure started, an adventure settled, an offer bought', async () => {
    const player = await signedInPlayer(server.url);
    const character = await createCharacter(player);
    const adventures = `/api/characters/${character.id}/adventures`;
    const adventure = `/api/characters/${character.id}/adventure`;
    /**
     * Ends the character's open adventure a minute ago, unsettled (the next read of the player
     * settles it), with one seed for every adventure here: each fights the same enemy and drops the
     * same loot, so the first settlement unlocks what a first win or a first drop unlocks and the
     * counted ones are the common settlement, not a draw of which achievement happens to unlock.
     */
    const endOpen = () =>
      db()
        .update(characterAdventures)
        .set({ endTime: new Date(Date.now() - 60_000), seed: 'round-trips-play-settle' })
        .where(and(eq(characterAdventures.characterId, character.id), eq(characterAdventures.completed, false)));
    const started = async () => {
      const res = await player.post(adventures, { location: 'forest', level: 1 });
      expect(res.status).toBe(201);
    };

    // The first adventure is the player's first step (issue 44); its settlement the first counted.
    await started();
    await endOpen();
    expect((await player.get(adventure)).status).toBe(200);
    const start = await statementsOf(server, 'POST', '/api/characters/:id/adventures', started);
    const read = await statementsOf(server, 'GET', '/api/characters/:id/adventure', () => player.get(adventure));
    // Each settling read's statements less a plain read's, over five settlements: their median is
    // the common settlement (a count reaching a threshold, a level reached, may add an unlock).
    const settles: number[] = [];
    for (let i = 0; i < 5; i++) {
      if (i > 0) await started();
      await endOpen();
      settles.push((await statementsOf(server, 'GET', '/api/characters/:id/adventure', () => player.get(adventure))) - read);
    }
    const settle = median(settles);

    await setCopper(db(), character.id, 1_000_000);
    // Room for every offer (the adventures' loot takes slots too).
    await db().update(playerCharacterBackpack).set({ slots: 200 }).where(eq(playerCharacterBackpack.characterId, character.id));
    const store = (await player.get<StoreView>(`/api/characters/${character.id}/store`)).body;
    const offers = [...store.sections.potions, ...store.sections.food, ...store.sections.gear];
    const buy = (offerId: string) => async () => {
      const res = await player.post(`/api/characters/${character.id}/store/buy`, { offerId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await buy(offers[0]!.offerId)();
    const bought = await statementsOf(server, 'POST', '/api/characters/:id/store/buy', buy(offers[1]!.offerId));

    // Latency of the warmed writes (one client, one after another).
    const startMs: number[] = [];
    const settleMs: number[] = [];
    for (let i = 0; i < 8; i++) {
      startMs.push(await timed(started));
      await endOpen();
      settleMs.push(await timed(() => player.get(adventure)));
    }
    const buyMs: number[] = [];
    for (const offer of offers.slice(2)) buyMs.push(await timed(buy(offer.offerId)));

    console.log(
      `statements per play write (${server.database.kind}): adventure start ${start}, settle ${settle} (median of ${settles.join(', ')}; read ${read}), store buy ${bought}; ` +
        `median ms: start ${median(startMs).toFixed(1)}, settling read ${median(settleMs).toFixed(1)}, buy ${median(buyMs).toFixed(1)} (${buyMs.length} buys)`,
    );
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThanOrEqual(2);
    // The settling read's extra: begin, the adventure's lock, the character's lock and read, the
    // write, recordEvents (services/achievements.ts: one statement for its common count, 3 to 6 for
    // a won adventure's full count), commit, and the read's second look at the state and the view (2).
    expect(settle).toBeLessThanOrEqual(14);
    // Begin, the lock, the read, the write, recordEvents (its common count: one statement), commit.
    expect(bought).toBeLessThanOrEqual(6);
  });

  it("a start's one statement claims the Idempotency-Key: a retry replays the answer and starts nothing", async () => {
    const player = await signedInPlayer(server.url);
    const character = await createCharacter(player);
    const path = `/api/characters/${character.id}/adventures`;
    // The first adventure (a first step) goes through the transaction; the second is the one statement.
    expect((await player.post(path, { location: 'forest', level: 1 })).status).toBe(201);
    await db().update(characterAdventures).set({ completed: true }).where(eq(characterAdventures.characterId, character.id));
    const send = () => player.request('POST', path, { location: 'forest', level: 1 }, { 'idempotency-key': 'rtp-start-key-1' });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const rows = await db().select().from(characterAdventures).where(eq(characterAdventures.characterId, character.id));
    expect(rows.filter((r) => !r.completed)).toHaveLength(1);
  });
});

/**
 * The lock before the read (db/queries/store.ts `lockBuyer`): a statement that waited for the
 * character's lock reads the inventory as it was when it began, so the buy's read is a statement
 * after the lock. Here a row arrives while the buy waits, taking the last free slot: the buy must
 * see it and refuse, the backpack never over its slots, the ledger whole (PostgreSQL: PGlite runs
 * one transaction at a time).
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('a store buy racing an item that arrives meanwhile (PostgreSQL)', () => {
  it('sees the row that took the last free slot while it waited for the character', async () => {
    const player = await signedInPlayer(server.url);
    const character = await createCharacter(player);
    await setCopper(db(), character.id, 1_000_000);
    const store = (await player.get<StoreView>(`/api/characters/${character.id}/store`)).body;
    const offer = store.sections.gear[0]!;
    const held = (await inventoryRows(db(), character.id)).filter((e) => !e.equipped).length;
    await db()
      .update(playerCharacterBackpack)
      .set({ slots: held + 1 })
      .where(eq(playerCharacterBackpack.characterId, character.id));
    let bought: Promise<{ status: number; body: unknown }> | undefined;
    await db().transaction(async (tx) => {
      // The insert holds the character (its foreign key's KEY SHARE) until this commits: the buy's lock waits for it.
      const item = gear('Racing Blade', 'mainHand', { attack: 2 }, 400, 'uncommon');
      const [entry] = await tx.insert(playerCharacterInventory).values({ characterId: character.id, itemData: item, quantity: 1, equipped: false }).returning();
      if (!entry) throw new Error('insert failed');
      await recordLedger(tx, itemsIn(character.id, [{ entryId: entry.id, item, quantity: 1 }], 'dev_grants', { reason: 'dev_grant' }));
      bought = player.post(`/api/characters/${character.id}/store/buy`, { offerId: offer.offerId });
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const res = await bought;
    expect(res?.status, JSON.stringify(res?.body)).toBe(400);
    expect(res?.body).toMatchObject({ error: 'backpack_full' });
    expect((await inventoryRows(db(), character.id)).filter((e) => !e.equipped)).toHaveLength(held + 1);
    expect((await auditDifferences(db())).differences).toEqual([]);
  });
});

/**
 * The settlement's lock before its read (db/queries/adventure-settle.ts `lockSettled`): a craft
 * that uses up the character's material stacks commits while the settlement waits for the
 * character; the settlement must read the inventory after it, so the loot lands in new rows, not
 * in the stacks that are gone (PostgreSQL: PGlite runs one transaction at a time).
 */
/** As a craft uses up whole rows: the rows deleted and their units written to the ledger (to crafting). */
async function useUp(tx: Tx, characterId: string, rows: ReadonlyArray<{ id: string; item: ItemData; quantity: number }>): Promise<void> {
  await tx.delete(playerCharacterInventory).where(
    inArray(
      playerCharacterInventory.id,
      rows.map((r) => r.id),
    ),
  );
  await recordLedger(
    tx,
    rows.flatMap((r) => itemsOut(characterId, r.id, r.item, r.quantity, 'crafting', { reason: 'craft' })),
  );
}

describe.runIf(Boolean(process.env.DATABASE_URL))('an adventure settled racing a craft that uses up its stacks (PostgreSQL)', () => {
  it('places the loot in rows that exist: every material dropped is held, the ledger whole', async () => {
    const player = await signedInPlayer(server.url);
    const character = await createCharacter(player);
    const materials = materialsOfBiome('forest');
    for (let attempt = 0; attempt < 12; attempt++) {
      const stacks = await Promise.all(
        materials.map(async (material) => {
          const { item } = materialStack(material, 3);
          return { item, entryId: await giveItem(db(), character.id, item, { quantity: 3 }) };
        }),
      );
      const [attributes] = await db().select().from(playerCharacterAttributes).where(eq(playerCharacterAttributes.characterId, character.id));
      await setVitals(db(), character.id, { currentHealth: attributes!.maxHealth });
      expect((await player.post(`/api/characters/${character.id}/adventures`, { location: 'forest', level: 1 })).status).toBe(201);
      await db()
        .update(characterAdventures)
        .set({ endTime: new Date(Date.now() - 60_000) })
        .where(and(eq(characterAdventures.characterId, character.id), eq(characterAdventures.completed, false)));

      let settled: Promise<{ status: number }> | undefined;
      await db().transaction(async (tx) => {
        // As a craft holds it: the character locked, its stacks used up and their ledger rows written.
        await tx.select({ id: playerCharacters.id }).from(playerCharacters).where(eq(playerCharacters.id, character.id)).for('update');
        await useUp(
          tx,
          character.id,
          stacks.map((s) => ({ id: s.entryId, item: s.item, quantity: 3 })),
        );
        settled = player.get(`/api/characters/${character.id}/adventure`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      });
      expect((await settled)?.status).toBe(200);

      const [adventure] = await db()
        .select()
        .from(characterAdventures)
        .where(and(eq(characterAdventures.characterId, character.id), eq(characterAdventures.completed, true)))
        .orderBy(desc(characterAdventures.endTime))
        .limit(1);
      const outcome = adventure!.outcome as unknown as StoredOutcome;
      const units = (lines: readonly ItemLine[], name: string) => lines.filter((l) => l.name === name).reduce((sum, l) => sum + l.quantity, 0);
      const rows = await inventoryRows(db(), character.id);
      const dropped = materials.filter((m) => units(outcome.items, m.name) > 0);
      for (const material of dropped) {
        const held = rows.filter((r) => r.itemData.kind === 'material' && r.itemData.materialId === material.id).reduce((sum, r) => sum + r.quantity, 0);
        expect(held, material.name).toBe(units(outcome.items, material.name) - units(outcome.leftBehind, material.name));
      }
      expect((await auditDifferences(db())).differences).toEqual([]);
      // Held materials from this try would be raised by the next one's loot: clear them.
      const left = rows.filter((r) => r.itemData.kind === 'material');
      if (left.length > 0)
        await db().transaction((tx) =>
          useUp(
            tx,
            character.id,
            left.map((r) => ({ id: r.id, item: r.itemData, quantity: r.quantity })),
          ),
        );
      if (dropped.length > 0) return;
    }
    throw new Error('no material dropped in 12 forest adventures');
  });
});
