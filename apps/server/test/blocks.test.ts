import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatMessageView, ChatView, CommentList, CommentResponse, LikeResponse, PostFeed, PostResponse } from '@rpg/contract';
import { POST_BLOCKED } from '@rpg/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { connectSocket, type Push, type Socket } from './support/socket.ts';
import { socialPlayer, type Player } from './support/social.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Issue 25 (point 6 and the broadcasts): a block, either way, covers posts, comments and likes,
 * the global chat's history and its lines on the sockets, presence and the feed's pushes
 * (docs/decisions/social.md, "Blocks"; docs/security.md "Blocks").
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const player = (prefix = 'blk') => socialPlayer(server.url, prefix);
const block = async (by: Player, whom: Player) => expect((await by.client.post('/api/blocks', { userId: whom.id })).status).toBe(200);
const unblock = async (by: Player, whom: Player) => expect((await by.client.json('DELETE', `/api/blocks/${whom.id}`)).status).toBe(200);
const feed = async (viewer: Player, author: Player) => {
  const res = await viewer.client.get<PostFeed>(`/api/users/${author.id}/posts`);
  expect(res.status).toBe(200);
  return res.body;
};
const newPost = async (author: Player, text: string) => {
  const res = await author.client.post<PostResponse>('/api/posts', { text });
  expect(res.status).toBe(200);
  return res.body.post;
};
const like = (p: Player, postId: string) => p.client.json<LikeResponse & ErrorBody>('PUT', `/api/posts/${postId}/like`);
const comment = (p: Player, postId: string, text: string) => p.client.post<CommentResponse & ErrorBody>(`/api/posts/${postId}/comments`, { text });
const comments = (p: Player, postId: string) => p.client.get<CommentList & ErrorBody>(`/api/posts/${postId}/comments`);
const say = (p: Player, text: string) => p.client.post<{ message: ChatMessageView } & ErrorBody>('/api/chat', { text });
const chatLines = async (p: Player) => (await p.client.get<ChatView>('/api/chat')).body.messages.map((m) => m.text);
const lineFrom = (speaker: Player) => (m: Push) => (m.message as ChatMessageView).userId === speaker.id;
const names = (m: Push, key: string[]) => JSON.stringify(m.queryKeys).includes(JSON.stringify(key));
/** The invalidate of a new post of `author`'s (the feed and the profile's counter; the block's own pushes name the feed but not the profile). */
const newPostPush = (author: Player) => (m: Push) => names(m, ['posts', author.id]) && names(m, ['social', 'profile', author.id]);

/** Waits for a later push `tab` must get (so whatever was sent to it before has arrived), then answers what it got of `type` matching. */
async function gotBefore(
  tab: Socket,
  marker: () => Promise<unknown>,
  markerType: string,
  markerMatch: (m: Push) => boolean,
  type: string,
  match: (m: Push) => boolean,
) {
  await marker();
  await tab.waitFor(markerType, markerMatch);
  return tab.messages.filter((m) => m.type === type && match(m));
}

