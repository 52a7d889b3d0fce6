import type { ConversationList, ConversationPage, DirectMessage, SocialSummary } from '@rpg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket } from './support/socket.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { usePlayerLimit } from './support/throttle.ts';
import { makeFriends, sendRequest, socialPlayer, type Player } from './support/social.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const player = () => socialPlayer(server.url, 'dm');
const send = (from: Player, to: Player, body: string) => from.client.post<{ message: DirectMessage } & { message: string }>(`/api/messages/${to.id}`, { body });
const page = async (viewer: Player, other: Player, before?: string) =>
  (await viewer.client.get<ConversationPage>(`/api/messages/${other.id}${before ? `?before=${before}` : ''}`)).body;
const unread = async (p: Player) => (await p.client.get<SocialSummary>('/api/social/summary')).body.unreadMessages;

describe('direct messages (DECISIONS §2)', () => {
  it('only between friends, never once blocked; blank and over-long text refused', async () => {
    const [ann, ben, cat] = [await player(), await player(), await player()];
    await sendRequest(ann, cat);
    const stranger = await send(ann, cat, 'hello?');
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe('You can only message your friends.');
    await makeFriends(ann, ben);
    expect((await send(ann, ben, '   ')).body.message).toBe('Type a message first.');
    expect((await send(ann, ben, 'x'.repeat(1001))).body.message).toBe('Messages are at most 1000 characters.');
    expect((await send(ann, ann, 'me')).status).toBe(403);
    expect((await send(ann, ben, 'hi ben')).status).toBe(200);
    await ben.client.post('/api/blocks', { userId: ann.id });
    const blocked = await send(ann, ben, 'still there?');
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('You cannot message this player.');
    expect((await send(ben, ann, 'bye')).status).toBe(403);
  });

  it('delivers live to every tab of the receiver and the sender, counts unread, and marks read', async () => {
    const [ann, ben] = [await player(), await player()];
    await makeFriends(ann, ben);
    const benTabs = [connectSocket(server.url, ben.client), connectSocket(server.url, ben.client)];
    const annTab = connectSocket(server.url, ann.client);
    await Promise.all([...benTabs, annTab].map((t) => t.waitFor('hello')));
    const conversationKey = (id: string) => (m: Record<string, unknown>) => JSON.stringify(m.queryKeys).includes(JSON.stringify(['social', 'messages', id]));

    const sent = await send(ann, ben, '<script>alert(1)</script> & <b>hi</b>');
    expect(sent.status).toBe(200);
    // Stored as typed: the browser renders it as text.
    expect(sent.body.message.body).toBe('<script>alert(1)</script> & <b>hi</b>');
    await Promise.all(benTabs.map((t) => t.waitFor('invalidate', conversationKey(ann.id))));
    expect(await benTabs[0]!.waitFor('direct-message')).toEqual({
      type: 'direct-message',
      messageId: sent.body.message.id,
      from: { id: ann.id, username: ann.username },
    });
    expect(annTab.messages.filter((m) => m.type === 'direct-message')).toEqual([]);
    await annTab.waitFor('invalidate', conversationKey(ben.id));

    expect(await unread(ben)).toBe(1);
    const list = (await ben.client.get<ConversationList>('/api/messages')).body.conversations;
    expect(list).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: ann.id }),
        unread: 1,
        lastMessage: expect.objectContaining({ body: sent.body.message.body }),
      }),
    ]);

    const readSeen = annTab.next('invalidate');
    const marked = await ben.client.post<{ marked: number }>(`/api/messages/${ann.id}/read`);
    expect(marked.body.marked).toBe(1);
    expect(await unread(ben)).toBe(0);
    // The sender's tab refetches the conversation, whose message now has its read mark.
    expect(JSON.stringify((await readSeen).queryKeys)).toContain(ben.id);
    const [message] = (await page(ann, ben)).messages;
    expect(message?.readAt).not.toBeNull();
    // Marking again changes nothing; the sender cannot mark their own message read.
    expect((await ben.client.post<{ marked: number }>(`/api/messages/${ann.id}/read`)).body.marked).toBe(0);
    await send(ann, ben, 'second');
    expect((await ann.client.post<{ marked: number }>(`/api/messages/${ben.id}/read`)).body.marked).toBe(0);
    expect(await unread(ben)).toBe(1);
    for (const t of [...benTabs, annTab]) t.close();
  });

  it('a removed or blocked friend: the list keeps the conversation read-only, its unread counts in the badge and clears when read (issue 27)', async () => {
    const [ann, ben, cat] = [await player(), await player(), await player()];
    const benFriendship = await makeFriends(ann, ben);
    await makeFriends(ann, cat);
    await send(ben, ann, 'from ben, unread');
    await send(cat, ann, 'from cat, unread');
    await send(ann, cat, 'to cat');
    expect(await unread(ann)).toBe(2);

    // Ben's friendship is removed; Cat blocks Ann.
    expect((await ann.client.json('DELETE', `/api/friends/${benFriendship}`)).status).toBe(200);
    expect((await cat.client.post('/api/blocks', { userId: ann.id })).status).toBe(200);

    const list = async (p: Player) => (await p.client.get<ConversationList>('/api/messages')).body.conversations;
    const entries = await list(ann);
    expect(entries.map((c) => [c.user.id, c.unread, c.friend])).toEqual([
      [cat.id, 1, false],
      [ben.id, 1, false],
    ]);
    // The badge and the list count the same messages.
    expect(await unread(ann)).toBe(entries.reduce((sum, c) => sum + c.unread, 0));
    // The history stays readable and can be marked read; no new message passes.
    expect((await page(ann, ben)).messages.map((m) => m.body)).toEqual(['from ben, unread']);
    expect((await ann.client.post<{ marked: number }>(`/api/messages/${ben.id}/read`)).body.marked).toBe(1);
    expect((await ann.client.post<{ marked: number }>(`/api/messages/${cat.id}/read`)).body.marked).toBe(1);
    expect(await unread(ann)).toBe(0);
    expect((await list(ann)).map((c) => c.unread)).toEqual([0, 0]);
    expect((await send(ann, ben, 'still there?')).status).toBe(403);
    // The other side too: Ben keeps the history, read-only.
    expect((await list(ben)).map((c) => [c.user.id, c.friend])).toEqual([[ann.id, false]]);
    // Friends again: the same conversation, writable.
    await makeFriends(ben, ann);
    expect((await list(ann)).find((c) => c.user.id === ben.id)?.friend).toBe(true);
  });

  it('pages back through history, oldest first in each page; only the two players read it', async () => {
    const [ann, ben, eve] = [await player(), await player(), await player()];
    await makeFriends(ann, ben);
    for (let i = 1; i <= 35; i += 1) await send(i % 2 ? ann : ben, i % 2 ? ben : ann, `message ${i}`);
    const newest = await page(ben, ann);
    expect(newest.messages).toHaveLength(30);
    expect(newest.hasMore).toBe(true);
    expect(newest.messages.at(0)?.body).toBe('message 6');
    expect(newest.messages.at(-1)?.body).toBe('message 35');
    const older = await page(ben, ann, newest.messages[0]!.id);
    expect(older.messages.map((m) => m.body)).toEqual(['message 1', 'message 2', 'message 3', 'message 4', 'message 5']);
    expect(older.hasMore).toBe(false);
    // A third player sees nothing of it, whichever id they ask about.
    expect((await page(eve, ann)).messages).toEqual([]);
    expect((await page(eve, ben)).messages).toEqual([]);
    expect((await eve.client.get(`/api/messages/${ann.id}?before=abc`)).status).toBe(400);
  });
});

describe('direct message throttle (docs/decisions/moderation.md: per player, shared by every process)', () => {
  it('refuses the message over the limit with 429 and the message, and stores nothing', async () => {
    const [ann, ben] = [await player(), await player()];
    await makeFriends(ann, ben);
    await usePlayerLimit(server, 'directMessages', ann.id, 1);
    expect((await send(ann, ben, 'one')).status).toBe(200);
    const refused = await send(ann, ben, 'two');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('You are sending messages too quickly. Slow down a little.');
    expect((await page(ben, ann)).messages.map((m) => m.body)).toEqual(['one']);
    // The other player may still answer.
    expect((await send(ben, ann, 'hello')).status).toBe(200);
  });
});
