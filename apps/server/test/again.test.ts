import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerCharacters } from '../src/db/schema/index.ts';
import { adventuresOf, replies, say, sleep } from './support/adventure.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// RPG_TIME_SCALE 600: a level-2 adventure (20 minutes) lasts 2 s.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RPG_TIME_SCALE: '600' } });
});
afterAll(() => server?.stop());

describe('/again (issue 44 point 2)', () => {
  it('refuses before any adventure, then sets out on the last location and level once it settled', async () => {
    const client = await signedInPlayer(server.url);
    const character = await createCharacter(client);
    const db = server.database.db;

    const none = replies(await say(client, character.id, '/again'));
    expect(none.map((l) => [l.kind, l.content])).toEqual([['error', 'No adventure to repeat yet. Usage: /adventure [location] [level]']]);
    expect(await adventuresOf(db, character.id)).toEqual([]);

    await db.update(playerCharacters).set({ level: 10 }).where(eq(playerCharacters.id, character.id));
    const first = replies(await say(client, character.id, '/desert 2'));
    expect(first[0]?.kind).toBe('adventure-start');
    // Still out on the first one: nothing settled to repeat, and no second adventure.
    const busy = replies(await say(client, character.id, '/again'));
    expect(busy.map((l) => l.content)).toEqual(['No adventure to repeat yet. Usage: /adventure [location] [level]']);
    expect(await adventuresOf(db, character.id)).toHaveLength(1);

    await sleep(2_300);
    const again = replies(await say(client, character.id, '/again'));
    const start = again.find((l) => l.kind === 'adventure-start');
    expect(start?.content).toMatch(/sets out for the Desert \(level 2\)/);
    const rows = await adventuresOf(db, character.id);
    expect(rows).toHaveLength(2);
    const open = rows.filter((r) => !r.completed);
    expect(open.map((r) => [r.location, r.level])).toEqual([['desert', 2]]);
  });
});