describe('blocks and posts (issue 25 point 6)', () => {
  it("hides the blocker's feed, posts and comments from the blocked player and back, refuses likes and comments both ways, and hides the other's likes and comments from each", async () => {
    const [cal, dan, eve] = [await player('cal'), await player('dan'), await player('eve')];
    const post = await newPost(cal, "Cal's news");
    const dansPost = await newPost(dan, "Dan's news");
    // Before the block: Dan and Eve like and comment on Cal's post.
    for (const p of [dan, eve]) {
      expect((await like(p, post.id)).status).toBe(200);
      expect((await comment(p, post.id, `from ${p.username}`)).status).toBe(200);
    }
    expect((await feed(dan, cal)).posts.map((p) => p.id)).toEqual([post.id]);

    await block(cal, dan);

    // Dan reads Cal's feed as if Cal had no posts; the post and its comments are not found.
    expect(await feed(dan, cal)).toEqual({ posts: [], nextCursor: null });
    const hidden = await comments(dan, post.id);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Post not found');
    // And the other way: Cal does not read Dan's feed either.
    expect(await feed(cal, dan)).toEqual({ posts: [], nextCursor: null });
    expect((await comments(cal, dansPost.id)).status).toBe(404);

    // No like, no comment, either way.
    for (const [who, postId] of [
      [dan, post.id],
      [cal, dansPost.id],
    ] as const) {
      const liked = await like(who, postId);
      expect(liked.status).toBe(403);
      expect(liked.body.message).toBe(POST_BLOCKED);
      const commented = await comment(who, postId, 'hello?');
      expect(commented.status).toBe(403);
      expect(commented.body.message).toBe("You cannot like or comment on this player's posts.");
    }

    // Cal sees neither Dan's like nor Dan's comment on his own post, in the feed or the comments.
    const [own] = (await feed(cal, cal)).posts;
    expect(own).toMatchObject({ id: post.id, likeCount: 1, commentCount: 1 });
    expect((await comments(cal, post.id)).body.comments.map((c) => c.text)).toEqual([`from ${eve.username}`]);
    // A bystander sees everything.
    const [seenByEve] = (await feed(eve, cal)).posts;
    expect(seenByEve).toMatchObject({ likeCount: 2, commentCount: 2 });
    expect((await comments(eve, post.id)).body.comments).toHaveLength(2);
    // Eve's like answer counts as Eve sees; a like Dan takes back is allowed.
    expect((await eve.client.json<LikeResponse>('DELETE', `/api/posts/${post.id}/like`)).body).toEqual({ liked: false, likeCount: 1 });
    expect((await dan.client.json<LikeResponse>('DELETE', `/api/posts/${post.id}/like`)).body).toEqual({ liked: false, likeCount: 0 });

    // Unblocked: all back.
    await unblock(cal, dan);
    expect((await feed(dan, cal)).posts.map((p) => p.id)).toEqual([post.id]);
    expect((await comments(cal, post.id)).body.comments).toHaveLength(2);
    expect((await like(dan, post.id)).status).toBe(200);
  });

  it('covers a block made by the other player too (the blocked one cannot read the blocker, the blocker cannot read the blocked)', async () => {
    const [cal, dan] = [await player('cal'), await player('dan')];
    const post = await newPost(dan, 'Hi Cal');
    await block(dan, cal);
    expect(await feed(cal, dan)).toEqual({ posts: [], nextCursor: null });
    expect((await like(cal, post.id)).status).toBe(403);
    // Paging with a cursor is empty too.
    const res = await cal.client.get<PostFeed>(`/api/users/${dan.id}/posts?before=${post.id}`);
    expect(res.body).toEqual({ posts: [], nextCursor: null });
  });

  it("does not push the blocker's feed changes to the blocked player's tabs, nor the blocked one's likes and comments to the blocker's", async () => {
    const [cal, dan, eve] = [await player('cal'), await player('dan'), await player('eve')];
    const evesPost = await newPost(eve, "Eve's news");
    const [danTab, calTab] = [connectSocket(server.url, dan.client), connectSocket(server.url, cal.client)];
    await Promise.all([danTab.waitFor('hello'), calTab.waitFor('hello')]);
    // The block is made while both tabs are open.
    await block(cal, dan);
    // Cal posts: Dan's tab is not told Cal's feed changed (Eve's post afterwards is).
    await newPost(cal, 'Only for others');
    const danGot = await gotBefore(danTab, () => newPost(eve, 'marker'), 'invalidate', newPostPush(eve), 'invalidate', newPostPush(cal));
    expect(danGot).toEqual([]);
    // Dan likes Eve's post: the push names Eve's feed and carries Dan's activity: not to Cal's tab.
    expect((await like(dan, evesPost.id)).status).toBe(200);
    const seen = calTab.messages.length;
    const calGot = await gotBefore(
      calTab,
      () => newPost(eve, 'marker 2'),
      'invalidate',
      (m) => newPostPush(eve)(m) && calTab.messages.indexOf(m) >= seen,
      'invalidate',
      (m) => names(m, ['posts', eve.id]) && !names(m, ['social', 'profile', eve.id]),
    );
    expect(calGot).toEqual([]);
    danTab.close();
    calTab.close();
  });
});

