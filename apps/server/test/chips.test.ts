import { chipsResponseSchema, type ChipsResponse } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerCharacters } from '../src/db/schema/index.ts';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { say } from './support/console.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let player: TestClient;
let characterId: string;
beforeAll(async () => {
  server = await startTestServer();
  player = await signedInPlayer(server.url);
  characterId = (await createCharacter(player, { name: 'Gambler' })).id;
});
afterAll(() => server?.stop());

const db = () => server.database.db;

/** The test's one character, with its wallet set (tests in a file run one after another). */
async function freshCharacter(copper: number, casinoChips = 0): Promise<string> {
  await db().update(playerCharacters).set({ copper, casinoChips }).where(eq(playerCharacters.id, characterId));
  return characterId;
}

async function wallet(id: string) {
  const [row] = await db()
    .select({ copper: playerCharacters.copper, chips: playerCharacters.casinoChips })
    .from(playerCharacters)
    .where(eq(playerCharacters.id, id));
  return row;
}

const buy = (id: string, amount: unknown) => player.post<ChipsResponse & ErrorBody>(`/api/characters/${id}/chips/buy`, { amount });
const cashOut = (id: string, amount: unknown) => player.post<ChipsResponse & ErrorBody>(`/api/characters/${id}/chips/cash-out`, { amount });

describe('Buy Casino Chips dialog (spec 02 §5 "Chips", §9)', () => {
  it('refuses 0, 99, 150, negatives, fractions and non-numbers with the spec texts, changing nothing', async () => {
    const id = await freshCharacter(1000);
    for (const amount of [0, 99, 150, -100, 100.5, 'lots', null]) {
      const res = await buy(id, amount);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_chip_amount', title: 'Invalid amount', message: 'Please enter a positive chip amount in multiples of 100' });
    }
    expect(await wallet(id)).toEqual({ copper: 1000, chips: 0 });
  });

  it('refuses more than the funds with "Not enough currency"', async () => {
    const id = await freshCharacter(999);
    const res = await buy(id, 1000);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'insufficient_funds', title: 'Not enough currency', message: 'You need 1000 copper to buy 1000 chips.' });
    expect(await wallet(id)).toEqual({ copper: 999, chips: 0 });
  });

  it('buys 100 chips for 100 copper, and everything the funds allow down to 0 copper', async () => {
    const id = await freshCharacter(10_100);
    const first = await buy(id, 100);
    expect(first.status).toBe(200);
    chipsResponseSchema.parse(first.body);
    expect(first.body).toEqual({
      chips: 100,
      copper: 10_000,
      coins: { gold: 1, silver: 0, copper: 0 },
      toast: { title: 'Chips Purchased', description: 'You bought 100 casino chips for 100 copper.', variant: 'success' },
    });
    const all = await buy(id, '10000');
    expect(all.body).toMatchObject({ chips: 10_100, copper: 0, coins: { gold: 0, silver: 0, copper: 0 } });
    expect((await buy(id, 100)).body.title).toBe('Not enough currency');
    expect(await wallet(id)).toEqual({ copper: 0, chips: 10_100 });
  });

  it("answers 404 for another player's character", async () => {
    const id = await freshCharacter(1000);
    const other = await signedInPlayer(server.url);
    const res = await other.post<ErrorBody>(`/api/characters/${id}/chips/buy`, { amount: 100 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Character not found');
    expect((await other.post<ErrorBody>(`/api/characters/${id}/chips/cash-out`, { amount: 100 })).status).toBe(404);
    expect(await wallet(id)).toEqual({ copper: 1000, chips: 0 });
  });
});

describe('Cash Out Casino Chips dialog (spec 02 §5, §8 "Chips", §9 fee)', () => {
  it('refuses 0 and more than held, then pays floor(95%): 101 chips -> 95 copper', async () => {
    const id = await freshCharacter(0, 1000);
    const zero = await cashOut(id, 0);
    expect(zero.status).toBe(400);
    expect(zero.body).toMatchObject({ title: 'Invalid amount' });
    const tooMany = await cashOut(id, 1001);
    expect(tooMany.body).toEqual({ error: 'insufficient_chips', title: 'Not enough chips', message: 'You only have 1000 chips available to cash out' });
    const res = await cashOut(id, 101);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      chips: 899,
      copper: 95,
      coins: { gold: 0, silver: 0, copper: 95 },
      toast: { title: 'Chips Cashed Out', description: 'You cashed out 101 chips and received 95 copper (fee: 6 copper).', variant: 'success' },
    });
    expect((await cashOut(id, 1)).body).toMatchObject({ chips: 898, copper: 95 });
  });

  it('lets exactly one of two parallel cash-outs of every chip through', async () => {
    const id = await freshCharacter(0, 5000);
    const results = await Promise.all([cashOut(id, 5000), cashOut(id, 5000)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body).toMatchObject({ title: 'Not enough chips', message: 'You only have 0 chips available to cash out' });
    expect(await wallet(id)).toEqual({ copper: 4750, chips: 0 });
  });
});

describe('/buy and /cashout in the console (spec 02 §5 "Commands", §8 "Chips")', () => {
  it('shows the usage, the refusals and the purchases', async () => {
    const id = await freshCharacter(500);
    for (const text of ['/buy', '/buy lots']) {
      expect((await say(player, id, text)).lines).toMatchObject([
        { kind: 'system', content: 'Usage: /buy [amount] - Purchases the specified amount of casino chips.' },
      ]);
    }
    expect((await say(player, id, '/buy 1000')).lines).toMatchObject([
      { kind: 'error', content: 'Error: Not enough currency. You need 1000 copper to buy 1000 chips.' },
    ]);
    const odd = await say(player, id, '/buy 150');
    expect(odd.lines).toMatchObject([{ kind: 'error', content: 'Please enter a positive chip amount in multiples of 100' }]);
    expect(odd.toasts).toEqual([{ title: 'Invalid amount', description: 'Please enter a positive chip amount in multiples of 100', variant: 'error' }]);
    expect((await say(player, id, '/buy 300')).lines).toMatchObject([{ kind: 'success', content: 'You bought 300 casino chips for 300 copper.' }]);
    expect(await wallet(id)).toEqual({ copper: 200, chips: 300 });

    expect((await say(player, id, '/cashout')).lines).toMatchObject([
      { kind: 'system', content: 'Usage: /cashout [amount|all] - Cashes out casino chips for copper (5% fee).' },
    ]);
    expect((await say(player, id, '/cashout 301')).lines).toMatchObject([{ kind: 'error', content: 'You only have 300 chips available to cash out' }]);
    expect((await say(player, id, '/co 101')).lines).toMatchObject([
      { kind: 'success', content: 'You cashed out 101 chips and received 95 copper (fee: 6 copper).' },
    ]);
    expect((await say(player, id, '/cashout all')).lines).toMatchObject([
      { kind: 'success', content: 'You cashed out 199 chips and received 189 copper (fee: 10 copper).' },
    ]);
    expect(await wallet(id)).toEqual({ copper: 484, chips: 0 });
  });
});
