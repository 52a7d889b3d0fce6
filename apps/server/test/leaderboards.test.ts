import type { LeaderboardResponse } from '@rpg/contract';
import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xpToLeaveLevel, xpToReachLevel } from '@rpg/game';
import { achievementProgress, playerCharacterAttributes, playerCharacters, users } from '../src/db/schema/index.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;

async function userIdOf(client: TestClient) {
  return (await client.get<{ id: string }>('/api/me')).body.id;
}

const stats = {
  strength: 1,
  dexterity: 1,
  intelligence: 1,
  constitution: 1,
  attack: 0,
  magicPower: 0,
  speed: 0,
  defense: 0,
  health: 10,
  currentHealth: 10,
  maxHealth: 10,
  currentMana: 0,
  maxMana: 0,
};
const base = {
  baseStrength: 1,
  baseDexterity: 1,
  baseIntelligence: 1,
  baseConstitution: 1,
  baseAttack: 0,
  baseMagicPower: 0,
  baseSpeed: 0,
  baseDefense: 0,
  baseHealth: 10,
  baseCurrentHealth: 10,
  baseMaxHealth: 10,
  baseCurrentMana: 0,
  baseMaxMana: 0,
};

/** Seeds characters straight into the tables (as many as a board needs), for `userId`. */
async function seed(userId: string, rows: { name: string; level?: number; xp?: number; adventures?: number; battles?: number; attack?: number }[]) {
  const inserted = await db()
    .insert(playerCharacters)
    .values(
      rows.map((r) => ({
        userId,
        name: r.name,
        race: 'human' as const,
        characterClass: 'warrior' as const,
        gender: 'male' as const,
        level: r.level ?? 1,
        xp: r.xp ?? 0,
        adventuresCompleted: r.adventures ?? 0,
        battlesWon: r.battles ?? 0,
      })),
    )
    .returning({ id: playerCharacters.id, name: playerCharacters.name });
  await db()
    .insert(playerCharacterAttributes)
    .values(inserted.map((c, i) => ({ characterId: c.id, ...stats, ...base, attack: rows[i]!.attack ?? 0 })));
  // Written beside the server, not through it: its kept boards are dropped as a write of its own would.
  server.app.ctx.reads.dropHere({ tops: true });
  return inserted;
}

async function board(client: TestClient, name: string) {
  const res = await client.get<LeaderboardResponse>(`/api/leaderboards/${name}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('leaderboards (spec 03 §2/§3, DECISIONS §2/§4)', () => {
  it("shows the owner's battle-pass title beside the name, in the top and in the own rows (issue 27)", async () => {
    const client = await signedInPlayer(server.url);
    const character = await createCharacter(client);
    const userId = await userIdOf(client);
    const own = async () => (await board(client, 'xp')).own.find((e) => e.characterId === character.id);
    expect((await own())?.title).toBeNull();
    await db().insert(achievementProgress).values({ userId, title: 'Champion' });
    // Written beside the server, not through it: its kept boards are dropped as a write of its own would.
    server.app.ctx.reads.dropHere({ tops: true });
    expect((await own())?.title).toBe('Champion');
  });

  it("ranks every player's characters, ties sharing a rank, with the username as the public name, and the own rank outside the top 100", async () => {
    const me = await signedInPlayer(server.url);
    const mine = await createCharacter(me, { name: 'Lowly', class: 'rogue' });
    const other = await signedInPlayer(server.url);
    const otherId = await userIdOf(other);
    const [username] = await db().select({ username: users.username }).from(users).where(eq(users.id, otherId));

    // 120 characters with 1..120 battles won, but 119 raised to 120 and 59 to 60: two ties.
    // Ahead of the 60s: 2 x 120 and 118..61 (58), so they share rank 61 and 58 is 63rd.
    const seeded = Array.from({ length: 120 }, (_, i) => ({
      name: `Seed ${i + 1}`,
      battles: i + 1,
      adventures: i + 1,
      level: 1 + (i % 5),
      xp: i,
      attack: i % 7,
    }));
    seeded[118]!.battles = 120;
    seeded[58]!.battles = 60;
    await seed(otherId, seeded);

    const battles = await board(me, 'battles');
    expect(battles.entries).toHaveLength(100);
    expect(battles.entries.slice(0, 4).map((e) => [e.name, e.value, e.rank])).toEqual([
      [battles.entries[0]!.name, 120, 1],
      [battles.entries[1]!.name, 120, 1],
      ['Seed 118', 118, 3],
      ['Seed 117', 117, 4],
    ]);
    expect(new Set(battles.entries.slice(0, 2).map((e) => e.name))).toEqual(new Set(['Seed 119', 'Seed 120']));
    const tied = battles.entries.filter((e) => e.value === 60);
    expect(tied.map((e) => e.rank)).toEqual([61, 61]);
    expect(battles.entries.find((e) => e.value === 58)?.rank).toBe(63);
    expect(battles.entries[0]).toMatchObject({ username: username?.username, characterClass: 'warrior', own: false });
    expect(JSON.stringify(battles)).not.toContain('@');

    // Mine has 0 battles: behind all 120 seeded characters and whatever other tests made.
    expect(battles.entries.some((e) => e.characterId === mine.id)).toBe(false);
    expect(battles.own).toHaveLength(1);
    const [own] = battles.own;
    expect(own).toMatchObject({ characterId: mine.id, name: 'Lowly', characterClass: 'rogue', value: 0, own: true });
    const ahead = await db().$count(playerCharacters, gt(playerCharacters.battlesWon, 0));
    expect(ahead).toBeGreaterThanOrEqual(120);
    expect(own!.rank).toBe(ahead + 1);
  });

  it('orders XP by total XP earned and Attack by the attack attribute; a player with no character has no own rows', async () => {
    const me = await signedInPlayer(server.url);
    const meId = await userIdOf(me);
    const [veteran, rookie] = await seed(meId, [
      { name: 'Veteran', level: 40, xp: 5, attack: 500 },
      { name: 'Rookie', level: 39, xp: xpToLeaveLevel(39) - 1, attack: 499 },
    ]);
    const xp = await board(me, 'xp');
    expect(xp.entries.slice(0, 2).map((e) => [e.characterId, e.rank])).toEqual([
      [veteran!.id, 1],
      [rookie!.id, 2],
    ]);
    expect(xp.entries[0]!.value).toBe(xpToReachLevel(40) + 5);
    expect(xp.own.map((e) => [e.name, e.rank, e.own])).toEqual([
      ['Veteran', 1, true],
      ['Rookie', 2, true],
    ]);
    const attack = await board(me, 'attack');
    expect(attack.entries.slice(0, 2).map((e) => [e.name, e.value])).toEqual([
      ['Veteran', 500],
      ['Rookie', 499],
    ]);

    const nobody = await signedInPlayer(server.url);
    expect((await board(nobody, 'health')).own).toEqual([]);
    expect((await nobody.get('/api/leaderboards/gold')).status).toBe(400);
  });
});
