import { LEADERBOARD_SIZE, LEADERBOARDS, type Leaderboard, type LeaderboardResponse } from '@rpg/contract';
import { publicPokerView, startPoker, totalXp } from '@rpg/game';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementProgress, playerCharacterAttributes, playerCharacters, pokerGames, users } from '../src/db/schema/index.ts';
import { pokerRng } from '../src/services/poker.ts';
import { playerWithCharacter } from './support/characters.ts';
import { raw, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The leaderboards and poker reads (one statement each, typed rows mapped by one view: docs/
 * architecture.md, "A read, end to end"), held to what a player sees. The auction's reads:
 * test/reads-auction.test.ts on h/views-social.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;

describe('GET /api/leaderboards/:board', () => {
  /**
   * The board as spec 03 §2 / DECISIONS §2 rank it, worked out here from every character in the
   * database: highest key first (level then xp on XP), a rank one more than the characters strictly
   * ahead (ties share it: 1, 1, 3), ties listed newest id first; the top 100, and the player's own
   * characters (those with attributes) by rank, then oldest first.
   */
  async function expected(board: Leaderboard, userId: string): Promise<LeaderboardResponse> {
    const rows = await db()
      .select({ c: playerCharacters, a: playerCharacterAttributes, username: users.username, title: achievementProgress.title })
      .from(playerCharacters)
      .innerJoin(users, eq(users.id, playerCharacters.userId))
      .leftJoin(playerCharacterAttributes, eq(playerCharacterAttributes.characterId, playerCharacters.id))
      .leftJoin(achievementProgress, eq(achievementProgress.userId, playerCharacters.userId));
    const keyOf = (r: (typeof rows)[number]): number[] | undefined => {
      switch (board) {
        case 'xp':
          return [r.c.level, r.c.xp];
        case 'adventures':
          return [r.c.adventuresCompleted];
        case 'battles':
          return [r.c.battlesWon];
        case 'health':
          return r.a ? [r.a.maxHealth] : undefined;
        case 'defense':
          return r.a ? [r.a.defense] : undefined;
        case 'attack':
          return r.a ? [r.a.attack] : undefined;
      }
    };
    const compare = (x: number[], y: number[]) => (x[0]! - y[0]! !== 0 ? x[0]! - y[0]! : (x[1] ?? 0) - (y[1] ?? 0));
    const on = rows.flatMap((r) => {
      const key = keyOf(r);
      return key ? [{ r, key }] : [];
    });
    const entry = ({ r, key }: (typeof on)[number]) => ({
      characterId: r.c.id,
      name: r.c.name,
      characterClass: r.c.characterClass,
      level: r.c.level,
      value: board === 'xp' ? totalXp(r.c.level, r.c.xp) : key[0]!,
      rank: 1 + on.filter((o) => compare(o.key, key) > 0).length,
      username: r.username,
      title: r.title ?? null,
      own: r.c.userId === userId,
    });
    const top = [...on].sort((x, y) => compare(y.key, x.key) || (x.r.c.id < y.r.c.id ? 1 : -1)).slice(0, LEADERBOARD_SIZE);
    const own = on
      .filter((o) => o.r.c.userId === userId && o.r.a)
      .map((o) => ({ o, e: entry(o) }))
      .sort((x, y) => x.e.rank - y.e.rank || x.o.r.c.createdAt.getTime() - y.o.r.c.createdAt.getTime() || (x.o.r.c.id < y.o.r.c.id ? -1 : 1));
    return { board, entries: top.map(entry), own: own.map((x) => x.e) };
  }

  /** Characters straight into the tables, in one insert each (one created_at for all of them). */
  async function seed(userId: string, rows: Array<{ name: string; level: number; xp: number; count: number; stat: number }>, attributes = true) {
    const made = await db()
      .insert(playerCharacters)
      .values(
        rows.map((r) => ({
          userId,
          name: r.name,
          race: 'elf' as const,
          characterClass: 'mage' as const,
          gender: 'female' as const,
          level: r.level,
          xp: r.xp,
          adventuresCompleted: r.count,
          battlesWon: r.count,
        })),
      )
      .returning({ id: playerCharacters.id });
    if (!attributes) return;
    const stat = (v: number) => ({
      strength: v,
      dexterity: v,
      intelligence: v,
      constitution: v,
      attack: v,
      magicPower: v,
      speed: v,
      defense: v,
      health: v,
      currentHealth: v,
      maxHealth: v,
      currentMana: v,
      maxMana: v,
    });
    const base = (v: number) => ({
      baseStrength: v,
      baseDexterity: v,
      baseIntelligence: v,
      baseConstitution: v,
      baseAttack: v,
      baseMagicPower: v,
      baseSpeed: v,
      baseDefense: v,
      baseHealth: v,
      baseCurrentHealth: v,
      baseMaxHealth: v,
      baseCurrentMana: v,
      baseMaxMana: v,
    });
    await db()
      .insert(playerCharacterAttributes)
      .values(made.map((c, i) => ({ characterId: c.id, ...stat(rows[i]!.stat), ...base(rows[i]!.stat) })));
  }

  async function expectSame(client: TestClient, userId: string) {
    // The rows are written beside the server, not through it: its kept boards are dropped as a write of its own would.
    server.app.ctx.reads.dropHere({ tops: true });
    for (const board of LEADERBOARDS) {
      const answer = await client.get<LeaderboardResponse>(`/api/leaderboards/${board}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(await expected(board, userId));
    }
  }

  // Also: own characters tied with each other, quotes and unicode in names.
  it('ranks every board: no character, titles beside names, ties at the top and across the 100th place, own characters far below the top', async () => {
    const nobody = await playerWithCharacter(server.url);
    const me = await playerWithCharacter(server.url);
    const rival = await playerWithCharacter(server.url);
    await db().delete(playerCharacters).where(eq(playerCharacters.userId, nobody.userId));
    await expectSame(nobody.client, nobody.userId);
    await expectSame(me.client, me.userId);

    await db()
      .update(users)
      .set({ username: `Zoë "the" \\ 🐉 ${rival.userId.slice(0, 6)}` })
      .where(eq(users.id, rival.userId));
    await db()
      .insert(achievementProgress)
      .values({ userId: rival.userId, title: 'the "Bold"' })
      .onConflictDoUpdate({ target: achievementProgress.userId, set: { title: 'the "Bold"' } });
    // 130 rivals: keys of few values, so ties everywhere, also across the 100th place.
    await seed(
      rival.userId,
      Array.from({ length: 130 }, (_, i) => ({
        name: `Ri'val "${i}" \u00e9 \u2028`,
        level: 30 + (i % 4),
        xp: i % 3,
        count: 1000 + (i % 9),
        stat: 1000 + (i % 11),
      })),
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
    await db()
      .update(playerCharacters)
      .set({ level: 60, adventuresCompleted: 5000, battlesWon: 1004 })
      .where(and(eq(playerCharacters.userId, me.userId), eq(playerCharacters.name, 'Twin B')));
    await db()
      .update(playerCharacterAttributes)
      .set({ maxHealth: 5000, defense: 5000, attack: 1 })
      .where(sql`character_id in (select id from player_characters where user_id = ${me.userId})`);
    await expectSame(me.client, me.userId);
    const xp = (await me.client.get<LeaderboardResponse>('/api/leaderboards/xp')).body;
    expect(xp.entries[0]).toMatchObject({ name: 'Twin B', rank: 1, own: true, value: totalXp(60, 5) });
    expect(xp.own.map((o) => o.name)).toEqual(['Twin B', 'Twin A']);
    const defense = (await me.client.get<LeaderboardResponse>('/api/leaderboards/defense')).body;
    expect(defense.own.map((o) => o.rank)).toEqual([1, 1]);
    // Ties share a rank and the next one skips (the 130 rivals' keys take few values).
    const adventures = (await rival.client.get<LeaderboardResponse>('/api/leaderboards/adventures')).body;
    expect(adventures.entries).toHaveLength(LEADERBOARD_SIZE);
    expect(adventures.entries.slice(0, 3).map((e) => [e.name, e.rank, e.value])).toEqual([
      ['Twin B', 1, 5000],
      ['Bare', 2, 2000],
      [expect.any(String), 3, 1008],
    ]);
    expect(adventures.entries[3]?.rank).toBe(3);
    expect(adventures.entries.find((e) => e.name === 'Bare')).toMatchObject({ title: 'the "Bold"', own: true });
  });
});

