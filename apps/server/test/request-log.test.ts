import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerCharacters } from '../src/db/schema/index.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

interface LogLine {
  reqId?: string;
  msg?: string;
  /** The failed push's type (realtime/notify.ts logs it). */
  push?: string;
}

/**
 * Issue 28 (logs): every log line written while a request is served carries its request id, the
 * lines of the parts that log through a logger of their own included (better-auth's events, the
 * adventures' settlement, a route's push). Here every push fails (a bus that refuses to publish),
 * so signing in and unlocking a skill each log a failed push during their request.
 */
describe('the log lines of a request', () => {
  let server: TestServer;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      // A level-1 adventure (1 minute) lasts 1 s.
      env: { LOG_LEVEL: 'info', RPG_TIME_SCALE: '60' },
      logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
      bus: {
        publish: async () => {
          throw new Error('bus down');
        },
        subscribe: () => undefined,
        listening: () => true,
        close: async () => undefined,
      },
    });
  });
  afterAll(() => server?.stop());

  it('carry its request id, whichever part of the server writes them', async () => {
    const player = await signedInPlayer(server.url);
    const character = await createCharacter(player);
    await server.database.db.update(playerCharacters).set({ skillPoints: 1 }).where(eq(playerCharacters.id, character.id));
    expect((await player.post(`/api/characters/${character.id}/skills/unlock`, { skillId: 'sparkBolt' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The sign-in's presence push (better-auth's event) and the unlock's push failed during their requests.
    const failures = lines.filter((line) => /push failed/.test(line.msg ?? ''));
    expect(failures.map((line) => line.push)).toEqual(expect.arrayContaining(['presence', 'invalidate']));
    expect(failures.filter((line) => !line.reqId)).toEqual([]);

    // An adventure started by a request is settled later by the scheduler, whose wake-up that
    // request armed: the settlement's failed pushes are not that request's lines (no reqId).
    const started = await player.post(`/api/characters/${character.id}/adventures`, { location: 'forest', level: 1 });
    expect(started.status).toBe(201);
    lines.length = 0;
    await expect.poll(() => lines.filter((line) => line.msg === 'push failed').length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(lines.filter((line) => line.reqId)).toEqual([]);
  });
});

/**
 * Issue 46, finding 13: every answer carries its request's id (`x-request-id`), not only a 500: a
 * success, a refusal, an unknown path, the health checks and a bad body, each a different id.
 */
describe('the request id of every answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('is on every answer, a different one each', async () => {
    const player = await signedInPlayer(server.url);
    const answers = [
      await player.request('GET', '/api/characters'),
      await player.request('GET', '/api/health'),
      await player.request('GET', '/api/no-such-route'),
      await player.request('GET', '/api/characters/not-a-uuid'),
      await player.request('POST', '/api/characters', { name: 7 }),
      await fetch(`${server.url}/api/characters`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 404, 400, 401]);
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    expect(ids.every((id) => typeof id === 'string' && /^[0-9a-f]{16}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
