import { adventureStateResponseSchema, queryKeys, worldChangedPushSchema, worldResponseSchema, type WorldResponse } from '@rpg/contract';
import { adventureDuration, adventureForecast, combatStatsOf, enemyFor, worldAt } from '@rpg/game';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributesOf } from '../src/db/queries/characters.ts';
import { playerCharacterAttributes } from '../src/db/schema/index.ts';
import { worldView } from '../src/services/world.ts';
import { attributesRow } from './support/adventure.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, TestClient } from './support/client.ts';
import { startServerBeside, startTestServer, type TestServer } from './support/server.ts';
import { connectSocket, openSocket, type Push } from './support/socket.ts';

// RPG_TIME_SCALE 2000: the world's game time runs 2000 times faster, so a 30-minute weather spell
// turns every 0.9 s and the push comes within a second.
const TIME_SCALE = 2000;
const SPELL_MS = (30 * 60 * 1000) / TIME_SCALE;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RPG_TIME_SCALE: String(TIME_SCALE) } });
});
afterAll(() => server?.stop());

/** The next push: the world's conditions or its hour turn, whichever comes first. */
const turn = (w: WorldResponse) => Math.min(Date.parse(w.nextChangeAt), Date.parse(w.hourUntil));

const world = async (client: TestClient) => {
  const res = await client.get<WorldResponse>('/api/world');
  expect(res.status).toBe(200);
  return worldResponseSchema.parse(res.body);
};