describe('blocks and the global chat (issue 25, broadcasts)', () => {
  async function chatters() {
    const [cal, dan, eve] = [await player('cal'), await player('dan'), await player('eve')];
    for (const [p, name] of [
      [cal, 'Calder'],
      [dan, 'Danor'],
      [eve, 'Evelyn'],
    ] as const)
      await createCharacter(p.client, { name });
    return { cal, dan, eve };
  }

  it("keeps the blocker's lines from the blocked player's tabs and history, and the blocked player's from the blocker's, both for a block made before and while the tabs are open", async () => {
    const { cal, dan, eve } = await chatters();
    const before = (await say(dan, 'said before the block')).body.message;
    const tabs = { cal: connectSocket(server.url, cal.client), dan: connectSocket(server.url, dan.client), eve: connectSocket(server.url, eve.client) };
    await Promise.all(Object.values(tabs).map((t) => t.waitFor('hello')));

    await block(cal, dan);
    const fromCal = (await say(cal, 'Cal speaks')).body.message;
    const fromDan = (await say(dan, 'Dan speaks')).body.message;
    // Eve gets both lines; then a line of Eve's reaches Cal and Dan, after anything sent before it.
    await tabs.eve.waitFor('chat-message', (m) => (m.message as ChatMessageView).id === fromDan.id);
    await tabs.eve.waitFor('chat-message', (m) => (m.message as ChatMessageView).id === fromCal.id);
    const marker = (await say(eve, 'Eve speaks')).body.message;
    const isMarker = (m: Push) => (m.message as ChatMessageView).id === marker.id;
    await Promise.all([tabs.cal.waitFor('chat-message', isMarker), tabs.dan.waitFor('chat-message', isMarker)]);
    expect(tabs.dan.messages.filter((m) => m.type === 'chat-message' && lineFrom(cal)(m))).toEqual([]);
    expect(tabs.cal.messages.filter((m) => m.type === 'chat-message' && lineFrom(dan)(m))).toEqual([]);

    // The history: neither reads the other's lines (the older ones too); Eve reads all.
    expect(await chatLines(cal)).not.toContain(before.text);
    expect(await chatLines(cal)).not.toContain('Dan speaks');
    expect(await chatLines(dan)).not.toContain('Cal speaks');
    expect(await chatLines(eve)).toEqual(expect.arrayContaining(['said before the block', 'Cal speaks', 'Dan speaks', 'Eve speaks']));

    // Unblocked: lines flow again, and the history shows them.
    await unblock(cal, dan);
    const again = (await say(cal, 'Cal again')).body.message;
    await tabs.dan.waitFor('chat-message', (m) => (m.message as ChatMessageView).id === again.id);
    expect(await chatLines(dan)).toEqual(expect.arrayContaining(['Cal speaks', 'Cal again']));
    Object.values(tabs).forEach((t) => t.close());
  });

  it('applies a block to a tab opened after it (loaded at connect), and the block pushes invalidate the chat of both players', async () => {
    const { cal, dan, eve } = await chatters();
    const calTab = connectSocket(server.url, cal.client);
    await calTab.waitFor('hello');
    await block(dan, cal);
    await calTab.waitFor('invalidate', (m) => JSON.stringify(m.queryKeys).includes('["chat"]'));
    calTab.close();

    const danTab = connectSocket(server.url, dan.client);
    await danTab.waitFor('hello');
    await say(cal, 'Cal after the block');
    const marker = (await say(eve, 'Eve marker')).body.message;
    await danTab.waitFor('chat-message', (m) => (m.message as ChatMessageView).id === marker.id);
    expect(danTab.messages.filter((m) => m.type === 'chat-message' && lineFrom(cal)(m))).toEqual([]);
    danTab.close();
  });

  it("keeps presence from the blocker's tabs too (both ways)", async () => {
    const [cal, dan, eve] = [await player('cal'), await player('dan'), await player('eve')];
    await cal.client.post('/api/blocks', { userId: dan.id });
    const calTab = connectSocket(server.url, cal.client);
    const eveTab = connectSocket(server.url, eve.client);
    await Promise.all([calTab.waitFor('hello'), eveTab.waitFor('hello')]);
    const danTab = connectSocket(server.url, dan.client);
    await danTab.waitFor('hello');
    danTab.close();
    await eveTab.waitFor('presence', (m) => m.userId === dan.id && m.isOnline === false);
    // A later broadcast Cal gets: a line of Eve's would need a character; Eve's presence going offline will do.
    eveTab.close();
    await calTab.waitFor('presence', (m) => m.userId === eve.id && m.isOnline === false);
    expect(calTab.messages.filter((m) => m.type === 'presence' && m.userId === dan.id)).toEqual([]);
    calTab.close();
  });
});

/** Scaling out (PostgreSQL only: PGlite is one process): a block made through one server holds on another's tabs. */
describe.runIf(Boolean(process.env.DATABASE_URL))('blocks across two servers', () => {
  let b: TestServer;
  let bDir: string;
  beforeAll(async () => {
    bDir = mkdtempSync(path.join(tmpdir(), 'rpg-test-blocks-b-'));
    b = await startTestServer({ reuse: { dataDir: bDir, databaseUrl: server.databaseUrl! } });
  });
  afterAll(async () => {
    await b?.stop({ keepData: true });
    rmSync(bDir, { recursive: true, force: true });
  });

  it("keeps the blocker's lines said on server A from the blocked player's tab on server B, once the block is made on A while the tab is open, and lets them through after the unblock", async () => {
    const [cal, dan, eve] = [await player('cal'), await player('dan'), await player('eve')];
    for (const [p, name] of [
      [cal, 'Calder'],
      [eve, 'Evelyn'],
    ] as const)
      await createCharacter(p.client, { name });
    const danTab = connectSocket(b.url, dan.client);
    await danTab.waitFor('hello');
    await block(cal, dan);
    await say(cal, 'Cal on A');
    const marker = (await say(eve, 'Eve on A')).body.message;
    await danTab.waitFor('chat-message', (m) => (m.message as ChatMessageView).id === marker.id);
    expect(danTab.messages.filter((m) => m.type === 'chat-message' && lineFrom(cal)(m))).toEqual([]);

    await unblock(cal, dan);
    const again = (await say(cal, 'Cal again')).body.message;
    await danTab.waitFor('chat-message', (m) => (m.message as ChatMessageView).id === again.id);
    danTab.close();
  });
});
