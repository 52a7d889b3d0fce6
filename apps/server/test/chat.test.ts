import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatMessageView, ChatView } from '@rpg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { achievementProgress, chatMessages, reports } from '../src/db/schema/index.ts';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, TestClient } from './support/client.ts';
import { connectSocket } from './support/socket.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const myId = async (client: TestClient) => (await client.get<{ id: string }>('/api/me')).body.id;
const chat = async (client: TestClient) => {
  const res = await client.get<ChatView>('/api/chat');
  expect(res.status).toBe(200);
  return res.body;
};
const say = (client: TestClient, text: string) => client.post<{ message: ChatMessageView } & ErrorBody>('/api/chat', { text });
/** A signed-in player with an active character. */
async function chatter(name = 'Aria', race = 'elf') {
  const client = await signedInPlayer(server.url);
  const character = await createCharacter(client, { name, race });
  return { client, character, id: await myId(client) };
}

describe('global chat (spec 03 §2/§4/§5 chat, §9: the last 50)', () => {
  it('greets with the Game Master once (level 999), however many players load it at once', async () => {
    const players = await Promise.all([signedInPlayer(server.url), signedInPlayer(server.url)]);
    const views = await Promise.all([...players, ...players].map((p) => chat(p)));
    for (const view of views) {
      const welcome = view.messages.filter((m) => m.kind === 'system');
      expect(welcome).toHaveLength(1);
      expect(welcome[0]!.character).toMatchObject({ name: 'Game Master', level: 999 });
      expect(welcome[0]!.userId).toBeNull();
    }
    const [row] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(sql`system_key = 'welcome'`);
    expect(row!.n).toBe(1);
  });

  it("refuses a line without an active character: 'Could not find your character data.'", async () => {
    const player = await signedInPlayer(server.url);
    const res = await say(player, 'Hello?');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Could not find your character data.');
  });

  it('stores the line with a snapshot of the character, the username, never the e-mail; text kept as typed', async () => {
    const { client, character, id } = await chatter('Thorin', 'dwarf');
    const res = await say(client, '  <script>alert("hi")</script> & <b>hey</b>  ');
    expect(res.status).toBe(200);
    const line = res.body.message;
    expect(line.text).toBe('<script>alert("hi")</script> & <b>hey</b>');
    expect(line).toMatchObject({ kind: 'player', userId: id, character: { id: character.id, name: 'Thorin', race: 'dwarf', level: 1 } });
    expect(line.username).toBeTruthy();
    expect(JSON.stringify(line)).not.toContain('@example.com');
    expect((await chat(client)).messages.at(-1)).toEqual(line);
  });

  it("snapshots the character's appearance (the portrait the sheet draws) and shows the player's battle-pass title beside the name (issue 27)", async () => {
    const { client, character, id } = await chatter('Brynja', 'dwarf');
    const before = (await say(client, 'No title yet')).body.message;
    expect(before.title).toBeNull();
    const appearance = (await client.get<{ characters: Array<{ id: string; appearance: unknown }> }>('/api/characters')).body.characters.find(
      (c) => c.id === character.id,
    )?.appearance;
    expect(appearance).toMatchObject({ hairStyle: expect.any(String), skinTone: expect.any(String) });
    expect(before.character.appearance).toEqual(appearance);
    await server.database.db
      .insert(achievementProgress)
      .values({ userId: id, title: 'Explorer' })
      .onConflictDoUpdate({ target: achievementProgress.userId, set: { title: 'Explorer' } });
    const lines = (await chat(client)).messages.filter((m) => m.userId === id);
    expect(lines.map((m) => m.title)).toEqual(['Explorer']);
    expect(lines[0]!.character.appearance).toEqual(appearance);
    expect((await say(client, 'Now titled')).body.message.title).toBe('Explorer');
  });

  it('refuses blank lines and lines over 500 characters', async () => {
    const { client } = await chatter();
    expect((await say(client, '   ')).status).toBe(400);
    const long = await say(client, 'x'.repeat(501));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Messages are at most 500 characters.');
    expect((await say(client, 'y'.repeat(500))).status).toBe(200);
  });

  it('lets a player say 5 lines in 10 s, refuses the 6th with a clear message, even sent in parallel', async () => {
    const { client } = await chatter();
    const sends = await Promise.all(Array.from({ length: 8 }, (_, i) => say(client, `line ${i}`)));
    const statuses = sends.map((s) => s.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = sends.find((s) => s.status === 429)!;
    expect(refused.body.title).toBe('Slow Down');
    expect(refused.body.message).toMatch(/^You're sending messages too fast\. Please wait (10|[1-9]) seconds? before sending another\.$/);
    // Another player is not slowed down by this one.
    const { client: other } = await chatter();
    expect((await say(other, 'my turn')).status).toBe(200);
  });

  it('answers the last 50 lines, oldest first', async () => {
    const talkers = await Promise.all(Array.from({ length: 12 }, () => chatter()));
    let n = 0;
    for (const t of talkers) for (let i = 0; i < 5; i++) expect((await say(t.client, `count ${++n}`)).status).toBe(200);
    const view = await chat(talkers[0]!.client);
    expect(view.messages).toHaveLength(50);
    expect(view.messages.at(-1)!.text).toBe('count 60');
    expect(view.messages[0]!.text).toBe('count 11');
    const ids = view.messages.map((m) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('broadcasts a line to every open tab of every player', async () => {
    const { client } = await chatter('Herald');
    const listener = await signedInPlayer(server.url);
    const tabs = [connectSocket(server.url, listener), connectSocket(server.url, listener), connectSocket(server.url, client)];
    await Promise.all(tabs.map((t) => t.waitFor('hello')));
    const res = await say(client, 'Hear ye!');
    for (const tab of tabs) {
      const push = await tab.waitFor('chat-message', (m) => (m.message as ChatMessageView).id === res.body.message.id);
      expect(push.message).toEqual(res.body.message);
      tab.close();
    }
  });
});

describe('pushes on the wire', () => {
  it('are text frames, hello and a broadcast line alike (a browser reads them as strings)', async () => {
    const { client } = await chatter();
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`, { headers: { origin: server.url, cookie: client.cookieHeader() } });
    const frames: { binary: boolean; type: string }[] = [];
    ws.on('message', (data, isBinary) => frames.push({ binary: isBinary, type: (JSON.parse(data.toString()) as { type: string }).type }));
    await expect.poll(() => frames.some((f) => f.type === 'hello')).toBe(true);
    expect((await say(client, 'On the wire')).status).toBe(200);
    await expect.poll(() => frames.some((f) => f.type === 'chat-message')).toBe(true);
    expect(frames.filter((f) => f.type === 'hello' || f.type === 'chat-message').every((f) => !f.binary)).toBe(true);
    ws.close();
  });
});

describe('moderation (DECISIONS §4: report, personal mute list)', () => {
  it('stores one open report per reporter (a second is refused); not of your own line nor the Game Master', async () => {
    const { client: speaker } = await chatter();
    const { client: reporter } = await chatter();
    const line = (await say(speaker, 'rude words')).body.message;
    const report = (client: TestClient, id: number, body?: unknown) => client.post<ErrorBody>(`/api/chat/messages/${id}/report`, body ?? {});
    expect((await report(reporter, line.id, { reason: 'Insults' })).status).toBe(200);
    const again = await report(reporter, line.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reported this. A moderator will look at it.');
    expect((await report(speaker, line.id)).body.message).toBe('You cannot report your own message.');
    const welcome = (await chat(reporter)).messages.find((m) => m.kind === 'system');
    if (welcome) expect((await report(reporter, welcome.id)).status).toBe(400);
    expect((await report(reporter, 999_999_999)).status).toBe(404);
    const rows = await server.database.db
      .select()
      .from(reports)
      .where(sql`kind = 'chat' and item_id = ${String(line.id)}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe('Insults');
    expect(rows[0]!.snapshot.text).toBe('rude words');
  });

  it("hides a muted player's lines for me only, and shows them again after unmuting", async () => {
    const { client: loud, id: loudId } = await chatter('Loud');
    const { client: me } = await chatter('Me');
    const { client: bystander } = await chatter('Bystander');
    const line = (await say(loud, 'SPAM SPAM')).body.message;

    const muted = await me.json<{ muted: { userId: string; username: string }[] }>('PUT', `/api/chat/mutes/${loudId}`);
    expect(muted.status).toBe(200);
    expect(muted.body.muted.map((m) => m.userId)).toEqual([loudId]);
    const mine = await chat(me);
    expect(mine.messages.some((m) => m.id === line.id)).toBe(false);
    expect(mine.muted.map((m) => m.userId)).toEqual([loudId]);
    expect((await chat(bystander)).messages.some((m) => m.id === line.id)).toBe(true);

    expect((await me.json<ErrorBody>('PUT', `/api/chat/mutes/${await myId(me)}`)).body.message).toBe('You cannot mute yourself.');
    expect((await me.json('PUT', '/api/chat/mutes/nobody-at-all')).status).toBe(404);

    expect((await me.json('DELETE', `/api/chat/mutes/${loudId}`)).status).toBe(200);
    expect((await chat(me)).messages.some((m) => m.id === line.id)).toBe(true);
  });
});

/** Scaling out (PostgreSQL only: PGlite is one process): a line said through one server reaches a tab on another. */
describe.runIf(Boolean(process.env.DATABASE_URL))('global chat across two servers', () => {
  let b: TestServer;
  let bDir: string;
  beforeAll(async () => {
    bDir = mkdtempSync(path.join(tmpdir(), 'rpg-test-chat-b-'));
    b = await startTestServer({ reuse: { dataDir: bDir, databaseUrl: server.databaseUrl! } });
  });
  afterAll(async () => {
    await b?.stop({ keepData: true });
    rmSync(bDir, { recursive: true, force: true });
  });

  it('delivers a line said on server A to a socket on server B, and the throttle counts both', async () => {
    const { client } = await chatter('Crier');
    const listener = await signedInPlayer(b.url);
    const tab = connectSocket(b.url, listener);
    await tab.waitFor('hello');
    const res = await say(client, 'Across the realm');
    expect(res.status).toBe(200);
    const push = await tab.waitFor('chat-message', (m) => (m.message as ChatMessageView).id === res.body.message.id);
    expect((push.message as ChatMessageView).text).toBe('Across the realm');
    tab.close();

    // The same player on server B: 4 more lines are allowed (5 in 10 s), the next is refused.
    const onB = new TestClient(b.url);
    (onB as unknown as { cookies: Map<string, string> }).cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
    for (let i = 0; i < 4; i++) expect((await say(i % 2 ? client : onB, `more ${i}`)).status).toBe(200);
    expect((await say(onB, 'one too many')).status).toBe(429);
  });
});