describe('issue 42: GET /api/world, the living world the same for everyone', () => {
  it('refuses a visitor without a session', async () => {
    const res = await new TestClient(server.url).get('/api/world');
    expect(res.status).toBe(401);
  });

  it("answers the rules' world at the server's time scale, every moment in real time", async () => {
    const client = await signedInPlayer(server.url);
    const body = await world(client);
    const at = Date.parse(body.at);
    expect(Math.abs(at - Date.now())).toBeLessThan(5000);
    expect(body).toEqual(worldView(at, TIME_SCALE));
    const rules = worldAt(at, TIME_SCALE);
    expect(body.lands.map((l) => [l.id, l.weather, l.night])).toEqual(Object.values(rules.lands).map((l) => [l.location, l.weather, l.night]));
    // The time scale applies: the next turn comes within one scaled spell, not 30 real minutes; the hour within 5 game minutes.
    expect(Date.parse(body.hourUntil) - at).toBeLessThanOrEqual((5 * 60 * 1000) / TIME_SCALE);
    expect(Date.parse(body.nextChangeAt) - at).toBeGreaterThan(0);
    expect(Date.parse(body.nextChangeAt) - at).toBeLessThanOrEqual(SPELL_MS);
    expect(body.lands.find((l) => l.id === 'caves')).toMatchObject({ night: false, underground: true });
    expect(body.lands.find((l) => l.id === 'forest')?.line).toMatch(/^Forest: (day|night), (clear|rain|fog|storm)$/);
  });

  it('pushes the new world to a tab that shows it when it turns, and not to a tab that shows none of it', async () => {
    const client = await signedInPlayer(server.url);
    const before = await world(client);
    const shows = await openSocket(server.url, client);
    shows.ws.send(JSON.stringify({ type: 'watch', keys: [queryKeys.world] }));
    const other = await openSocket(server.url, client);
    other.ws.send(JSON.stringify({ type: 'watch', keys: [queryKeys.chat] }));
    // The pong comes after the watch is taken (a socket's messages are read in order): what comes after it is filtered.
    const pong = other.next('pong');
    other.ws.send(JSON.stringify({ type: 'ping' }));
    const watched = other.messages.indexOf(await pong);
    const push = worldChangedPushSchema.parse(await shows.next('world-changed', 5000));
    const at = Date.parse(push.world.at);
    expect(at).toBeGreaterThanOrEqual(turn(before));
    expect(push.world).toEqual(worldView(at, TIME_SCALE));
    // The next one follows at the world's next turn.
    const second = worldChangedPushSchema.parse(await shows.next('world-changed', 5000));
    expect(Date.parse(second.world.at)).toBeGreaterThanOrEqual(turn(push.world));
    expect(other.messages.slice(watched).filter((m) => m.type === 'world-changed')).toEqual([]);
    shows.close();
    other.close();
  });

  it("shows each adventure's win chance with the character's health and the world, and its XP and copper per hour, from the rules", async () => {
    const client = await signedInPlayer(server.url);
    const character = await createCharacter(client);
    const a = await attributesRow(server.app.ctx.database.db, character.id);
    const wounded = Math.ceil(a.maxHealth / 2);
    await server.app.ctx.database.db
      .update(playerCharacterAttributes)
      .set({ currentHealth: wounded })
      .where(eq(playerCharacterAttributes.characterId, character.id));
    const volcano = { location: 'volcano' as const, level: 1, enemy: enemyFor('volcano', 1)!, durationMs: adventureDuration(1, [], TIME_SCALE).durationMs };
    const conditionsAt = (at: string) => worldAt(Date.parse(at), TIME_SCALE).lands.volcano;
    const forecast = (at: string) =>
      adventureForecast({
        ...volcano,
        stats: combatStatsOf({ characterClass: 'mage', attributes: { ...attributesOf(a), currentHealth: wounded } }),
        conditions: conditionsAt(at),
      });
    // The world may turn between the reads: the launcher is the rules' figures in the world before or after.
    const before = await world(client);
    const res = await client.get(`/api/characters/${character.id}/adventure`);
    const after = await world(client);
    const volcano1 = adventureStateResponseSchema.parse(res.body).launcher.locations.find((l) => l.id === 'volcano')?.levels[0];
    const expected = [forecast(before.at), forecast(after.at)].map((f) => ({
      winChance: Math.round(f.winChance * 10_000) / 10_000,
      xpPerHour: f.xpPerHour,
      copperPerHour: f.copperPerHour,
    }));
    expect(expected).toContainEqual({ winChance: volcano1?.winChance, xpPerHour: volcano1?.xpPerHour, copperPerHour: volcano1?.copperPerHour });
    expect(volcano1?.xpPerHour).toBeGreaterThan(0);
    // Wounds count: at full health the same adventure is likelier won.
    const healthy = adventureForecast({
      ...volcano,
      stats: combatStatsOf({ characterClass: 'mage', attributes: attributesOf(a) }),
      conditions: conditionsAt(after.at),
    });
    expect(healthy.winChance).toBeGreaterThan(forecast(after.at).winChance);
  });
});

/**
 * Several processes: each times the push for its own sockets (nothing crosses the bus), so a tab
 * gets each turn once, whichever process holds it. PGlite is one process: this runs on PostgreSQL.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('issue 42: the world push with two servers on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ env: { RPG_TIME_SCALE: String(TIME_SCALE) } });
    b = await startServerBeside(a, { env: { RPG_TIME_SCALE: String(TIME_SCALE) } });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('gives a tab on either server each turn once', async () => {
    const player = await signedInPlayer(a.url);
    const onA = connectSocket(a.url, player);
    const onB = connectSocket(b.url, player);
    await onA.waitFor('hello');
    await onB.waitFor('hello');
    const first = await onA.next('world-changed', 5000);
    await onA.next('world-changed', 5000);
    await onB.waitFor(
      'world-changed',
      (m) => Date.parse((m as Push & { world: WorldResponse }).world.at) >= turn((first as Push & { world: WorldResponse }).world),
      5000,
    );
    for (const tab of [onA, onB]) {
      const turns = tab.messages.filter((m): m is Push & { world: WorldResponse } => m.type === 'world-changed').map((m) => turn(m.world));
      expect(new Set(turns).size).toBe(turns.length);
    }
    onA.close();
    onB.close();
  });
});