describe('GET /api/characters/:id/poker', () => {
  // A hand in play hides the opponent's cards and the actions; another player's character is refused as before.
  it("answers the chips and the hand as the player may see it: no hand, a hand in play, a showdown; another player's character refused", async () => {
    const { client, character } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/poker`;
    const none = await client.get(path);
    expect(none).toEqual({ status: 200, body: { game: null, chips: 0 } });

    await db().update(playerCharacters).set({ casinoChips: 1_234_567_890_123 }).where(eq(playerCharacters.id, character.id));
    const { state } = startPoker({ playerChips: 500, playerName: 'Zoë "the" \\ 🐉' }, pokerRng('seed', 0));
    await db()
      .insert(pokerGames)
      .values({ characterId: character.id, seed: 'seed', state: { ...state, actions: [{ type: 'check' }] } });
    const playing = await raw(client, path);
    expect(playing.text).not.toContain('actions');
    expect(JSON.parse(playing.text)).toEqual({ game: publicPokerView(state), chips: 1_234_567_890_123 });
    expect(JSON.parse(playing.text).game.players[1].cards).toBeNull();

    await db()
      .update(pokerGames)
      .set({ state: { ...state, phase: 'showdown', isActive: false, actions: [] } })
      .where(eq(pokerGames.characterId, character.id));
    const showdown = await client.get<{ game: { players: Array<{ cards: unknown[] | null }> } }>(path);
    expect(showdown.body.game.players[1]?.cards).toHaveLength(2);

    const thief = await playerWithCharacter(server.url);
    const refused = { status: 404, text: JSON.stringify({ error: 'not_found', message: 'Character not found' }) };
    expect(await raw(thief.client, path)).toEqual(refused);
    expect(await raw(thief.client, '/api/characters/00000000-0000-0000-0000-000000000000/poker')).toEqual(refused);
  });
});
