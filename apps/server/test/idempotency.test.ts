import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleMessages, playerCharacters } from '../src/db/schema/index.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Issue 46, finding 12: every write accepts an `Idempotency-Key`; a retry with the same key
 * answers the first answer and changes nothing; the same key sent many times at once buys once
 * (truly parallel on PostgreSQL, where the duplicates wait on the first one's claim).
 */
let server: TestServer;
let player: TestClient;
let characterId: string;
beforeAll(async () => {
  server = await startTestServer();
  player = await signedInPlayer(server.url);
  characterId = (await createCharacter(player)).id;
});
afterAll(() => server?.stop());

const db = () => server.database.db;
let keys = 0;
const newKey = () => `test-key-${process.pid}-${Date.now()}-${keys++}`;

async function wallet() {
  const [row] = await db()
    .select({ copper: playerCharacters.copper, chips: playerCharacters.casinoChips })
    .from(playerCharacters)
    .where(eq(playerCharacters.id, characterId));
  return row;
}

async function buyChips(key: string, amount = 100): Promise<{ status: number; text: string; replayed: string | null }> {
  const response = await player.request('POST', `/api/characters/${characterId}/chips/buy`, { amount }, { 'idempotency-key': key });
  return { status: response.status, text: await response.text(), replayed: response.headers.get('idempotent-replayed') };
}

describe('a write with an Idempotency-Key', () => {
  it('answers a retry with the first answer and changes nothing; a new key buys again', async () => {
    await db().update(playerCharacters).set({ copper: 1_000, casinoChips: 0 }).where(eq(playerCharacters.id, characterId));
    const key = newKey();
    const first = await buyChips(key);
    expect(first).toMatchObject({ status: 200, replayed: null });
    expect(await wallet()).toEqual({ copper: 900, chips: 100 });

    const again = await buyChips(key);
    expect(again).toEqual({ status: 200, text: first.text, replayed: 'true' });
    expect(await wallet()).toEqual({ copper: 900, chips: 100 });

    expect((await buyChips(newKey())).status).toBe(200);
    expect(await wallet()).toEqual({ copper: 800, chips: 200 });
  });

  it('keeps a refusal too, and a console line typed twice with one key is stored once', async () => {
    await db().update(playerCharacters).set({ copper: 50, casinoChips: 0 }).where(eq(playerCharacters.id, characterId));
    const refusedKey = newKey();
    const refused = await buyChips(refusedKey);
    expect(refused.status).toBe(400);
    // Nothing was claimed by the refusal (its transaction rolled back): the retry is refused anew.
    expect(await buyChips(refusedKey)).toMatchObject({ status: 400, text: refused.text });

    const key = newKey();
    const text = `said once ${key}`;
    const line = () => player.request('POST', `/api/characters/${characterId}/console`, { text }, { 'idempotency-key': key });
    const [a, b] = [await line(), await line()];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await b.text()).toBe(await a.text());
    const stored = await db()
      .select({ content: consoleMessages.content })
      .from(consoleMessages)
      .where(and(eq(consoleMessages.characterId, characterId), eq(consoleMessages.content, text)));
    expect(stored.length).toBe(1);
  });

  it('refuses a key used for another request, and a malformed key', async () => {
    await db().update(playerCharacters).set({ copper: 1_000, casinoChips: 0 }).where(eq(playerCharacters.id, characterId));
    const key = newKey();
    expect((await buyChips(key)).status).toBe(200);
    const other = await player.request('POST', `/api/characters/${characterId}/chips/cash-out`, { amount: 100 }, { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: string }).error).toBe('idempotency_key_reused');
    expect((await buyChips('short')).status).toBe(400);
    expect(await wallet()).toEqual({ copper: 900, chips: 100 });
  });

  it('buys once when the same key is sent many times at once', async () => {
    await db().update(playerCharacters).set({ copper: 10_000, casinoChips: 0 }).where(eq(playerCharacters.id, characterId));
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 16 }, () => buyChips(key)));
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === null).length).toBe(1);
    expect(await wallet()).toEqual({ copper: 9_900, chips: 100 });
  });
});
