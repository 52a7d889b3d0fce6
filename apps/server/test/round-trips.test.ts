import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { makeFriends, sendRequest, socialPlayer, incomingId } from './support/social.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { statementsOf } from './support/statements.ts';

/**
 * Issue 45, point 3: the statements (each a round trip in a transaction, begin and commit included)
 * each hot write sends, counted by the server itself (db_request_statements in /metrics). The
 * bounds are at most 3 statements a write (issue 45 point 3): a change that adds a statement to one
 * of these writes past that fails here, and the table in docs/performance.md ("Round trips per
 * write") gives the figures.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.stop());

describe('statements per hot write', () => {
  it('a chat line, a direct message, a friend accepted, a console line', async () => {
    const player = await signedInPlayer(server.url);
    const character = await createCharacter(player);
    // The first of each write warms what a first time does once (an achievement's counter row, a
    // rate-limit row); the second is what a player's every write costs.
    await player.post('/api/chat', { text: 'hello there' });
    const chat = await statementsOf(server, 'POST', '/api/chat', () => player.post('/api/chat', { text: 'hello again' }));
    await player.post(`/api/characters/${character.id}/console`, { text: '/help' });
    const consoleLine = await statementsOf(server, 'POST', '/api/characters/:id/console', () =>
      player.post(`/api/characters/${character.id}/console`, { text: '/help' }),
    );
    // The other plain lines: a roll, text said in the console, a command that does not exist.
    const plainLines: number[] = [];
    for (const text of ['/roll 2d6', 'hello console', '/nosuchcommand']) {
      plainLines.push(
        await statementsOf(server, 'POST', '/api/characters/:id/console', () => player.post(`/api/characters/${character.id}/console`, { text })),
      );
    }

    const ann = await socialPlayer(server.url, 'ann');
    const ben = await socialPlayer(server.url, 'ben');
    const cal = await socialPlayer(server.url, 'cal');
    await makeFriends(ann, cal);
    // Ben's first friend makes his achievement progress (a first event's count takes the full path).
    await makeFriends(ben, cal);
    await sendRequest(ann, ben);
    const id = await incomingId(ben, ann);
    const accept = await statementsOf(server, 'POST', '/api/friends/:id/accept', () => ben.client.post(`/api/friends/${id}/accept`));
    await ann.client.post(`/api/messages/${ben.id}`, { body: 'first' });
    const message = await statementsOf(server, 'POST', '/api/messages/:userId', () => ann.client.post(`/api/messages/${ben.id}`, { body: 'second' }));

    console.log(
      `statements per write: chat line ${chat}, console line ${consoleLine} (roll, text, unknown: ${plainLines.join(', ')}), friend accept ${accept}, direct message ${message}`,
    );
    // Issue 45 point 3: at most 3 each (today 1, 2, 2 and 2: one statement without a transaction,
    // and a read before it where the rule needs one).
    expect(chat).toBeGreaterThan(0);
    expect(chat).toBeLessThanOrEqual(3);
    expect(consoleLine).toBeLessThanOrEqual(3);
    for (const n of plainLines) expect(n).toBeLessThanOrEqual(3);
    expect(accept).toBeLessThanOrEqual(3);
    expect(message).toBeLessThanOrEqual(3);
  });
});
