import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RelationView, SocialSummary, SuggestionList, UserSearch } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendships } from '../src/db/schema/index.ts';
import { connectSocket } from './support/socket.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { usePlayerLimit } from './support/throttle.ts';
import { friendList, incomingId, makeFriends, profileOf, sendRequest, socialPlayer, type Player } from './support/social.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const player = (prefix?: string) => socialPlayer(server.url, prefix);
const relation = async (viewer: Player, other: Player): Promise<RelationView> => (await profileOf(viewer, other.id)).body.relation;
const summary = async (p: Player) => (await p.client.get<SocialSummary>('/api/social/summary')).body;

describe('friend requests (spec 03 §4 "Friendship status")', () => {
  it('pending, then accepted by the recipient: both see each other as friends, counted on the profile', async () => {
    const [ann, ben] = [await player(), await player()];
    const sent = await sendRequest(ann, ben);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Friend request sent!');
    expect(sent.body.relation.status).toBe('outgoing');
    expect(await relation(ben, ann)).toMatchObject({ status: 'incoming' });
    expect(await summary(ben)).toEqual({ incomingRequests: 1, unreadMessages: 0 });
    const [outgoing] = await friendList(ann);
    expect(outgoing).toMatchObject({ status: 'pending', direction: 'outgoing', user: { id: ben.id, username: ben.username } });

    const id = await incomingId(ben, ann);
    // Only the recipient may answer.
    expect((await ann.client.post(`/api/friends/${id}/accept`)).status).toBe(404);
    const accepted = await ben.client.post<{ message: string; relation: RelationView }>(`/api/friends/${id}/accept`);
    expect(accepted.body).toEqual({ message: 'Friend request accepted', relation: { status: 'friends', friendshipId: id } });
    expect(await relation(ann, ben)).toEqual({ status: 'friends', friendshipId: id });
    expect((await profileOf(ann, ann.id)).body.counts.friends).toBe(1);
    expect(await summary(ben)).toEqual({ incomingRequests: 0, unreadMessages: 0 });
    // Answered once only.
    expect((await ben.client.post(`/api/friends/${id}/reject`)).status).toBe(404);
  });

  it("refuses a second request with 'Friend request already sent' and a request to a friend with 'Already friends'", async () => {
    const [ann, ben, cat] = [await player(), await player(), await player()];
    await sendRequest(ann, ben);
    const again = await sendRequest(ann, ben);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Friend request already sent');
    await makeFriends(ann, cat);
    const toFriend = await sendRequest(cat, ann);
    expect(toFriend.status).toBe(409);
    expect(toFriend.body.message).toBe('Already friends');
    expect((await sendRequest(ann, ann)).status).toBe(400);
  });

  it('a rejected request is ignored: either player may ask again', async () => {
    const [ann, ben] = [await player(), await player()];
    await sendRequest(ann, ben);
    const id = await incomingId(ben, ann);
    const rejected = await ben.client.post<{ message: string }>(`/api/friends/${id}/reject`);
    expect(rejected.body.message).toBe('Friend request rejected');
    expect(await relation(ann, ben)).toEqual({ status: 'none', friendshipId: null });
    expect(await friendList(ann)).toEqual([]);
    const again = await sendRequest(ann, ben);
    expect(again.status).toBe(200);
    expect(await relation(ben, ann)).toMatchObject({ status: 'incoming' });
    // Rejected again; now ben asks ann on the same pair.
    await ben.client.post(`/api/friends/${await incomingId(ben, ann)}/reject`);
    expect((await sendRequest(ben, ann)).status).toBe(200);
    expect(await relation(ann, ben)).toMatchObject({ status: 'incoming' });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('answers a request reopened while the answer reads it (PostgreSQL: not a 500)', async () => {
    const [ann, ben] = [await player(), await player()];
    await sendRequest(ann, ben);
    const id = await incomingId(ben, ann);
    await ben.client.post(`/api/friends/${id}/reject`);
    // Ann asks again (the rejected row reopened) in a transaction held open while Ben accepts the same
    // row: the accept's conditional update reads the row as it was, rejected, and passes it by.
    let accepted: ReturnType<typeof ben.client.post> | undefined;
    await server.database.db.transaction(async (tx) => {
      await tx.update(friendships).set({ status: 'pending', requesterId: ann.id, addresseeId: ben.id, updatedAt: new Date() }).where(eq(friendships.id, id));
      accepted = ben.client.post(`/api/friends/${id}/accept`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    expect((await accepted!).status).toBe(200);
    expect(await relation(ann, ben)).toEqual({ status: 'friends', friendshipId: id });
  });

  it('asking back accepts the pending request; declining deletes the row; removing a friend ends it for both', async () => {
    const [ann, ben, cat] = [await player(), await player(), await player()];
    await sendRequest(ann, ben);
    const back = await sendRequest(ben, ann);
    expect(back.body).toMatchObject({ message: 'Friend request accepted', relation: { status: 'friends' } });

    await sendRequest(cat, ann);
    const id = await incomingId(ann, cat);
    expect((await ben.client.json('DELETE', `/api/friends/${id}`)).status).toBe(404);
    expect((await ann.client.json('DELETE', `/api/friends/${id}`)).status).toBe(200);
    expect(await relation(cat, ann)).toEqual({ status: 'none', friendshipId: null });

    const friendship = (await relation(ann, ben)).friendshipId!;
    expect((await ben.client.json('DELETE', `/api/friends/${friendship}`)).status).toBe(200);
    expect(await relation(ann, ben)).toEqual({ status: 'none', friendshipId: null });
    expect((await profileOf(ann, ann.id)).body.counts.friends).toBe(0);
  });

  it("pushes 'friend-request' and an invalidate to every tab of the recipient", async () => {
    const [ann, ben] = [await player(), await player()];
    const tab = connectSocket(server.url, ben.client);
    await tab.waitFor('hello');
    await sendRequest(ann, ben);
    const push = await tab.waitFor('friend-request');
    expect(push).toMatchObject({ from: { id: ann.id, username: ann.username } });
    await tab.waitFor('invalidate', (m) => JSON.stringify(m.queryKeys).includes('"social"'));
    tab.close();
  });
});

describe('blocking', () => {
  it('ends the friendship, refuses requests both ways, hides presence and the blocker from search', async () => {
    const [ann, ben] = [await player(), await player()];
    await makeFriends(ann, ben);
    expect((await profileOf(ben, ann.id)).body.user.isOnline).toBe(true);
    const blocked = await ann.client.post<{ relation: RelationView }>('/api/blocks', { userId: ben.id });
    expect(blocked.body.relation.status).toBe('blocked');
    expect(await relation(ben, ann)).toEqual({ status: 'blocked-by', friendshipId: null });
    expect(await friendList(ben)).toEqual([]);

    const fromBen = await sendRequest(ben, ann);
    expect(fromBen.status).toBe(403);
    expect(fromBen.body.message).toBe('You cannot send a friend request to this player.');
    expect((await sendRequest(ann, ben)).body.message).toBe('Unblock this player first.');

    const seen = (await profileOf(ben, ann.id)).body.user;
    expect(seen).toMatchObject({ isOnline: false, lastSeen: null });
    const search = await ben.client.get<UserSearch>(`/api/users/search?q=${encodeURIComponent(ann.username)}`);
    expect(search.body.users.map((u) => u.user.id)).not.toContain(ann.id);
    expect((await ann.client.get<{ users: Array<{ id: string }> }>('/api/blocks')).body.users.map((u) => u.id)).toEqual([ben.id]);

    expect((await ann.client.json('DELETE', `/api/blocks/${ben.id}`)).status).toBe(200);
    expect((await sendRequest(ben, ann)).status).toBe(200);
  });

  it("does not push the blocker's presence to the blocked player's tabs", async () => {
    const [ann, ben, cat] = [await player(), await player(), await player()];
    await ann.client.post('/api/blocks', { userId: ben.id });
    const benTab = connectSocket(server.url, ben.client);
    const catTab = connectSocket(server.url, cat.client);
    await Promise.all([benTab.waitFor('hello'), catTab.waitFor('hello')]);
    const annTab = connectSocket(server.url, ann.client);
    await annTab.waitFor('hello');
    annTab.close();
    await catTab.waitFor('presence', (m) => m.userId === ann.id && m.isOnline === false);
    // A later push to ben's socket: anything sent to it before has arrived by then.
    await sendRequest(cat, ben);
    await benTab.waitFor('friend-request');
    expect(benTab.messages.filter((m) => m.type === 'presence' && m.userId === ann.id)).toEqual([]);
    benTab.close();
    catTab.close();
  });
});

describe('player search (DECISIONS §4) and suggestions', () => {
  it('matches usernames by a case-insensitive fragment and never e-mail addresses (issue 25), never yourself, 5 at most', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const [me, ...others] = [
      await player(tag),
      await player(tag),
      await player(tag),
      await player(tag),
      await player(tag),
      await player(tag),
      await player(tag),
    ];
    // Default names are generated (issue 25): each takes a name with the tag.
    for (const [i, p] of [me, ...others].entries()) expect((await p.client.json('PATCH', '/api/profile', { username: `${tag}-${i}` })).status).toBe(200);
    const fragment = await me.client.get<UserSearch>(`/api/users/search?q=${tag.toUpperCase()}`);
    expect(fragment.body.users).toHaveLength(5);
    expect(fragment.body.users.map((u) => u.user.id)).not.toContain(me.id);
    // Never an e-mail in the answer.
    expect(JSON.stringify(fragment.body)).not.toContain('@example.com');

    const target = others[0]!;
    // An exact address found its player before issue 25: nothing now, in any case.
    for (const q of [target.email, target.email.toUpperCase()]) {
      expect((await me.client.get<UserSearch>(`/api/users/search?q=${encodeURIComponent(q)}`)).body.users).toEqual([]);
    }
    const domain = await me.client.get<UserSearch>('/api/users/search?q=example.com');
    expect(domain.body.users).toEqual([]);
    const partial = await me.client.get<UserSearch>(`/api/users/search?q=${encodeURIComponent(target.email.slice(0, -3))}`);
    expect(partial.body.users).toEqual([]);
    expect((await me.client.get<UserSearch>(`/api/users/search?q=${encodeURIComponent(me.email)}`)).body.users).toEqual([]);
    expect((await me.client.get<UserSearch>('/api/users/search?q=%20%20')).body.users).toEqual([]);
    // A LIKE wildcard is a plain character.
    expect((await me.client.get<UserSearch>('/api/users/search?q=%25')).body.users).toEqual([]);
  });

  it('suggests friends of friends first, never friends, pending players or yourself', async () => {
    const [ann, ben, cat, dan] = [await player(), await player(), await player(), await player()];
    await makeFriends(ann, ben);
    await makeFriends(ben, cat);
    await sendRequest(ann, dan);
    const { suggestions } = (await ann.client.get<SuggestionList>('/api/friends/suggestions')).body;
    expect(suggestions[0]).toMatchObject({ user: { id: cat.id }, mutualFriends: 1 });
    const ids = suggestions.map((s) => s.user.id);
    expect(ids).not.toContain(ann.id);
    expect(ids).not.toContain(ben.id);
    expect(ids).not.toContain(dan.id);
  });
});

/** PGlite is one process by design: across processes (LISTEN/NOTIFY) runs on PostgreSQL. */
describe.runIf(Boolean(process.env.DATABASE_URL))('a second server process', () => {
  it('delivers a friend request made through one server to a tab connected to the other', async () => {
    const bDir = mkdtempSync(path.join(tmpdir(), 'rpg-test-social-b-'));
    const second = await startTestServer({ reuse: { dataDir: bDir, databaseUrl: server.databaseUrl! } });
    try {
      const [ann, ben] = [await player(), await player()];
      const tab = connectSocket(second.url, ben.client);
      await tab.waitFor('hello');
      expect((await sendRequest(ann, ben)).status).toBe(200);
      expect(await tab.waitFor('friend-request')).toMatchObject({ from: { id: ann.id, username: ann.username } });
      tab.close();
    } finally {
      await second.stop({ keepData: true });
      rmSync(bDir, { recursive: true, force: true });
    }
  });
});

describe('friend request throttle (docs/decisions/moderation.md: per player, shared by every process)', () => {
  it('refuses the request over the limit with 429 and the message; other players are not held back', async () => {
    const [ann, ben, cat, dan] = [await player(), await player(), await player(), await player()];
    await usePlayerLimit(server, 'friendRequests', ann.id, 1);
    expect((await sendRequest(ann, ben)).status).toBe(200);
    const refused = await sendRequest(ann, cat);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('You are sending friend requests too quickly. Try again in a few minutes.');
    expect(await relation(ann, cat)).toMatchObject({ status: 'none' });
    // The limit is the sender's own: another player still asks.
    expect((await sendRequest(dan, cat)).status).toBe(200);
  });
});
