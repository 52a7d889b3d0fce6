import { LEADERBOARDS, type Leaderboard } from '@rpg/contract';
import { publicPokerView, startPoker } from '@rpg/game';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPokerGame } from '../src/db/queries/casino.ts';
import { getCharacter } from '../src/db/queries/characters.ts';
import { ownOnBoard, topOfBoard } from '../src/db/queries/leaderboards.ts';
import { playerCharacterAttributes, playerCharacters, pokerGames, users } from '../src/db/schema/index.ts';
import { boardEntry } from '../src/services/leaderboards.ts';
import { pokerRng } from '../src/services/poker.ts';
import { playerWithCharacter } from './support/characters.ts';
import { raw, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The leaderboards and poker reads answer from one statement each (docs/performance.md,
 * "Reads"; the auction's: reads-auction.test.ts). Each answer must be exactly, byte for byte, what the reads it replaced made of the same rows.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;

describe('GET /api/leaderboards/:board', () => {
  /** The answer as the old read made it: the top and the own ranks by two reads in one read-only snapshot, the own sorted by rank. */
  const reference = (board: Leaderboard, userId: string) =>
    db().transaction(
      async (tx) => {
        const entry = (row: Awaited<ReturnType<typeof topOfBoard>>[number]) => boardEntry(board, { ...row, k1: row.key[0] ?? 0 }, userId);
        const top = await topOfBoard(tx, board, 100);
        const own = await ownOnBoard(tx, board, userId);
        return JSON.stringify({ board, entries: top.map(entry), own: own.map(entry).sort((a, b) => a.rank - b.rank) });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

  /** Characters straight into the tables, in one insert each (one created_at for all of them). */
  async function seed(userId: string, rows: Array<{ name: string; level: number; xp: number; count: number; stat: number }>, attributes = true) {
    const made = await db()
      .insert(playerCharacters)
      .values(rows.map((r) => ({ userId, name: r.name, race: 'elf' as const, characterClass: 'mage' as const, gender: 'female' as const, level: r.level, xp: r.xp, adventuresCompleted: r.count, battlesWon: r.count })))
      .returning({ id: playerCharacters.id });
    if (!attributes) return;
    const stat = (v: number) => ({ strength: v, dexterity: v, intelligence: v, constitution: v, attack: v, magicPower: v, speed: v, defense: v, health: v, currentHealth: v, maxHealth: v, currentMana: v, maxMana: v });
    const base = (v: number) => ({ baseStrength: v, baseDexterity: v, baseIntelligence: v, baseConstitution: v, baseAttack: v, baseMagicPower: v, baseSpeed: v, baseDefense: v, baseHealth: v, baseCurrentHealth: v, baseMaxHealth: v, baseCurrentMana: v, baseMaxMana: v });
    await db().insert(playerCharacterAttributes).values(made.map((c, i) => ({ characterId: c.id, ...stat(rows[i]!.stat), ...base(rows[i]!.stat) })));
  }

  async function expectSame(client: TestClient, userId: string) {
    for (const board of LEADERBOARDS) {
      const answer = await raw(client, `/api/leaderboards/${board}`);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(await reference(board, userId));
    }
  }

  it('answers every board as the two reads did: no character, ties at the top and across the 100th place, own characters tied with each other and far below the top, quotes and unicode in names', async () => {
    const nobody = await playerWithCharacter(server.url);
    const me = await playerWithCharacter(server.url);
    const rival = await playerWithCharacter(server.url);
    await db().delete(playerCharacters).where(eq(playerCharacters.userId, nobody.userId));
    await expectSame(nobody.client, nobody.userId);
    await expectSame(me.client, me.userId);

    await db().update(users).set({ username: `Zoë "the" \\ 🐉 ${rival.userId.slice(0, 6)}` }).where(eq(users.id, rival.userId));
    // 130 rivals: keys of few values, so ties everywhere, also across the 100th place.
    await seed(
      rival.userId,
      Array.from({ length: 130 }, (_, i) => ({ name: `Ri'val "${i}" \u00e9 \u2028`, level: 30 + (i % 4), xp: i % 3, count: 1000 + (i % 9), stat: 1000 + (i % 11) })),
    );
    // One without an attributes row: on the character boards' top, never among anyone's own.
    await seed(rival.userId, [{ name: 'Bare', level: 50, xp: 7, count: 2000, stat: 0 }], false);
    // Two of mine, tied with each other (one insert: the same created_at, ordered by id), far below the top.
    await db().delete(playerCharacters).where(eq(playerCharacters.userId, me.userId));
    await seed(me.userId, [
      { name: 'Twin A', level: 2, xp: 5, count: 3, stat: 4 },
      { name: 'Twin B', level: 2, xp: 5, count: 3, stat: 4 },
    ]);
    await expectSame(me.client, me.userId);
    await expectSame(rival.client, rival.userId);
    await expectSame(nobody.client, nobody.userId);

    // One of mine on top, the other tied with rivals.
    await db().update(playerCharacters).set({ level: 60, adventuresCompleted: 5000, battlesWon: 1004 }).where(and(eq(playerCharacters.userId, me.userId), eq(playerCharacters.name, 'Twin B')));
    await db().update(playerCharacterAttributes).set({ maxHealth: 5000, defense: 5000, attack: 1 }).where(sql`character_id in (select id from player_characters where user_id = ${me.userId})`);
    await expectSame(me.client, me.userId);
    const xp = JSON.parse((await raw(me.client, '/api/leaderboards/xp')).text) as { entries: Array<{ name: string; rank: number; own: boolean }>; own: Array<{ name: string; rank: number }> };
    expect(xp.entries[0]).toMatchObject({ name: 'Twin B', rank: 1, own: true });
    expect(xp.own.map((o) => o.name)).toEqual(['Twin B', 'Twin A']);
    const defense = JSON.parse((await raw(me.client, '/api/leaderboards/defense')).text) as { own: Array<{ name: string; rank: number }> };
    expect(defense.own.map((o) => o.rank)).toEqual([1, 1]);
  });
});

describe('GET /api/characters/:id/poker', () => {
  /** The answer as the old read made it: the whole character and the hand, in a transaction. */
  const reference = (userId: string, characterId: string) =>
    db().transaction(async (tx) => {
      const row = await getCharacter(tx, userId, characterId);
      if (!row) throw new Error('no character');
      const record = await getPokerGame(tx, characterId);
      return JSON.stringify({ game: record ? publicPokerView(record.state) : null, chips: row.character.casinoChips });
    });

  it('answers as the character and hand read apart did: no hand, a hand in play with its actions, a showdown; another player\'s character refused as before', async () => {
    const { client, character, userId } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/poker`;
    const none = await raw(client, path);
    expect(none).toEqual({ status: 200, text: await reference(userId, character.id) });
    expect(JSON.parse(none.text)).toEqual({ game: null, chips: 0 });

    await db().update(playerCharacters).set({ casinoChips: 1_234_567_890_123 }).where(eq(playerCharacters.id, character.id));
    const { state } = startPoker({ playerChips: 500, playerName: 'Zoë "the" \\ 🐉' }, pokerRng('seed', 0));
    await db().insert(pokerGames).values({ characterId: character.id, seed: 'seed', state: { ...state, actions: [{ type: 'check' }] } });
    const playing = await raw(client, path);
    expect(playing.text).toBe(await reference(userId, character.id));
    expect(playing.text).not.toContain('actions');
    expect(JSON.parse(playing.text).game.players[1].cards).toBeNull();

    await db().update(pokerGames).set({ state: { ...state, phase: 'showdown', isActive: false, actions: [] } }).where(eq(pokerGames.characterId, character.id));
    const showdown = await raw(client, path);
    expect(showdown.text).toBe(await reference(userId, character.id));
    expect(JSON.parse(showdown.text).game.players[1].cards).toHaveLength(2);

    const thief = await playerWithCharacter(server.url);
    const refused = { status: 404, text: JSON.stringify({ error: 'not_found', message: 'Character not found' }) };
    expect(await raw(thief.client, path)).toEqual(refused);
    expect(await raw(thief.client, '/api/characters/00000000-0000-0000-0000-000000000000/poker')).toEqual(refused);
  });
});
