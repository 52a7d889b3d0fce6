import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationPage, conversationPageJson, listConversations } from '../src/db/queries/messages.ts';
import { listPosts } from '../src/db/queries/posts.ts';
import { listAcceptedFriends, listFriendRows, relationsFor, searchUsers, suggestFriends } from '../src/db/queries/social.ts';
import { achievementProgress, authUser, blocks, directMessages, friendships, postComments, postLikes, posts, realtimeConnections, users } from '../src/db/schema/index.ts';
import { isUuid } from '../src/routes/inventory.ts';
import { postView } from '../src/routes/posts.ts';
import { loadProfile, toDirectMessage, toPublicUser } from '../src/services/social.ts';
import { createCharacter } from './support/characters.ts';
import { raw } from './support/client.ts';
import { socialPlayer, type Player } from './support/social.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The social reads answer from one statement each, their JSON built by the database (docs/performance.md,
 * "Reads"). Each answer must be exactly, byte for byte, what the reads it replaced made of the same rows.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;

describe('the social reads', () => {
  /** Players whose names carry what JSON must escape, and names localeCompare orders apart from lower(). */
  const names = ['zed', 'Émile "the <b>Bold</b>"', 'alpha\\beta', 'Ålice 🐉 \u2028', 'bob', 'Bob_2'];
  async function circle() {
    const me = await socialPlayer(server.url, 'me');
    const others: Player[] = [];
    for (const [i, name] of names.entries()) {
      const p = await socialPlayer(server.url, `p${i}`);
      await db().update(users).set({ username: `${name} ${p.id.slice(0, 6)}` }).where(eq(users.id, p.id));
      others.push(p);
    }
    return { me, others };
  }
  const befriend = (a: string, b: string, status: 'accepted' | 'pending' | 'rejected' = 'accepted') => db().insert(friendships).values({ requesterId: a, addresseeId: b, status });
  const message = async (from: string, to: string, body: string, read = false) => {
    const [row] = await db().insert(directMessages).values({ senderId: from, receiverId: to, body, readAt: read ? new Date('2026-11-25T10:00:00.123Z') : null }).returning({ id: directMessages.id });
    return row!.id;
  };
  /** Times with microseconds (the driver sends a Date's milliseconds only), presence both ways. */
  async function timesAndPresence(me: string, others: Player[]) {
    await db().execute(sql`update direct_messages set created_at = created_at + interval '777 microseconds', read_at = read_at + interval '999 microseconds' where sender_id = ${me} or receiver_id = ${me}`);
    await db().update(users).set({ lastSeen: new Date(Date.now() - 20_000), lastLogin: new Date(Date.now() - 3_600_000) }).where(eq(users.id, others[0]!.id));
    await db().update(users).set({ lastSeen: new Date(Date.now() - 7_200_000), lastLogin: new Date(Date.now() - 3_600_000) }).where(eq(users.id, others[1]!.id));
    await db().update(users).set({ lastSeen: null, lastLogin: null, avatarUrl: '/uploads/profiles/a "b".png' }).where(eq(users.id, others[2]!.id));
    await db().execute(sql`update users set last_seen = now() - interval '3 hours 123 microseconds' where id = ${others[3]!.id}`);
    await db().insert(realtimeConnections).values({ id: randomUUID(), userId: others[4]!.id, instanceId: 'reads-test' });
  }

  it('GET /api/messages answers as listConversations did: none, the latest conversation first, ties in localeCompare order, unread counts, no pending or rejected rows, presence hidden by a block', async () => {
    const reference = async (me: string) =>
      JSON.stringify({ conversations: (await listConversations(db(), me)).map((c) => ({ user: toPublicUser(c.user), lastMessage: c.lastMessage && toDirectMessage(c.lastMessage), unread: c.unread, friend: c.friend })) });
    const { me, others } = await circle();
    const empty = await raw(me.client, '/api/messages');
    expect(empty).toEqual({ status: 200, text: '{"conversations":[]}' });
    expect(empty.text).toBe(await reference(me.id));

    const [o0, o1, o2, o3, o4, o5] = others.map((o) => o.id) as [string, string, string, string, string, string];
    await befriend(me.id, o0);
    await befriend(o1, me.id);
    await befriend(me.id, o2);
    await befriend(o3, me.id);
    await befriend(me.id, o4, 'pending');
    await befriend(o5, me.id, 'rejected');
    await message(me.id, o0, 'Hail "friend" \\ <script>alert(1)</script> é 🐉 \u2028');
    await message(o0, me.id, 'line\nbreak\ttab \u0001', true);
    await message(o0, me.id, 'unread one');
    await message(o1, me.id, 'unread two');
    await message(o1, me.id, 'unread three');
    await message(me.id, o1, 'my answer');
    // Not a friend (a pending request) but messages either way: listed, read-only (issue 27).
    await message(o4, me.id, 'from a pending request');
    // Presence is hidden between blocked players (a block ends a friendship; this row keeps one to show the rule).
    await db().insert(blocks).values({ blockerId: o3, blockedId: me.id });
    await timesAndPresence(me.id, others);

    const full = await raw(me.client, '/api/messages');
    expect(full.text).toBe(await reference(me.id));
    const parsed = JSON.parse(full.text) as { conversations: Array<{ user: { id: string }; unread: number; lastMessage: unknown }> };
    const nameOf = (id: string) => names[others.findIndex((o) => o.id === id)]!;
    expect(parsed.conversations.map((c) => c.user.id)).toEqual([o4, o1, o0, ...[o2, o3].sort((a, b) => nameOf(a).localeCompare(nameOf(b)))]);
    expect(parsed.conversations.map((c) => c.unread)).toEqual([1, 2, 1, 0, 0]);
    expect(parsed.conversations.map((c) => (c as unknown as { friend: boolean }).friend)).toEqual([false, true, true, true, true]);
    expect(parsed.conversations.slice(3).map((c) => c.lastMessage)).toEqual([null, null]);
    // A friend never seen (no sign-in, no tab) is offline: a boolean, as the contract says, never null.
    expect(JSON.parse(full.text).conversations.find((c: { user: { id: string } }) => c.user.id === o2).user.isOnline).toBe(false);

    // The other side, and a friend with no conversation.
    expect((await raw(others[0]!.client, '/api/messages')).text).toBe(await reference(o0));
    expect((await raw(others[2]!.client, '/api/messages')).text).toBe(await reference(o2));
  });

  it('GET /api/messages/:userId answers as conversationPage did: empty, a full page with hasMore, the page before an id, either side, only the two players; 404 for no player', async () => {
    const reference = async (me: string, other: string, before?: number) => {
      const page = await conversationPage(db(), me, other, before, 30);
      return JSON.stringify({ messages: page.messages.map(toDirectMessage), hasMore: page.hasMore });
    };
    const { me, others } = await circle();
    const [o0, o1] = others as [Player, Player];
    const path = (id: string, before?: number) => `/api/messages/${id}${before === undefined ? '' : `?before=${before}`}`;
    const empty = await raw(me.client, path(o0.id));
    expect(empty).toEqual({ status: 200, text: '{"messages":[],"hasMore":false}' });
    expect(empty.text).toBe(await reference(me.id, o0.id));

    await befriend(me.id, o0.id);
    const bodies = ['plain', 'Hail "friend" \\ <script>alert(1)</script>', 'line\nbreak\ttab \u0001\u001f', 'é ü 🐉 \u2028 \u2029 </script>'];
    const ids: number[] = [];
    for (let i = 0; i < 65; i++) ids.push(await message(i % 3 ? me.id : o0.id, i % 3 ? o0.id : me.id, `${bodies[i % bodies.length]} #${i}`, i % 2 === 0));
    // Another conversation of each: never on this page.
    await message(o1.id, me.id, 'to me from another');
    await message(o0.id, o1.id, 'from the friend to another');
    await timesAndPresence(me.id, others);

    const newest = await raw(me.client, path(o0.id));
    expect(newest.text).toBe(await reference(me.id, o0.id));
    expect(JSON.parse(newest.text)).toMatchObject({ hasMore: true });
    expect(JSON.parse(newest.text).messages).toHaveLength(30);
    expect((await raw(o0.client, path(me.id))).text).toBe(await reference(o0.id, me.id));
    for (const before of [ids[35]!, ids[30]!, ids[5]!, ids[0]!, ids[64]! + 100, 0]) expect((await raw(me.client, path(o0.id, before))).text).toBe(await reference(me.id, o0.id, before));
    expect(JSON.parse((await raw(me.client, path(o0.id, ids[30]!))).text)).toMatchObject({ hasMore: false });
    expect((await raw(me.client, path(o1.id))).text).toBe(await reference(me.id, o1.id));
    expect((await raw(me.client, path(me.id))).text).toBe(await reference(me.id, me.id));

    const notFound = JSON.stringify({ error: 'player_not_found', message: 'Player not found' });
    expect(await raw(me.client, path('nobody'))).toEqual({ status: 404, text: notFound });
    expect(await raw(me.client, path('me'))).toEqual({ status: 404, text: notFound });
  });

  it('finds a conversation whatever order JavaScript and the database give its two players (ids whose UTF-16 and UTF-8 orders differ)', async () => {
    // '\u{1F409}' is before '\uFF21' in UTF-16 (a surrogate, 0xD83D) and after it in UTF-8 (0xF0 against 0xEF),
    // as 'a' and 'B' differ between JavaScript and an en_US collation.
    const [dragon, wide] = [`\u{1F409}-${randomUUID()}`, `\uFF21-${randomUUID()}`];
    for (const id of [dragon, wide]) {
      await db().insert(authUser).values({ id, name: id, email: `${randomUUID()}@example.com` });
      await db().insert(users).values({ id, email: `${id}@example.com`, username: `pair-${randomUUID().slice(0, 8)}` });
    }
    await db().insert(directMessages).values([
      { senderId: dragon, receiverId: wide, body: 'one' },
      { senderId: wide, receiverId: dragon, body: 'two' },
    ]);
    for (const [me, other] of [[dragon, wide], [wide, dragon]] as const) {
      expect((await conversationPage(db(), me, other, undefined, 30)).messages.map((m) => m.body)).toEqual(['one', 'two']);
      expect(JSON.parse((await conversationPageJson(db(), me, other, undefined, 30))!).messages.map((m: { body: string }) => m.body)).toEqual(['one', 'two']);
    }
  });

  it("GET /api/profiles/:userId/friends answers as listAcceptedFriends did: none, accepted friends by name, presence as the viewer sees it (hidden by a block), 'me'; 404 for no player", async () => {
    const reference = async (viewer: string, ownerId: string) => JSON.stringify({ friends: (await listAcceptedFriends(db(), viewer, ownerId)).map(toPublicUser) });
    const { me, others } = await circle();
    const viewer = await socialPlayer(server.url, 'viewer');
    const path = (id: string) => `/api/profiles/${id}/friends`;
    const empty = await raw(viewer.client, path(me.id));
    expect(empty).toEqual({ status: 200, text: '{"friends":[]}' });
    expect(empty.text).toBe(await reference(viewer.id, me.id));

    const [o0, o1, o2, o3, o4, o5] = others.map((o) => o.id) as [string, string, string, string, string, string];
    await befriend(me.id, o0);
    await befriend(o1, me.id);
    await befriend(me.id, o2);
    await befriend(o3, me.id);
    await befriend(me.id, o4);
    await befriend(o5, me.id, 'pending');
    await befriend(me.id, viewer.id, 'rejected');
    await db().insert(blocks).values([
      { blockerId: viewer.id, blockedId: o0 },
      { blockerId: o1, blockedId: viewer.id },
    ]);
    await timesAndPresence(me.id, others);

    const full = await raw(viewer.client, path(me.id));
    expect(full.text).toBe(await reference(viewer.id, me.id));
    expect(JSON.parse(full.text).friends).toHaveLength(5);
    expect((await raw(me.client, path('me'))).text).toBe(await reference(me.id, me.id));
    expect((await raw(me.client, path(me.id))).text).toBe(await reference(me.id, me.id));
    expect((await raw(others[0]!.client, path(o0))).text).toBe(await reference(o0, o0));

    expect(await raw(me.client, path('nobody'))).toEqual({ status: 404, text: JSON.stringify({ error: 'player_not_found', message: 'Player not found' }) });
  });

  it('GET /api/friends/suggestions answers as suggestFriends did: most mutual friends first, then the recently seen, never friends, requests or blocked players', async () => {
    const reference = async (viewer: string) => JSON.stringify({ suggestions: (await suggestFriends(db(), viewer, 6)).map((r) => ({ user: toPublicUser(r.user), mutualFriends: r.mutualFriends })) });
    const { me, others } = await circle();
    expect((await raw(me.client, '/api/friends/suggestions')).text).toBe(await reference(me.id));

    const [o0, o1, o2, o3, o4, o5] = others.map((o) => o.id) as [string, string, string, string, string, string];
    const far = await Promise.all([socialPlayer(server.url, 'far'), socialPlayer(server.url, 'far'), socialPlayer(server.url, 'far')]);
    await befriend(me.id, o0);
    await befriend(o1, me.id);
    await befriend(me.id, o2, 'pending');
    await befriend(o3, me.id, 'rejected');
    await db().insert(blocks).values({ blockerId: o4, blockedId: me.id });
    // Friends of friends: far[0] shares two, far[1] and o5 one each.
    await befriend(far[0]!.id, o0);
    await befriend(o1, far[0]!.id);
    await befriend(far[1]!.id, o0);
    await befriend(o5, o1);
    await befriend(far[2]!.id, o1, 'pending');
    await timesAndPresence(me.id, others);
    await db().execute(sql`update users set last_login = now() - interval '5 minutes 3 microseconds' where id = ${far[2]!.id}`);

    const answer = await raw(me.client, '/api/friends/suggestions');
    expect(answer.text).toBe(await reference(me.id));
    const suggested = JSON.parse(answer.text).suggestions as Array<{ user: { id: string }; mutualFriends: number }>;
    expect(suggested.slice(0, 3).map((s) => s.mutualFriends)).toEqual([2, 1, 1]);
    expect(suggested.map((s) => s.user.id)).not.toContain(o4);
    for (const p of [...others, ...far]) expect((await raw(p.client, '/api/friends/suggestions')).text).toBe(await reference(p.id));
  });

  it('GET /api/friends answers as listFriendRows did: none, pending both ways and accepted rows, newest first, no rejected row, presence hidden by a block, times with microseconds', async () => {
    const reference = async (viewer: string) =>
      JSON.stringify({
        entries: (await listFriendRows(db(), viewer)).map((r) => ({
          friendshipId: r.friendshipId,
          status: r.status === 'accepted' ? 'accepted' : 'pending',
          direction: r.requesterId === viewer ? 'outgoing' : 'incoming',
          user: toPublicUser(r.user),
          since: r.updatedAt.toISOString(),
        })),
      });
    const { me, others } = await circle();
    const empty = await raw(me.client, '/api/friends');
    expect(empty).toEqual({ status: 200, text: '{"entries":[]}' });
    expect(empty.text).toBe(await reference(me.id));

    const [o0, o1, o2, o3, o4, o5] = others.map((o) => o.id) as [string, string, string, string, string, string];
    await befriend(me.id, o0);
    await befriend(o1, me.id);
    await befriend(me.id, o2, 'pending');
    await befriend(o3, me.id, 'pending');
    await befriend(me.id, o4, 'rejected');
    await befriend(o5, me.id);
    await db().insert(blocks).values({ blockerId: o5, blockedId: me.id });
    await timesAndPresence(me.id, others);
    // Distinct times, to the microsecond, in an order of their own.
    for (const [i, id] of [o3, o0, o5, o1, o2].entries()) await db().execute(sql`update friendships set updated_at = now() - ${`${i} hours ${i * 111} microseconds`}::interval where (requester_id = ${id} and addressee_id = ${me.id}) or (requester_id = ${me.id} and addressee_id = ${id})`);

    const full = await raw(me.client, '/api/friends');
    expect(full.text).toBe(await reference(me.id));
    const entries = JSON.parse(full.text).entries as Array<{ user: { id: string; isOnline: unknown } }>;
    expect(entries.map((e) => e.user.id)).toEqual([o3, o0, o5, o1, o2]);
    expect(entries.map((e) => typeof e.user.isOnline)).toEqual(Array(5).fill('boolean'));
    for (const p of others) expect((await raw(p.client, '/api/friends')).text).toBe(await reference(p.id));
  });

  it("GET /api/profiles/:userId answers as loadProfile did: own ('me', the e-mail) and another's (no e-mail), every relation either way, presence online, offline, never seen and hidden by a block, the counts, title and banner; 404 for no player", async () => {
    const reference = async (viewer: string, target: string) => JSON.stringify(await loadProfile(db(), viewer, target));
    const { me, others } = await circle();
    const path = (id: string) => `/api/profiles/${id}`;
    // A new player: no post, friend or character, no title or banner.
    const fresh = await raw(me.client, path(me.id));
    expect(fresh.status).toBe(200);
    expect(fresh.text).toBe(await reference(me.id, me.id));
    expect((await raw(others[0]!.client, path(me.id))).text).toBe(await reference(others[0]!.id, me.id));

    const [o0, o1, o2, o3, o4, o5] = others.map((o) => o.id) as [string, string, string, string, string, string];
    const viewer = await socialPlayer(server.url, 'viewer');
    await befriend(me.id, o0);
    await befriend(o1, me.id);
    await befriend(me.id, o2, 'pending');
    await befriend(o3, me.id, 'pending');
    await befriend(o4, me.id, 'rejected');
    await befriend(o0, o5);
    await befriend(o5, viewer.id, 'pending');
    // Blocked one way, the other way, both ways; a block beside a pending row (a block ends a friendship: this row keeps one to show the rule).
    await db().insert(blocks).values([
      { blockerId: me.id, blockedId: o5 },
      { blockerId: viewer.id, blockedId: me.id },
      { blockerId: o4, blockedId: o1 },
      { blockerId: o1, blockedId: o4 },
      { blockerId: o3, blockedId: viewer.id },
      { blockerId: viewer.id, blockedId: o2 },
    ]);
    await befriend(o2, viewer.id, 'pending');
    for (const [i, text] of ['plain', 'Hail "friend" \\ <script>alert(1)</script> é 🐉 \u2028', 'line\nbreak\ttab \u0001'].entries()) await db().insert(posts).values({ authorId: i === 2 ? o0 : me.id, text });
    await createCharacter(me.client, { name: 'Aria' });
    await createCharacter(me.client, { name: 'Bran' });
    await createCharacter(others[0]!.client, { name: 'Cato' });
    await db().insert(achievementProgress).values({ userId: me.id, title: 'The "Bold" \\ </b> 🐉 \u2028' }).onConflictDoUpdate({ target: achievementProgress.userId, set: { title: 'The "Bold" \\ </b> 🐉 \u2028' } });
    await db().update(users).set({ bannerUrl: '/uploads/profiles/b "c" \\.png', avatarUrl: 'https://example.com/a?b="c"', email: 'odd"\\\u2028@example.com' }).where(eq(users.id, me.id));
    await timesAndPresence(me.id, others);
    await db().execute(sql`update users set last_seen = now() - interval '2 hours 456 microseconds', last_login = now() - interval '3 hours 789 microseconds' where id = ${me.id}`);

    const everyone = [me, ...others, viewer];
    const statuses = new Set<string>();
    for (const from of everyone) {
      for (const to of everyone) {
        const answer = await raw(from.client, path(to.id));
        expect(answer.text).toBe(await reference(from.id, to.id));
        statuses.add(JSON.parse(answer.text).relation.status);
      }
    }
    expect([...statuses].sort()).toEqual(['blocked', 'blocked-by', 'friends', 'incoming', 'none', 'outgoing', 'self']);
    const own = JSON.parse((await raw(me.client, path('me'))).text);
    expect((await raw(me.client, path('me'))).text).toBe(await reference(me.id, me.id));
    expect(own).toMatchObject({ email: 'odd"\\\u2028@example.com', counts: { posts: 2, friends: 2, characters: 2 }, relation: { status: 'self', friendshipId: null } });
    expect(own.user.lastSeen).toMatch(/\.\d{3}Z$/);
    expect(JSON.parse((await raw(others[0]!.client, path(me.id))).text).email).toBeNull();
    // A player never seen is offline (false, never null); a player online is hidden from one who blocked them.
    expect(JSON.parse((await raw(me.client, path(o2))).text).user).toMatchObject({ isOnline: false, lastSeen: null });
    expect(JSON.parse((await raw(me.client, path(o4))).text).user.isOnline).toBe(true);
    expect(JSON.parse((await raw(others[1]!.client, path(o4))).text).user).toMatchObject({ isOnline: false, lastSeen: null });

    expect(await raw(me.client, path('nobody'))).toEqual({ status: 404, text: JSON.stringify({ error: 'player_not_found', message: 'Player not found' }) });
  });

  it('GET /api/users/:userId/posts answers as listPosts and postView did: none, pages by the cursor (ties, the same millisecond), a cursor not the author\'s or not an id, the viewer\'s likes and own posts, counts, edited, images and avatars; 404 for no player', async () => {
    const reference = async (viewer: string, author: string, before?: string) => {
      const rows = await listPosts(db(), author, viewer, 11, before && isUuid(before) ? before : undefined);
      const page = rows.slice(0, 10);
      return JSON.stringify({ posts: page.map((row) => postView(row, viewer)), nextCursor: rows.length > 10 ? page[page.length - 1]!.id : null });
    };
    const { me, others } = await circle();
    const [o0, o1] = others as [Player, Player];
    const path = (id: string, before?: string) => `/api/users/${id}/posts${before === undefined ? '' : `?before=${encodeURIComponent(before)}`}`;
    const empty = await raw(o0.client, path(me.id));
    expect(empty).toEqual({ status: 200, text: '{"posts":[],"nextCursor":null}' });
    expect(empty.text).toBe(await reference(o0.id, me.id));

    const texts = ['plain', 'Hail "friend" \\ <script>alert(1)</script> é 🐉 \u2028 \u2029', 'line\nbreak\ttab \u0001\u001f \u007f', ''];
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) {
      const [row] = await db()
        .insert(posts)
        .values({ authorId: me.id, text: texts[i % texts.length]!, imagePath: i % 4 === 3 ? `posts/abc/${i} "q".png` : i % 5 === 1 ? '' : null })
        .returning({ id: posts.id });
      ids.push(row!.id);
    }
    const [other] = await db().insert(posts).values({ authorId: o0.id, text: "another's" }).returning({ id: posts.id });
    // Times: some 2 s apart, ties to the microsecond (ordered by id), several in one millisecond, edited and not (1 s and 1 ms apart, the same millisecond 1.0005 s apart).
    for (const [i, id] of ids.entries()) {
      const at = i < 6 ? `2026-11-20 10:00:00.123+00` : i < 12 ? `2026-11-20 10:00:01.123${String(i * 37).padStart(3, '0')}+00` : `2026-11-20 10:00:${String(i + 2).padStart(2, '0')}.${String(i * 12_345).padStart(6, '0').slice(0, 6)}+00`;
      const edit = ['0', '1 second', '1 second 1 millisecond', '1 second 500 microseconds', '2 days 3 hours', '-1 second'][i % 6]!;
      await db().execute(sql`update posts set created_at = ${at}::timestamptz, updated_at = ${at}::timestamptz + ${edit}::interval where id = ${id}`);
    }
    for (const [i, id] of ids.entries()) {
      if (i % 3 === 0) await db().insert(postLikes).values({ postId: id, userId: o0.id });
      if (i % 4 === 0) await db().insert(postLikes).values({ postId: id, userId: me.id });
      for (let c = 0; c < i % 3; c++) await db().insert(postComments).values({ postId: id, authorId: o1.id, text: `comment ${c}` });
    }

    for (const viewer of [me, o0, o1]) {
      let before: string | undefined;
      const seen: string[] = [];
      do {
        const page = await raw(viewer.client, path(me.id, before));
        expect(page.text).toBe(await reference(viewer.id, me.id, before));
        const parsed = JSON.parse(page.text) as { posts: Array<{ id: string }>; nextCursor: string | null };
        seen.push(...parsed.posts.map((p) => p.id));
        before = parsed.nextCursor ?? undefined;
      } while (before);
      // Every post once: none skipped, not even one a few microseconds older in its cursor's millisecond.
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(ids.length);
    }
    // Every post as the cursor; an id of another author's post, an unknown id, an upper-case id, a cursor not an id: the first page.
    for (const before of [...ids, other!.id, randomUUID(), ids[7]!.toUpperCase(), 'not-an-id', '']) expect((await raw(o0.client, path(me.id, before))).text).toBe(await reference(o0.id, me.id, before));
    const first = JSON.parse((await raw(me.client, path(me.id))).text) as { posts: Array<{ isMine: boolean; edited: boolean; likedByMe: boolean; imageUrl: string | null }>; nextCursor: string };
    expect(first.posts).toHaveLength(10);
    expect(first.posts.every((p) => p.isMine)).toBe(true);
    expect(new Set(first.posts.map((p) => p.edited))).toEqual(new Set([true, false]));
    expect(new Set(first.posts.map((p) => p.likedByMe))).toEqual(new Set([true, false]));

    // The author's avatar as avatarUrl makes it: none, a path, a URL, a stored name under /uploads.
    for (const avatarUrl of [null, '', '/uploads/profiles/a "b".png', 'https://example.com/a.png', 'http://example.com/a.png', 'profiles/x.png', 'HTTPS://example.com/a.png', 'https//x']) {
      await db().update(users).set({ avatarUrl }).where(eq(users.id, me.id));
      expect((await raw(o1.client, path(me.id))).text).toBe(await reference(o1.id, me.id));
    }
    // Fewer than a page; exactly a page (no next one); a deleted post.
    await db().delete(posts).where(eq(posts.id, ids[26]!));
    for (const keep of [11, 10, 3]) {
      await db().delete(posts).where(sql`${posts.authorId} = ${me.id} and ${posts.id} not in (select id from posts where author_id = ${me.id} order by created_at limit ${keep})`);
      const page = await raw(o0.client, path(me.id));
      expect(page.text).toBe(await reference(o0.id, me.id));
      expect(JSON.parse(page.text).posts).toHaveLength(Math.min(keep, 10));
      expect(JSON.parse(page.text).nextCursor === null).toBe(keep <= 10);
    }

    // Blocks (issue 25): o1 blocks o0, so o0 counts none of o1's comments and o1 none of o0's likes;
    // o2 blocked the author and the author blocked o3: each reads an empty feed, with a cursor too.
    await db().delete(postLikes);
    await db().delete(postComments);
    const kept = (await db().select({ id: posts.id }).from(posts).where(eq(posts.authorId, me.id))).map((p) => p.id);
    for (const [i, id] of kept.entries()) {
      await db().insert(postLikes).values([{ postId: id, userId: o0.id }, ...(i % 2 ? [{ postId: id, userId: o1.id }] : [])]);
      await db().insert(postComments).values([{ postId: id, authorId: o1.id, text: 'from o1' }, { postId: id, authorId: others[4]!.id, text: 'from o4' }]);
    }
    const [o2, o3] = [others[2]!, others[3]!];
    await db().insert(blocks).values([
      { blockerId: o1.id, blockedId: o0.id },
      { blockerId: o2.id, blockedId: me.id },
      { blockerId: me.id, blockedId: o3.id },
    ]);
    for (const viewer of [me, o0, o1, o2, o3, others[4]!]) {
      for (const before of [undefined, kept[1]!]) expect((await raw(viewer.client, path(me.id, before))).text).toBe(await reference(viewer.id, me.id, before));
    }
    const counts = async (viewer: Player) => (JSON.parse((await raw(viewer.client, path(me.id))).text) as { posts: Array<{ likeCount: number; commentCount: number }> }).posts;
    expect((await counts(o0)).map((p) => p.commentCount)).toEqual([1, 1, 1]);
    const likes = async (viewer: Player) => (await counts(viewer)).reduce((n, p) => n + p.likeCount, 0);
    expect((await counts(o1)).map((p) => p.commentCount)).toEqual([2, 2, 2]);
    expect([await likes(o1), await likes(o0), await likes(others[4]!)]).toEqual([1, 3, 4]);
    expect((await counts(others[4]!)).map((p) => p.commentCount)).toEqual([2, 2, 2]);
    for (const viewer of [o2, o3]) expect((await raw(viewer.client, path(me.id))).text).toBe('{"posts":[],"nextCursor":null}');
    // The author reads the blocked o3's feed empty too.
    await db().insert(posts).values({ authorId: o3.id, text: "o3's" });
    expect((await raw(me.client, path(o3.id))).text).toBe('{"posts":[],"nextCursor":null}');
    expect((await raw(me.client, path(o3.id))).text).toBe(await reference(me.id, o3.id));

    expect(await raw(me.client, path('nobody'))).toEqual({ status: 404, text: JSON.stringify({ error: 'user_not_found', message: 'User not found' }) });
  });

  it('GET /api/users/search answers as searchUsers and relationsFor did: an empty term, contains-matches in any case, exact names first, then by length and name, % _ and \\ taken as they are, never an e-mail, at most five, never the viewer or a player who blocked them, the relation to each (friends, pending either way, rejected, blocked)', async () => {
    const reference = async (viewer: string, q: string) => {
      const term = q.trim();
      if (term === '') return JSON.stringify({ users: [] });
      const rows = await searchUsers(db(), viewer, term, 5);
      const relations = await relationsFor(
        db(),
        viewer,
        rows.map((r) => r.id),
      );
      return JSON.stringify({ users: rows.map((r) => ({ user: toPublicUser(r), relation: relations.get(r.id) ?? { status: 'none', friendshipId: null } })) });
    };
    const tag = `k${randomUUID().slice(0, 6)}`;
    const me = await socialPlayer(server.url, 'me');
    await db().update(users).set({ username: `${tag}-me` }).where(eq(users.id, me.id));
    const names = [tag.toUpperCase(), `${tag}_x`, `${tag}%y`, `${tag}\\z`, `${tag}axe`, `${tag}Abc`, `xx${tag}`, `${tag}Émile "q" <b>`, `${tag} 🐉 \u2028`, `${tag}x_`, `${tag}zz%`];
    const others: Player[] = [];
    for (const [i, name] of names.entries()) {
      const p = await socialPlayer(server.url, `s${i}`);
      await db().update(users).set({ username: name }).where(eq(users.id, p.id));
      others.push(p);
    }
    const [o0, o1, o2, o3, o4, o5, o6, o7, o8] = others.map((o) => o.id) as [string, string, string, string, string, string, string, string, string];
    await befriend(me.id, o0);
    await befriend(o1, me.id, 'pending');
    await befriend(me.id, o2, 'pending');
    await befriend(o3, me.id, 'rejected');
    await db().insert(blocks).values([
      { blockerId: me.id, blockedId: o4 },
      { blockerId: o5, blockedId: me.id },
      { blockerId: o6, blockedId: me.id },
      { blockerId: me.id, blockedId: o6 },
    ]);
    await timesAndPresence(me.id, others);
    await db().execute(sql`update users set last_seen = now() - interval '1 hour 321 microseconds' where id in (${o7}, ${o8})`);
    await db().insert(realtimeConnections).values({ id: randomUUID(), userId: o4, instanceId: 'reads-test' });

    const queries = ['', '   ', tag, tag.toUpperCase(), `  ${tag}  `, tag.slice(2), `${tag}_`, `${tag}%`, `${tag}\\`, `_x`, `x_`, `%y`, 'zz%', `${tag}-ME`, 'axe', 'ABC', 'émile', 'ÉMILE "Q" <B>', '🐉', '\u2028', `${tag} `, others[7]!.email.toUpperCase(), others[7]!.email.slice(1), `${tag}nothing`];
    const counts: number[] = [];
    for (const viewer of [me, others[0]!, others[4]!, others[5]!]) {
      for (const q of queries) {
        const answer = await raw(viewer.client, `/api/users/search?q=${encodeURIComponent(q)}`);
        expect(answer.status).toBe(200);
        expect(answer.text).toBe(await reference(viewer.id, q));
        if (viewer === me) counts.push(JSON.parse(answer.text).users.length);
      }
    }
    expect(await raw(me.client, '/api/users/search?q=')).toEqual({ status: 200, text: '{"users":[]}' });
    // The limit reached, an exact e-mail never found (issue 25), matches of % and _ as they are.
    expect(Math.max(...counts)).toBe(5);
    const byMail = JSON.parse((await raw(me.client, `/api/users/search?q=${encodeURIComponent(others[7]!.email.toUpperCase())}`)).text).users;
    expect(byMail).toEqual([]);
    const percent = JSON.parse((await raw(me.client, `/api/users/search?q=${encodeURIComponent(`${tag}%`)}`)).text).users;
    expect(percent.map((u: { user: { username: string } }) => u.user.username)).toEqual([`${tag}%y`]);
    // Exact first, whatever its case; never the viewer, never one who blocked the viewer; one the viewer blocked, hidden presence.
    const found = JSON.parse((await raw(me.client, `/api/users/search?q=${tag}`)).text).users as Array<{ user: { id: string; isOnline: boolean }; relation: { status: string } }>;
    expect(found[0]!.user.id).toBe(o0);
    expect(found.map((u) => u.user.id)).not.toContain(me.id);
    const all = (await Promise.all([`${tag}%`, `${tag}_`, `${tag}\\`, `${tag}a`, 'xx', `${tag}É`, `${tag} `, tag.toUpperCase()].map(async (q) => JSON.parse((await raw(me.client, `/api/users/search?q=${encodeURIComponent(q)}`)).text).users))).flat() as typeof found;
    expect(all.map((u) => u.user.id)).not.toContain(o5);
    expect(all.map((u) => u.user.id)).not.toContain(o6);
    expect(all.find((u) => u.user.id === o4)).toMatchObject({ user: { isOnline: false }, relation: { status: 'blocked' } });
  });
});
