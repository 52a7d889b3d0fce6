import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StartAdventureResponse } from '@rpg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adventuresOf, characterRow, sleep, storedLines, until } from './support/adventure.ts';
import { createCharacter, listCharacters } from './support/characters.ts';
import { signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// RPG_TIME_SCALE 20: a level-1 adventure (1 minute) lasts 3 s, long enough to stop the server during it.
const env = { RPG_TIME_SCALE: '20' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-restart-'));
let server: TestServer;
beforeAll(async () => {
  // A data folder of its own (not the in-memory template), so a second server opens the same database.
  server = await startTestServer({ env, reuse: { dataDir } });
});
afterAll(() => server?.stop());

/** Stops the running server, keeping its data, and starts a new one on the same database. */
async function restart(): Promise<Date> {
  const databaseUrl = server.databaseUrl;
  await server.stop({ keepData: true });
  const at = new Date();
  server = await startTestServer({ env, reuse: { dataDir, ...(databaseUrl ? { databaseUrl } : {}) } });
  return at;
}

describe('an adventure across a server restart (DECISIONS §3: timed rules survive a restart)', () => {
  it('settles an adventure that ended while the server was down, exactly once', async () => {
    const email = uniqueEmail();
    const client = await signedInPlayer(server.url, email);
    const character = await createCharacter(client);
    const res = await client.post<StartAdventureResponse>(`/api/characters/${character.id}/adventures`, { location: 'forest', level: 1 });
    expect(res.status).toBe(201);
    const endTime = Date.parse(res.body.adventure.endTime);
    expect(endTime - Date.parse(res.body.adventure.startTime)).toBe(3000);

    // Down before the adventure ends: the first server never settled it.
    await server.stop({ keepData: true });
    expect(Date.now()).toBeLessThan(endTime);
    await sleep(endTime - Date.now() + 100);
    const databaseUrl = server.databaseUrl;
    const restartedAt = new Date();
    server = await startTestServer({ env, reuse: { dataDir, ...(databaseUrl ? { databaseUrl } : {}) } });

    // The scheduler settles it on start, without any read.
    const db = () => server.database.db;
    const [row] = await until(async () => {
      const rows = await adventuresOf(db(), character.id);
      return rows[0]?.completed ? rows : undefined;
    });
    expect(row?.completedAt?.getTime()).toBeGreaterThanOrEqual(restartedAt.getTime());
    const outcome = row?.outcome as { won: boolean; xpGained: number; copperGained: number; messages: string[] };
    const expected = {
      xp: outcome.xpGained,
      copper: character.copper + outcome.copperGained,
      adventuresCompleted: 1,
      battlesWon: outcome.won ? 1 : 0,
    };
    expect(await characterRow(db(), character.id)).toMatchObject(expected);

    // Another restart settles nothing again; the player sees the reward once.
    await restart();
    await sleep(300);
    const again = new TestClient(server.url);
    expect((await again.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(200);
    const [view] = await listCharacters(again);
    expect(view).toMatchObject({ xp: expected.xp, copper: expected.copper });
    expect(await characterRow(server.database.db, character.id)).toMatchObject(expected);
    const returned = (await storedLines(server.database.db, character.id)).filter((m) => m.kind === 'adventure-return');
    expect(returned.map((m) => m.content)).toEqual(outcome.messages);
    expect(await adventuresOf(server.database.db, character.id)).toHaveLength(1);
  });
});
