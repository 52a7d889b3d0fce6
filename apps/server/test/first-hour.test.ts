import { awayViewSchema, firstStepsViewSchema, type AwayView, type FirstStepsView } from '@rpg/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, playerCharacters, playerFirstHour } from '../src/db/schema/index.ts';
import { auditEconomy } from '../src/ops/audit-economy.ts';
import { adventuresOf, characterRow, say, sleep } from './support/adventure.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// RPG_TIME_SCALE 600: a level-1 adventure lasts 100 ms; the away card is due after 1 s (10 minutes / 600).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RPG_TIME_SCALE: '600' } });
});
afterAll(() => server?.stop());

const db = () => server.database.db;
const steps = async (client: TestClient) => {
  const res = await client.get<FirstStepsView>('/api/first-steps');
  expect(res.status).toBe(200);
  return firstStepsViewSchema.parse(res.body);
};
const doneIds = (view: FirstStepsView) => view.steps.filter((s) => s.done).map((s) => s.id);
const away = async (client: TestClient, id: string) => {
  const res = await client.get<AwayView>(`/api/characters/${id}/away`);
  expect(res.status).toBe(200);
  return awayViewSchema.parse(res.body);
};

describe('first steps (issue 44 point 1)', () => {
  it('checks each step off on its event, pays its reward once through the ledger, and can be skipped and reopened', async () => {
    const client = await signedInPlayer(server.url);
    const fresh = await steps(client);
    expect(fresh.steps.map((s) => [s.id, s.done])).toEqual([
      ['character', false],
      ['adventure', false],
      ['equip', false],
      ['store', false],
      ['chat', false],
    ]);
    expect(fresh).toMatchObject({ hidden: false, finished: false, reward: 100 });

    const character = await createCharacter(client);
    expect(doneIds(await steps(client))).toEqual(['character']);
    // A step before the last pays nothing.
    expect((await characterRow(db(), character.id)).copper).toBe(0);

    await say(client, character.id, '/forest');
    expect(doneIds(await steps(client))).toEqual(['character', 'adventure']);

    for (const text of ['Hello, world', 'Hello again']) {
      const res = await client.post('/api/chat', { text });
      expect(res.status).toBe(200);
      await sleep(1_100);
    }
    expect(doneIds(await steps(client))).toEqual(['character', 'adventure', 'chat']);
    // The last two steps as stored rows would be (equip and store): the one that finishes pays the reward.
    await db()
      .update(playerFirstHour)
      .set({ steps: ['character', 'adventure', 'chat', 'equip'] })
      .where(eq(playerFirstHour.userId, (await characterRow(db(), character.id)).userId));
    const before = (await characterRow(db(), character.id)).copper;
    const store = await client.get<{ sections: { potions: { offerId: string; price: number }[] } }>(`/api/characters/${character.id}/store`);
    const cheapest = [...store.body.sections.potions].sort((a, b) => a.price - b.price)[0];
    expect(cheapest).toBeDefined();
    await db()
      .update(playerCharacters)
      .set({ copper: before + (cheapest?.price ?? 0) })
      .where(eq(playerCharacters.id, character.id));
    await db()
      .insert(ledgerEntries)
      .values({
        asset: 'copper',
        amount: cheapest?.price ?? 0,
        fromAccount: 'dev_grants',
        toAccount: 'character',
        toCharacterId: character.id,
        reason: 'dev_grant',
      });
    const bought = await client.post(`/api/characters/${character.id}/store/buy`, { offerId: cheapest?.offerId });
    expect(bought.status).toBe(200);
    expect((await steps(client)).finished).toBe(true);
    expect((await characterRow(db(), character.id)).copper).toBe(before + 100);
    const rewards = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'first_steps'), eq(ledgerEntries.toCharacterId, character.id)));
    expect(rewards.map((r) => [r.causeId, r.amount])).toEqual([['store', 100]]);
    expect((await auditEconomy(db())).differences).toEqual([]);

    const hidden = await client.json<FirstStepsView>('PUT', '/api/first-steps', { hidden: true });
    expect(hidden.status).toBe(200);
    expect((await steps(client)).hidden).toBe(true);
    await client.json('PUT', '/api/first-steps', { hidden: false });
    expect((await steps(client)).hidden).toBe(false);
  });
});

describe('while you were away (issue 44 point 5)', () => {
  it('no card on a first visit; after a while, what settled; none once seen', async () => {
    const client = await signedInPlayer(server.url);
    const character = await createCharacter(client);
    expect((await away(client, character.id)).card).toBeNull();

    const seen = await client.post<AwayView>('/api/away/seen', { until: new Date().toISOString() });
    expect(seen.status).toBe(200);
    // Away: an adventure settles meanwhile.
    await say(client, character.id, '/forest');
    await sleep(1_200);
    await client.get(`/api/characters/${character.id}/adventure`);
    const [adventure] = await adventuresOf(db(), character.id);
    expect(adventure?.completed).toBe(true);
    const outcome = adventure?.outcome as { won: boolean; xpGained: number; copperGained: number };

    const { card } = await away(client, character.id);
    expect(card).not.toBeNull();
    expect(card?.summary).toMatchObject({ won: outcome.won ? 1 : 0, lost: outcome.won ? 0 : 1, xp: outcome.xpGained, sales: 0, gifts: 0, messages: 0 });
    // The adventure's copper came in.
    expect(card?.summary.copperIn).toBe(outcome.copperGained);

    const dismissed = await client.post<AwayView>('/api/away/seen', { until: card?.until });
    expect(dismissed.status).toBe(200);
    expect((await away(client, character.id)).card).toBeNull();
  });

  it("refuses another player's character and a bad time", async () => {
    const owner = await signedInPlayer(server.url);
    const other = await signedInPlayer(server.url);
    const character = await createCharacter(owner);
    expect((await other.get(`/api/characters/${character.id}/away`)).status).toBe(404);
    expect((await owner.post('/api/away/seen', { until: 'yesterday' })).status).toBe(400);
  });
});
