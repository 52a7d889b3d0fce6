import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleMessages } from '../src/db/schema/index.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, signIn, type TestClient, uniqueEmail } from './support/client.ts';
import { serverProcesses } from './support/process.ts';
import { connectSocket } from './support/socket.ts';

/** A POST on a new connection: its status and when it came (0: the connection ended without an answer). */
function post(
  url: string,
  pathname: string,
  client: TestClient,
  body: unknown,
): Promise<{ status: number; at: number; text: string; retryAfter: string | undefined }> {
  const text = (body as { text: string }).text;
  return new Promise((resolve) => {
    const request = http.request(new URL(pathname, url), {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', origin: client.origin, cookie: client.cookieHeader() },
    });
    request.on('response', (response) => {
      response.resume();
      const retryAfter = response.headers['retry-after'];
      response.on('end', () => resolve({ status: response.statusCode ?? 0, at: Date.now(), text, retryAfter }));
    });
    request.on('error', () => resolve({ status: 0, at: Date.now(), text, retryAfter: undefined }));
    request.end(JSON.stringify(body));
  });
}

/**
 * Issue 28 (restarts): SIGTERM to a real server process in the middle of 50 console lines. The
 * lines in flight finish and are stored once each, tabs are told the server restarts (1012),
 * readiness answers 503 from the signal on, and the process exits within 10 s.
 */
const processes = serverProcesses('shutdown');

/** The lines the player typed into the character's console, as stored (read with no server running). */
function typedLines(characterId: string): Promise<string[]> {
  return processes.withDatabase(async ({ db }) => {
    const rows = await db
      .select({ content: consoleMessages.content })
      .from(consoleMessages)
      .where(and(eq(consoleMessages.characterId, characterId), eq(consoleMessages.kind, 'user')));
    return rows.map((row) => row.content).sort();
  });
}

describe('graceful shutdown (issue 28: restarts and faults)', () => {
  it('finishes the console lines in flight on SIGTERM, stores each once, tells the tabs 1012, and exits within 10 s', { timeout: 240_000 }, async () => {
    // A drain of 1 s: readiness answers 503 at once while requests are still served.
    let server = await processes.start({ SHUTDOWN_DRAIN_MS: '1000' });
    const { url } = server;
    const email = uniqueEmail();
    const player = await signedInPlayer(url, email);
    const character = await createCharacter(player);
    const tab = connectSocket(url, player);
    await tab.waitFor('hello');

    const texts = Array.from({ length: 50 }, (_, i) => `/shutdown-line-${i}`);
    // Each line on a connection of its own, written at once (as 50 tabs or players would).
    const answers = texts.map((text) => post(url, `/api/characters/${character.id}/console`, player, { text }));
    // The signal as soon as the first line is answered: the others are in flight behind the character's lock.
    await Promise.race(answers);
    server.child.kill('SIGTERM');
    const signalledAt = Date.now();
    await expect.poll(async () => (await fetch(`${url}/api/ready`)).status, { timeout: 900, interval: 50 }).toBe(503);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const results = await Promise.all(answers);
    const exit = await server.exited;

    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(10_000);
    expect((await tab.closed).code).toBe(1012);
    // The lines in flight finished after the signal; a line the server had not read yet was
    // refused unanswered (503, or the connection closed), so the player may send it again.
    const answered = results.filter((r) => r.status === 200);
    expect(answered.filter((r) => r.at > signalledAt).length).toBeGreaterThan(0);
    expect(results.filter((r) => r.status !== 200 && r.status !== 503 && r.status !== 0)).toEqual([]);
    // Nothing answered is lost, and nothing refused was kept: each answered line stored once, no other.
    expect(await typedLines(character.id)).toEqual(answered.map((r) => r.text).sort());

    // The refused lines sent again to the restarted server: all 50, each once.
    server = await processes.start();
    const again = await signIn(server.url, email);
    for (const { text } of results.filter((r) => r.status !== 200)) {
      expect((await again.post(`/api/characters/${character.id}/console`, { text })).status).toBe(200);
    }
    await server.kill();
    expect(await typedLines(character.id)).toEqual([...texts].sort());
  });
});

/**
 * Issue 46, finding 11: a stop serves every request it has accepted, the connections accepted but
 * not yet read included, and answers the others 503 with Retry-After. 30 console lines, each on a
 * connection of its own, and SIGTERM 30 ms later (no drain): every line answered (before: 24 of 30
 * ended with a reset connection), 200 or 503 with a retry hint, and exactly the 200s stored.
 */
describe('a stop right after requests arrive', () => {
  const stopping = serverProcesses('shutdown-accepted');
  it('answers every line it had accepted, and the others 503 with Retry-After: none reset', { timeout: 240_000 }, async () => {
    const server = await stopping.start();
    const player = await signedInPlayer(server.url);
    const character = await createCharacter(player);
    const texts = Array.from({ length: 30 }, (_, i) => `/accepted-line-${i}`);
    const answers = texts.map((text) => post(server.url, `/api/characters/${character.id}/console`, player, { text }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    server.child.kill('SIGTERM');
    const results = await Promise.all(answers);
    expect((await server.exited).code).toBe(0);

    expect(results.filter((r) => r.status === 0).map((r) => r.text)).toEqual([]);
    expect(results.filter((r) => r.status !== 200 && !(r.status === 503 && Number(r.retryAfter) > 0))).toEqual([]);
    const answered = results.filter((r) => r.status === 200).map((r) => r.text);
    expect(answered.length).toBeGreaterThan(0);
    const stored = await stopping.withDatabase(async ({ db }) =>
      (
        await db
          .select({ content: consoleMessages.content })
          .from(consoleMessages)
          .where(and(eq(consoleMessages.characterId, character.id), eq(consoleMessages.kind, 'user')))
      ).map((row) => row.content),
    );
    expect(stored.sort()).toEqual(answered.sort());
  });
});
