import { randomUUID } from 'node:crypto';
import type { ConversationList, ConversationPage } from '@rpg/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConversationPage } from '../src/db/queries/messages.ts';
import { authUser, blocks, directMessages, users } from '../src/db/schema/index.ts';
import { raw } from './support/client.ts';
import { iso, read, socialWorld } from './support/social-reads.ts';
import type { Player } from './support/social.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** The direct-message reads (issue 26), as reads-social.test.ts holds the other social reads. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());
const { db, circle, befriend, message, timesAndPresence, seen, hidden } = socialWorld(() => server);

describe('the direct-message reads', () => {
  // Ties by name compare with localeCompare; no pending or rejected rows without messages; presence hidden by a block.
  it('GET /api/messages: none; the latest conversation first, ties by name; the last message either way, unread counts, friend or not', async () => {
    const { me, others } = await circle();
    expect(await read<ConversationList>(me, '/api/messages')).toEqual({ conversations: [] });

    const [o0, o1, o2, o3, o4, o5] = others.map((o) => o.id) as [string, string, string, string, string, string];
    await befriend(me.id, o0);
    await befriend(o1, me.id);
    await befriend(me.id, o2);
    await befriend(o3, me.id);
    await befriend(me.id, o4, 'pending');
    await befriend(o5, me.id, 'rejected');
    await message(me.id, o0, 'Hail "friend" \\ <script>alert(1)</script> é 🐉 \u2028');
    await message(o0, me.id, 'line\nbreak\ttab \u0001', true);
    const lastOfO0 = await message(o0, me.id, 'unread one');
    await message(o1, me.id, 'unread two');
    await message(o1, me.id, 'unread three');
    const lastOfO1 = await message(me.id, o1, 'my answer');
    // Not a friend (a pending request) but messages either way: listed, read-only (issue 27).
    const fromPending = await message(o4, me.id, 'from a pending request');
    // Presence is hidden between blocked players (a block ends a friendship; this row keeps one to show the rule).
    await db().insert(blocks).values({ blockerId: o3, blockedId: me.id });
    await timesAndPresence(me.id, others);

    const list = await read<ConversationList>(me, '/api/messages');
    const nameOf = (id: string) => others.find((o) => o.id === id)!.username;
    expect(list.conversations.map((c) => c.user.id)).toEqual([o4, o1, o0, ...[o2, o3].sort((a, b) => nameOf(a).localeCompare(nameOf(b)))]);
    expect(list.conversations.map((c) => c.unread)).toEqual([1, 2, 1, 0, 0]);
    expect(list.conversations.map((c) => c.friend)).toEqual([false, true, true, true, true]);
    const stored = async (id: number) => (await db().select().from(directMessages).where(eq(directMessages.id, id)))[0]!;
    const last = await stored(lastOfO1);
    expect(list.conversations[1]!.lastMessage).toEqual({
      id: String(lastOfO1),
      senderId: me.id,
      receiverId: o1,
      body: 'my answer',
      createdAt: iso(last.createdAt),
      readAt: null,
    });
    expect(list.conversations[1]!.lastMessage!.createdAt).toMatch(/\.\d{3}Z$/);
    expect(list.conversations[0]!.lastMessage).toMatchObject({ id: String(fromPending), senderId: o4, receiverId: me.id, body: 'from a pending request' });
    expect(list.conversations[2]!.lastMessage).toMatchObject({ id: String(lastOfO0), body: 'unread one', readAt: null });
    expect(list.conversations.slice(3).map((c) => c.lastMessage)).toEqual([null, null]);
    const byId = new Map(list.conversations.map((c) => [c.user.id, c.user]));
    expect(byId.get(o0)).toEqual(await seen(o0, true));
    expect(byId.get(o1)).toEqual(await seen(o1, false));
    // A friend never seen (no sign-in, no tab) is offline: a boolean, as the contract says, never null.
    expect(byId.get(o2)).toEqual({ ...(await seen(o2, false)), avatarUrl: '/uploads/profiles/a "b".png', lastSeen: null });
    expect(byId.get(o3)).toEqual(await hidden(o3));
    expect(byId.get(o4)).toEqual(await seen(o4, true));

    // The other side: the read message and one unread; a friend with no conversation.
    const theirs = await read<ConversationList>(others[0]!, '/api/messages');
    expect(theirs.conversations).toHaveLength(1);
    expect(theirs.conversations[0]).toMatchObject({ user: { id: me.id }, unread: 1, friend: true, lastMessage: { id: String(lastOfO0), body: 'unread one' } });
    expect((await read<ConversationList>(others[2]!, '/api/messages')).conversations).toEqual([
      { user: await seen(me.id, true), lastMessage: null, unread: 0, friend: true },
    ]);
  }, 240_000);

  it('GET /api/messages/:userId: empty, a full page with hasMore, the page before an id, either side, only the two players; 404 for no player', async () => {
    const { me, others } = await circle();
    const [o0, o1] = others as [Player, Player];
    const path = (id: string, before?: number) => `/api/messages/${id}${before === undefined ? '' : `?before=${before}`}`;
    expect(await read<ConversationPage>(me, path(o0.id))).toEqual({ messages: [], hasMore: false });

    await befriend(me.id, o0.id);
    const bodies = ['plain', 'Hail "friend" \\ <script>alert(1)</script>', 'line\nbreak\ttab \u0001\u001f', 'é ü 🐉 \u2028 \u2029 </script>'];
    const ids: number[] = [];
    for (let i = 0; i < 65; i++) ids.push(await message(i % 3 ? me.id : o0.id, i % 3 ? o0.id : me.id, `${bodies[i % bodies.length]} #${i}`, i % 2 === 0));
    // Another conversation of each: never on this page.
    await message(o1.id, me.id, 'to me from another');
    await message(o0.id, o1.id, 'from the friend to another');
    await timesAndPresence(me.id, others);

    const rows = new Map(
      (
        await db()
          .select()
          .from(directMessages)
          .where(sql`${directMessages.id} in ${ids}`)
      ).map((r) => [r.id, r]),
    );
    const expected = (slice: number[]) =>
      slice.map((id) => {
        const r = rows.get(id)!;
        return { id: String(id), senderId: r.senderId, receiverId: r.receiverId, body: r.body, createdAt: iso(r.createdAt), readAt: r.readAt && iso(r.readAt) };
      });
    const newest = await read<ConversationPage>(me, path(o0.id));
    expect(newest).toEqual({ messages: expected(ids.slice(35)), hasMore: true });
    expect(newest.messages[1]!.readAt).toMatch(/\.\d{3}Z$/);
    expect(await read<ConversationPage>(o0, path(me.id))).toEqual(newest);
    const pages: Array<[number, number[], boolean]> = [
      [ids[35]!, ids.slice(5, 35), true],
      [ids[30]!, ids.slice(0, 30), false],
      [ids[5]!, ids.slice(0, 5), false],
      [ids[0]!, [], false],
      [ids[64]! + 100, ids.slice(35), true],
      [0, [], false],
    ];
    for (const [before, slice, hasMore] of pages) expect(await read<ConversationPage>(me, path(o0.id, before))).toEqual({ messages: expected(slice), hasMore });
    expect((await read<ConversationPage>(me, path(o1.id))).messages.map((m) => m.body)).toEqual(['to me from another']);
    expect(await read<ConversationPage>(me, path(me.id))).toEqual({ messages: [], hasMore: false });

    const notFound = JSON.stringify({ error: 'player_not_found', message: 'Player not found' });
    expect(await raw(me.client, path('nobody'))).toEqual({ status: 404, text: notFound });
    expect(await raw(me.client, path('me'))).toEqual({ status: 404, text: notFound });
  }, 240_000);

  it('finds a conversation whatever order JavaScript and the database give its two players (ids whose UTF-16 and UTF-8 orders differ)', async () => {
    // '\u{1F409}' is before '\uFF21' in UTF-16 (a surrogate, 0xD83D) and after it in UTF-8 (0xF0 against 0xEF),
    // as 'a' and 'B' differ between JavaScript and an en_US collation.
    const [dragon, wide] = [`\u{1F409}-${randomUUID()}`, `\uFF21-${randomUUID()}`];
    for (const id of [dragon, wide]) {
      await db()
        .insert(authUser)
        .values({ id, name: id, email: `${randomUUID()}@example.com` });
      await db()
        .insert(users)
        .values({ id, email: `${id}@example.com`, username: `pair-${randomUUID().slice(0, 8)}` });
    }
    await db()
      .insert(directMessages)
      .values([
        { senderId: dragon, receiverId: wide, body: 'one' },
        { senderId: wide, receiverId: dragon, body: 'two' },
      ]);
    for (const [me, other] of [
      [dragon, wide],
      [wide, dragon],
    ] as const) {
      expect((await readConversationPage(db(), me, other, undefined, 30))!.messages.map((m) => m.body)).toEqual(['one', 'two']);
    }
  }, 240_000);
});
