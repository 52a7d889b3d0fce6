import { randomUUID } from 'node:crypto';
import type { FriendList, PostFeed, ProfileView, PublicFriendList, PublicUser, SuggestionList, UserSearch } from '@rpg/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementProgress, blocks, friendships, postComments, postLikes, posts, realtimeConnections, users } from '../src/db/schema/index.ts';
import { createCharacter } from './support/characters.ts';
import { raw } from './support/client.ts';
import { iso, read, socialWorld } from './support/social-reads.ts';
import { socialPlayer, type Player } from './support/social.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The social reads (issue 26): each answer is read from typed rows in one statement and made by one
 * view. The test client parses every answer with its route's contract schema; these tests hold what a
 * player sees: the entries, their order, presence, relations, counts and times.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());
const { db, circle, befriend, timesAndPresence, seen, hidden } = socialWorld(() => server);

describe('the social reads', () => {
  it("GET /api/profiles/:userId/friends: none, accepted friends by name, presence as the viewer sees it (hidden by a block either way), 'me'; 404 for no player", async () => {
    const { me, others } = await circle();
    const viewer = await socialPlayer(server.url, 'viewer');
    const path = (id: string) => `/api/profiles/${id}/friends`;
    expect(await read<PublicFriendList>(viewer, path(me.id))).toEqual({ friends: [] });

    const [o0, o1, o2, o3, o4, o5] = others.map((o) => o.id) as [string, string, string, string, string, string];
    await befriend(me.id, o0);
    await befriend(o1, me.id);
    await befriend(me.id, o2);
    await befriend(o3, me.id);
    await befriend(me.id, o4);
    await befriend(o5, me.id, 'pending');
    await befriend(me.id, viewer.id, 'rejected');
    await db()
      .insert(blocks)
      .values([
        { blockerId: viewer.id, blockedId: o0 },
        { blockerId: o1, blockedId: viewer.id },
      ]);
    await timesAndPresence(me.id, others);

    const byName = [o0, o1, o2, o3, o4].sort((a, b) => {
      const [x, y] = [others.find((o) => o.id === a)!.username.toLowerCase(), others.find((o) => o.id === b)!.username.toLowerCase()];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const asSeenBy = async (blocked: string[]) => Promise.all(byName.map(async (id) => (blocked.includes(id) ? hidden(id) : seen(id, id === o0 || id === o4))));
    const full = await read<PublicFriendList>(viewer, path(me.id));
    expect(full.friends.map((f) => f.id)).toEqual(byName);
    expect(full).toEqual({ friends: await asSeenBy([o0, o1]) });
    expect(await read<PublicFriendList>(me, path('me'))).toEqual({ friends: await asSeenBy([]) });
    expect(await read<PublicFriendList>(me, path(me.id))).toEqual({ friends: await asSeenBy([]) });
    expect(await read<PublicFriendList>(others[0]!, path(o0))).toEqual({ friends: [await seen(me.id, true)] });

    expect(await raw(me.client, path('nobody'))).toEqual({ status: 404, text: JSON.stringify({ error: 'player_not_found', message: 'Player not found' }) });
  }, 240_000);

  it('GET /api/friends/suggestions: most mutual friends first, then the recently seen; never friends, requests, blocked players or the viewer', async () => {
    const { me, others } = await circle();
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
    // Seen in a known order: far[1] a minute ago, o5 two minutes ago (both offline), far[2] signed in 5 minutes ago (online).
    await db().execute(sql`update users set last_seen = now() - interval '1 minute', last_login = null where id = ${far[1]!.id}`);
    await db().execute(sql`update users set last_seen = now() - interval '2 minutes', last_login = null where id = ${o5}`);
    await db().execute(sql`update users set last_seen = null, last_login = now() - interval '5 minutes 3 microseconds' where id = ${far[2]!.id}`);

    const { suggestions } = await read<SuggestionList>(me, '/api/friends/suggestions');
    // Six at most: every player but the viewer, two friends, a pending request and one who blocked the viewer (other tests' players too).
    const everyone = (await db().select({ id: users.id }).from(users)).length;
    expect(suggestions).toHaveLength(Math.min(6, everyone - 5));
    expect(suggestions.slice(0, 3)).toEqual([
      { user: await seen(far[0]!.id, true), mutualFriends: 2 },
      { user: await seen(far[1]!.id, false), mutualFriends: 1 },
      { user: await seen(o5, false), mutualFriends: 1 },
    ]);
    const ids = suggestions.map((s) => s.user.id);
    for (const excluded of [me.id, o0, o1, o2, o4]) expect(ids).not.toContain(excluded);
    // The rest: no mutual friend, the most recently seen first.
    expect(suggestions.slice(3).every((s) => s.mutualFriends === 0)).toBe(true);
    const seenAt = suggestions.slice(3).map((s) => (s.user.lastSeen === null ? 0 : Date.parse(s.user.lastSeen)));
    expect([...seenAt].sort((a, b) => b - a)).toEqual(seenAt);
    // far[2]: a request to o1 is not the viewer's; online from a sign-in 5 minutes ago.
    const { suggestions: forO1 } = await read<SuggestionList>(others[1]!, '/api/friends/suggestions');
    expect(forO1.map((s) => s.user.id)).not.toContain(far[2]!.id);
    expect(forO1[0]).toEqual({ user: await seen(o0, true), mutualFriends: 2 });
  }, 240_000);

  it('GET /api/friends: none; pending both ways and accepted rows, newest first; no rejected row; presence hidden by a block; times to the millisecond', async () => {
    const { me, others } = await circle();
    expect(await read<FriendList>(me, '/api/friends')).toEqual({ entries: [] });

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
    for (const [i, id] of [o3, o0, o5, o1, o2].entries())
      await db().execute(
        sql`update friendships set updated_at = now() - ${`${i} hours ${i * 111} microseconds`}::interval
          where (requester_id = ${id} and addressee_id = ${me.id}) or (requester_id = ${me.id} and addressee_id = ${id})`,
      );

    const rows = await db()
      .select()
      .from(friendships)
      .where(sql`${friendships.requesterId} = ${me.id} or ${friendships.addresseeId} = ${me.id}`);
    const entry = async (id: string, status: 'accepted' | 'pending', direction: 'incoming' | 'outgoing', user: PublicUser) => {
      const row = rows.find((r) => r.requesterId === id || r.addresseeId === id)!;
      return { friendshipId: row.id, status, direction, user, since: iso(row.updatedAt) };
    };
    expect(await read<FriendList>(me, '/api/friends')).toEqual({
      entries: [
        await entry(o3, 'pending', 'incoming', await seen(o3, false)),
        await entry(o0, 'accepted', 'outgoing', await seen(o0, true)),
        await entry(o5, 'accepted', 'incoming', await hidden(o5)),
        await entry(o1, 'accepted', 'incoming', await seen(o1, false)),
        await entry(o2, 'pending', 'outgoing', { ...(await seen(o2, false)), lastSeen: null }),
      ],
    });
    // The other side of a row: the direction turns.
    expect((await read<FriendList>(others[3]!, '/api/friends')).entries).toEqual([await entry(o3, 'pending', 'outgoing', await seen(me.id, true))]);
    expect((await read<FriendList>(others[4]!, '/api/friends')).entries).toEqual([]);
  }, 240_000);

  // Presence online, offline, never seen and hidden by a block; the counts, title and banner.
  it("GET /api/profiles/:userId: own ('me', the e-mail) and another's (no e-mail), every relation either way, presence; 404 for no player", async () => {
    const { me, others } = await circle();
    const path = (id: string) => `/api/profiles/${id}`;
    // A new player: no post, friend or character, no title or banner.
    const fresh = await read<ProfileView>(me, path(me.id));
    expect(fresh).toEqual({
      user: { ...(await seen(me.id, true)), bannerUrl: null, title: null },
      email: me.email,
      counts: { posts: 0, friends: 0, characters: 0 },
      relation: { status: 'self', friendshipId: null },
    });
    expect(await read<ProfileView>(others[0]!, path(me.id))).toEqual({ ...fresh, email: null, relation: { status: 'none', friendshipId: null } });

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
    await db()
      .insert(blocks)
      .values([
        { blockerId: me.id, blockedId: o5 },
        { blockerId: viewer.id, blockedId: me.id },
        { blockerId: o4, blockedId: o1 },
        { blockerId: o1, blockedId: o4 },
        { blockerId: o3, blockedId: viewer.id },
        { blockerId: viewer.id, blockedId: o2 },
      ]);
    await befriend(o2, viewer.id, 'pending');
    for (const [i, text] of ['plain', 'Hail "friend" \\ <script>alert(1)</script> é 🐉 \u2028', 'line\nbreak\ttab \u0001'].entries())
      await db()
        .insert(posts)
        .values({ authorId: i === 2 ? o0 : me.id, text });
    await createCharacter(me.client, { name: 'Aria' });
    await createCharacter(me.client, { name: 'Bran' });
    await createCharacter(others[0]!.client, { name: 'Cato' });
    const title = 'The "Bold" \\ </b> 🐉 \u2028';
    await db().insert(achievementProgress).values({ userId: me.id, title }).onConflictDoUpdate({ target: achievementProgress.userId, set: { title } });
    const odd = { bannerUrl: '/uploads/profiles/b "c" \\.png', avatarUrl: 'https://example.com/a?b="c"', email: 'odd"\\\u2028@example.com' };
    await db().update(users).set(odd).where(eq(users.id, me.id));
    await timesAndPresence(me.id, others);
    await db().execute(
      sql`update users set last_seen = now() - interval '2 hours 456 microseconds', last_login = now() - interval '3 hours 789 microseconds' where id = ${me.id}`,
    );

    const own = await read<ProfileView>(me, path('me'));
    expect(own).toEqual({
      user: { ...(await seen(me.id, false)), bannerUrl: odd.bannerUrl, title },
      email: odd.email,
      counts: { posts: 2, friends: 2, characters: 2 },
      relation: { status: 'self', friendshipId: null },
    });
    expect(own.user.lastSeen).toMatch(/\.\d{3}Z$/);
    expect(await read<ProfileView>(me, path(me.id))).toEqual(own);
    expect(await read<ProfileView>(others[0]!, path(me.id))).toEqual({
      ...own,
      email: null,
      relation: { status: 'friends', friendshipId: expect.any(String) },
    });

    // Every relation, each with the pair's row where it has one.
    const pair = async (a: string, b: string) =>
      (
        await db()
          .select()
          .from(friendships)
          .where(
            sql`least(${friendships.requesterId}, ${friendships.addresseeId}) = least(${a}::text, ${b}::text)
              and greatest(${friendships.requesterId}, ${friendships.addresseeId}) = greatest(${a}::text, ${b}::text)`,
          )
      )[0]!.id;
    const relation = async (from: Player, to: string) => (await read<ProfileView>(from, path(to))).relation;
    expect(await relation(me, o0)).toEqual({ status: 'friends', friendshipId: await pair(me.id, o0) });
    expect(await relation(others[1]!, me.id)).toEqual({ status: 'friends', friendshipId: await pair(me.id, o1) });
    expect(await relation(me, o2)).toEqual({ status: 'outgoing', friendshipId: await pair(me.id, o2) });
    expect(await relation(others[2]!, me.id)).toEqual({ status: 'incoming', friendshipId: await pair(me.id, o2) });
    expect(await relation(me, o3)).toEqual({ status: 'incoming', friendshipId: await pair(me.id, o3) });
    expect(await relation(me, o4)).toEqual({ status: 'none', friendshipId: null });
    expect(await relation(me, o5)).toEqual({ status: 'blocked', friendshipId: null });
    expect(await relation(others[5]!, me.id)).toEqual({ status: 'blocked-by', friendshipId: null });
    expect(await relation(others[4]!, o1)).toEqual({ status: 'blocked', friendshipId: null });
    expect(await relation(others[3]!, viewer.id)).toEqual({ status: 'blocked', friendshipId: null });
    expect(await relation(viewer, o3)).toEqual({ status: 'blocked-by', friendshipId: null });
    // The viewer blocked o2, who has a pending request to the viewer: the block first.
    expect(await relation(viewer, o2)).toEqual({ status: 'blocked', friendshipId: null });
    expect(await relation(others[2]!, viewer.id)).toEqual({ status: 'blocked-by', friendshipId: null });
    expect(await relation(viewer, o5)).toEqual({ status: 'incoming', friendshipId: await pair(o5, viewer.id) });

    // Presence: online, offline, never seen (false, never null), online but hidden from a player in a block with them.
    expect((await read<ProfileView>(me, path(o0))).user).toEqual({ ...(await seen(o0, true)), bannerUrl: null, title: null });
    expect((await read<ProfileView>(me, path(o1))).user).toMatchObject({ isOnline: false, lastSeen: (await seen(o1, false)).lastSeen });
    expect((await read<ProfileView>(me, path(o2))).user).toMatchObject({ isOnline: false, lastSeen: null });
    expect((await read<ProfileView>(me, path(o4))).user.isOnline).toBe(true);
    expect((await read<ProfileView>(others[1]!, path(o4))).user).toMatchObject({ isOnline: false, lastSeen: null });
    expect((await read<ProfileView>(viewer, path(me.id))).user).toMatchObject({ isOnline: false, lastSeen: null, title });
    expect((await read<ProfileView>(others[0]!, path(o0))).counts).toEqual({ posts: 1, friends: 2, characters: 1 });

    expect(await raw(me.client, path('nobody'))).toEqual({ status: 404, text: JSON.stringify({ error: 'player_not_found', message: 'Player not found' }) });
  }, 240_000);

  // The cursor's ties (the same millisecond); the viewer's likes and own posts, counts, edited, images and avatars.
  it("GET /api/users/:userId/posts: none, pages by the cursor, a cursor not the author's or not an id, counts; blocks; 404 for no player", async () => {
    const { me, others } = await circle();
    const [o0, o1] = others as [Player, Player];
    const path = (id: string, before?: string) => `/api/users/${id}/posts${before === undefined ? '' : `?before=${encodeURIComponent(before)}`}`;
    expect(await read<PostFeed>(o0, path(me.id))).toEqual({ posts: [], nextCursor: null });

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
      const at =
        i < 6
          ? `2026-11-20 10:00:00.123+00`
          : i < 12
            ? `2026-11-20 10:00:01.123${String(i * 37).padStart(3, '0')}+00`
            : `2026-11-20 10:00:${String(i + 2).padStart(2, '0')}.${String(i * 12_345)
                .padStart(6, '0')
                .slice(0, 6)}+00`;
      const edit = ['0', '1 second', '1 second 1 millisecond', '1 second 500 microseconds', '2 days 3 hours', '-1 second'][i % 6]!;
      await db().execute(sql`update posts set created_at = ${at}::timestamptz, updated_at = ${at}::timestamptz + ${edit}::interval where id = ${id}`);
    }
    for (const [i, id] of ids.entries()) {
      if (i % 3 === 0) await db().insert(postLikes).values({ postId: id, userId: o0.id });
      if (i % 4 === 0) await db().insert(postLikes).values({ postId: id, userId: me.id });
      for (let c = 0; c < i % 3; c++)
        await db()
          .insert(postComments)
          .values({ postId: id, authorId: o1.id, text: `comment ${c}` });
    }

    // The feed's order: newest first, ties to the microsecond by id, descending.
    const stored = await db().execute<{ id: string; at: string }>(
      sql`select id::text, created_at::text as at from posts where author_id = ${me.id} order by created_at desc, id desc`,
    );
    const order = (stored as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
    expect(order).toHaveLength(27);
    const rows = new Map((await db().select().from(posts).where(eq(posts.authorId, me.id))).map((p) => [p.id, p]));
    const [author] = await db().select().from(users).where(eq(users.id, me.id));
    const index = (id: string) => ids.indexOf(id);
    /** A post as `viewer` reads it, from its row and the likes and comments made above. */
    const postAs = (viewer: Player, id: string, avatarUrl: string | null = author!.avatarUrl) => {
      const row = rows.get(id)!;
      const i = index(id);
      return {
        id,
        author: { id: me.id, username: author!.username, avatarUrl },
        text: row.text,
        imageUrl: row.imagePath ? `/uploads/${row.imagePath}` : null,
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
        edited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
        likeCount: (i % 3 === 0 ? 1 : 0) + (i % 4 === 0 ? 1 : 0),
        likedByMe: (viewer === o0 && i % 3 === 0) || (viewer === me && i % 4 === 0),
        commentCount: i % 3,
        isMine: viewer === me,
      };
    };
    for (const viewer of [me, o0, o1]) {
      let before: string | undefined;
      const seenIds: string[] = [];
      do {
        const page = await read<PostFeed>(viewer, path(me.id, before));
        const at = before === undefined ? 0 : order.indexOf(before) + 1;
        const expected = order.slice(at, at + 10);
        expect(page).toEqual({ posts: expected.map((id) => postAs(viewer, id)), nextCursor: at + 10 < order.length ? expected[9]! : null });
        seenIds.push(...page.posts.map((p) => p.id));
        before = page.nextCursor ?? undefined;
      } while (before);
      // Every post once: none skipped, not even one a few microseconds older in its cursor's millisecond.
      expect(seenIds).toEqual(order);
    }
    const first = await read<PostFeed>(me, path(me.id));
    expect(new Set(first.posts.map((p) => p.edited))).toEqual(new Set([true, false]));
    expect(new Set(first.posts.map((p) => p.likedByMe))).toEqual(new Set([true, false]));
    expect(first.posts.map((p) => p.imageUrl).filter(Boolean).length).toBeGreaterThan(0);
    // An id of another author's post, an unknown id, a cursor not an id: the first page; an id in upper case is that id.
    const firstAsO0 = await read<PostFeed>(o0, path(me.id));
    for (const before of [other!.id, randomUUID(), 'not-an-id', '']) expect(await read<PostFeed>(o0, path(me.id, before))).toEqual(firstAsO0);
    expect(await read<PostFeed>(o0, path(me.id, ids[7]!.toUpperCase()))).toEqual(await read<PostFeed>(o0, path(me.id, ids[7]!)));

    // The author's avatar: none, a path, a URL, a stored name under /uploads.
    const avatars: Array<[string | null, string | null]> = [
      [null, null],
      ['', null],
      ['/uploads/profiles/a "b".png', '/uploads/profiles/a "b".png'],
      ['https://example.com/a.png', 'https://example.com/a.png'],
      ['http://example.com/a.png', 'http://example.com/a.png'],
      ['profiles/x.png', '/uploads/profiles/x.png'],
      ['HTTPS://example.com/a.png', '/uploads/HTTPS://example.com/a.png'],
      ['https//x', '/uploads/https//x'],
    ];
    for (const [stored, shown] of avatars) {
      await db().update(users).set({ avatarUrl: stored }).where(eq(users.id, me.id));
      expect((await read<PostFeed>(o1, path(me.id))).posts.map((p) => p.author.avatarUrl)).toEqual(Array(10).fill(shown));
    }
    // Fewer than a page; exactly a page (no next one); a deleted post.
    await db().delete(posts).where(eq(posts.id, ids[26]!));
    for (const keep of [11, 10, 3]) {
      await db()
        .delete(posts)
        .where(sql`${posts.authorId} = ${me.id} and ${posts.id} not in (select id from posts where author_id = ${me.id} order by created_at limit ${keep})`);
      const page = await read<PostFeed>(o0, path(me.id));
      expect(page.posts).toHaveLength(Math.min(keep, 10));
      expect(page.nextCursor === null).toBe(keep <= 10);
    }

    // Blocks (issue 25): o1 blocks o0, so o0 counts none of o1's comments and o1 none of o0's likes;
    // o2 blocked the author and the author blocked o3: each reads an empty feed, with a cursor too.
    await db().delete(postLikes);
    await db().delete(postComments);
    const kept = (await db().select({ id: posts.id }).from(posts).where(eq(posts.authorId, me.id))).map((p) => p.id);
    for (const [i, id] of kept.entries()) {
      await db()
        .insert(postLikes)
        .values([{ postId: id, userId: o0.id }, ...(i % 2 ? [{ postId: id, userId: o1.id }] : [])]);
      await db()
        .insert(postComments)
        .values([
          { postId: id, authorId: o1.id, text: 'from o1' },
          { postId: id, authorId: others[4]!.id, text: 'from o4' },
        ]);
    }
    const [o2, o3] = [others[2]!, others[3]!];
    await db()
      .insert(blocks)
      .values([
        { blockerId: o1.id, blockedId: o0.id },
        { blockerId: o2.id, blockedId: me.id },
        { blockerId: me.id, blockedId: o3.id },
      ]);
    const counts = async (viewer: Player) => (await read<PostFeed>(viewer, path(me.id))).posts;
    expect((await counts(o0)).map((p) => p.commentCount)).toEqual([1, 1, 1]);
    const likes = async (viewer: Player) => (await counts(viewer)).reduce((n, p) => n + p.likeCount, 0);
    expect((await counts(o1)).map((p) => p.commentCount)).toEqual([2, 2, 2]);
    expect([await likes(o1), await likes(o0), await likes(others[4]!)]).toEqual([1, 3, 4]);
    expect((await counts(others[4]!)).map((p) => p.commentCount)).toEqual([2, 2, 2]);
    for (const viewer of [o2, o3]) {
      for (const before of [undefined, kept[1]!]) expect(await read<PostFeed>(viewer, path(me.id, before))).toEqual({ posts: [], nextCursor: null });
    }
    // The author reads the blocked o3's feed empty too.
    await db().insert(posts).values({ authorId: o3.id, text: "o3's" });
    expect(await read<PostFeed>(me, path(o3.id))).toEqual({ posts: [], nextCursor: null });
    expect((await read<PostFeed>(o0, path(o3.id))).posts.map((p) => p.text)).toEqual(["o3's"]);

    expect(await raw(me.client, path('nobody'))).toEqual({ status: 404, text: JSON.stringify({ error: 'user_not_found', message: 'User not found' }) });
  }, 240_000);

  // % _ and \ taken as they are; never an e-mail; never the viewer or a player who blocked them; the relation to each.
  it('GET /api/users/search: an empty term, contains-matches in any case, exact names first, then by length and name, at most five', async () => {
    const tag = `k${randomUUID().slice(0, 6)}`;
    const me = await socialPlayer(server.url, 'me');
    await db()
      .update(users)
      .set({ username: `${tag}-me` })
      .where(eq(users.id, me.id));
    const names = [
      tag.toUpperCase(),
      `${tag}_x`,
      `${tag}%y`,
      `${tag}\\z`,
      `${tag}axe`,
      `${tag}Abc`,
      `xx${tag}`,
      `${tag}Émile "q" <b>`,
      `${tag} 🐉 \u2028`,
      `${tag}x_`,
      `${tag}zz%`,
    ];
    const others: Player[] = [];
    for (const [i, name] of names.entries()) {
      const p = await socialPlayer(server.url, `s${i}`);
      await db().update(users).set({ username: name }).where(eq(users.id, p.id));
      others.push({ ...p, username: name });
    }
    const [o0, o1, o2, o3, o4, o5, o6] = others.map((o) => o.id) as [string, string, string, string, string, string, string];
    await befriend(me.id, o0);
    await befriend(o1, me.id, 'pending');
    await befriend(me.id, o2, 'pending');
    await befriend(o3, me.id, 'rejected');
    await db()
      .insert(blocks)
      .values([
        { blockerId: me.id, blockedId: o4 },
        { blockerId: o5, blockedId: me.id },
        { blockerId: o6, blockedId: me.id },
        { blockerId: me.id, blockedId: o6 },
      ]);
    await timesAndPresence(me.id, others);
    await db().insert(realtimeConnections).values({ id: randomUUID(), userId: o4, instanceId: 'reads-test' });
    const search = async (viewer: Player, q: string) => (await read<UserSearch>(viewer, `/api/users/search?q=${encodeURIComponent(q)}`)).users;
    const namesOf = (found: UserSearch['users']) => found.map((u) => u.user.username);

    for (const q of ['', '   ']) expect(await search(me, q)).toEqual([]);
    // Exact first whatever its case, then by length (and name); at most five; never the viewer, never one who blocked the viewer.
    const shortest = [`${tag}%y`, `${tag}\\z`, `${tag}_x`, `${tag}x_`];
    for (const q of [tag, `  ${tag.toUpperCase()}  `]) {
      const found = namesOf(await search(me, q));
      expect(found[0]).toBe(tag.toUpperCase());
      expect(found.slice(1).sort()).toEqual([...shortest].sort());
    }
    // o5 blocked the viewer, not o5's own viewer: o6 (xx…, blocked the viewer) is found by o5, o5 never by itself.
    const forO5 = namesOf(await search(others[5]!, tag));
    expect(forO5).toHaveLength(5);
    expect(forO5[0]).toBe(tag.toUpperCase());
    expect(forO5.map((n) => n.length)).toEqual([tag.length, ...Array(4).fill(tag.length + 2)]);
    expect(forO5).not.toContain(`${tag}Abc`);
    // % _ and \ match themselves.
    expect(namesOf(await search(me, `${tag}%`))).toEqual([`${tag}%y`]);
    expect(namesOf(await search(me, `${tag}_`))).toEqual([`${tag}_x`]);
    expect(namesOf(await search(me, `_x`))).toEqual([`${tag}_x`]);
    expect(namesOf(await search(me, 'x_'))).toEqual([`${tag}x_`]);
    expect(namesOf(await search(me, `${tag}\\`))).toEqual([`${tag}\\z`]);
    expect(namesOf(await search(me, 'zz%'))).toEqual([`${tag}zz%`]);
    // Any case, any script; the viewer's own name never.
    expect(namesOf(await search(me, `mile "Q" <B>`))).toEqual([`${tag}Émile "q" <b>`]);
    expect(namesOf(await search(me, `${tag} 🐉 \u2028`))).toEqual([`${tag} 🐉 \u2028`]);
    expect(await search(me, `${tag}-ME`)).toEqual([]);
    // An e-mail, exact or a fragment, finds nobody (issue 25).
    expect(await search(me, others[7]!.email.toUpperCase())).toEqual([]);
    expect(await search(me, others[7]!.email.slice(1))).toEqual([]);
    // Blocked by the viewer: found, presence hidden, 'blocked'; one who blocked the viewer never found.
    expect(await search(me, `${tag}axe`)).toEqual([{ user: await hidden(o4), relation: { status: 'blocked', friendshipId: null } }]);
    expect(await search(me, `${tag}Abc`)).toEqual([]);
    expect(await search(me, `xx${tag}`)).toEqual([]);
    // The relation to each: friends, pending either way, a rejected row (none).
    const pairOf = async (id: string) =>
      (
        await db()
          .select()
          .from(friendships)
          .where(sql`${friendships.requesterId} = ${id} or ${friendships.addresseeId} = ${id}`)
      )[0]!.id;
    const relations = new Map((await search(me, tag)).map((u) => [u.user.id, u.relation]));
    expect(relations.get(o0)).toEqual({ status: 'friends', friendshipId: await pairOf(o0) });
    expect(relations.get(o1)).toEqual({ status: 'incoming', friendshipId: await pairOf(o1) });
    expect(relations.get(o2)).toEqual({ status: 'outgoing', friendshipId: await pairOf(o2) });
    expect(relations.get(o3)).toEqual({ status: 'none', friendshipId: null });
    expect((await search(me, tag))[0]).toEqual({ user: await seen(o0, true), relation: { status: 'friends', friendshipId: await pairOf(o0) } });
  }, 240_000);
});
