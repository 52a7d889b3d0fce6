import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CommentList, CommentResponse, LikeResponse, PostFeed, PostImageResponse, PostResponse } from '@rpg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postComments } from '../src/db/schema/index.ts';
import { png, upload, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, TestClient } from './support/client.ts';
import { connectSocket } from './support/socket.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const myId = async (client: TestClient) => (await client.get<{ id: string }>('/api/me')).body.id;
const feedOf = async (client: TestClient, userId: string, before?: string) => {
  const res = await client.get<PostFeed>(`/api/users/${userId}/posts${before ? `?before=${before}` : ''}`);
  expect(res.status).toBe(200);
  return res.body;
};
const newPost = async (client: TestClient, text: string) => {
  const res = await client.post<PostResponse>('/api/posts', { text });
  expect(res.status).toBe(200);
  return res.body.post;
};

describe('posts (spec 03 §5 posts, §6 permissions)', () => {
  it("refuses a post with neither text nor image: 'Post must have content or image.'", async () => {
    const author = await signedInPlayer(server.url);
    const res = await author.post<ErrorBody>('/api/posts', { text: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Post must have content or image.');
    expect((await author.post<ErrorBody>('/api/posts', { text: 'x'.repeat(2001) })).status).toBe(400);
  });

  it("shows a post on the author's feed for the author and for another player, newest first, the text as typed", async () => {
    const author = await signedInPlayer(server.url);
    const reader = await signedInPlayer(server.url);
    const authorId = await myId(author);
    await newPost(author, 'First steps in the realm');
    const second = await newPost(author, '<script>alert(1)</script> <b>bold</b>');
    expect(second.isMine).toBe(true);
    expect(second.author.id).toBe(authorId);
    expect(second.author).not.toHaveProperty('email');
    const seen = await feedOf(reader, authorId);
    expect(seen.posts.map((p) => p.text)).toEqual(['<script>alert(1)</script> <b>bold</b>', 'First steps in the realm']);
    expect(seen.posts.every((p) => !p.isMine && p.likeCount === 0 && p.commentCount === 0)).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('@example.com');
  });

  it('pages through a long feed with the cursor', async () => {
    const author = await signedInPlayer(server.url);
    const authorId = await myId(author);
    for (let i = 1; i <= 12; i++) await newPost(author, `post ${i}`);
    const first = await feedOf(author, authorId);
    expect(first.posts).toHaveLength(10);
    expect(first.posts[0]!.text).toBe('post 12');
    expect(first.nextCursor).toBe(first.posts[9]!.id);
    const second = await feedOf(author, authorId, first.nextCursor!);
    expect(second.posts.map((p) => p.text)).toEqual(['post 2', 'post 1']);
    expect(second.nextCursor).toBeNull();
  });

  it("lets only the author edit ('Post updated!' is the web's) or delete a post", async () => {
    const author = await signedInPlayer(server.url);
    const other = await signedInPlayer(server.url);
    const post = await newPost(author, 'Draft');

    const foreignEdit = await other.json<ErrorBody>('PATCH', `/api/posts/${post.id}`, { text: 'Hijacked' });
    expect(foreignEdit.status).toBe(403);
    const foreignDelete = await other.json<ErrorBody>('DELETE', `/api/posts/${post.id}`);
    expect(foreignDelete.status).toBe(403);

    const edited = await author.json<PostResponse>('PATCH', `/api/posts/${post.id}`, { text: 'Final words' });
    expect(edited.status).toBe(200);
    expect(edited.body.post.text).toBe('Final words');
    const blank = await author.json<ErrorBody>('PATCH', `/api/posts/${post.id}`, { text: ' ' });
    expect(blank.body.message).toBe('Post must have content or image.');

    expect((await author.json('DELETE', `/api/posts/${post.id}`)).status).toBe(200);
    expect((await feedOf(other, await myId(author))).posts).toHaveLength(0);
    expect((await author.json<ErrorBody>('DELETE', `/api/posts/${post.id}`)).status).toBe(404);
    expect((await author.json<ErrorBody>('PATCH', '/api/posts/not-a-uuid', { text: 'x' })).status).toBe(404);
  });

  it('keeps an image checked by its bytes, only for the player who uploaded it, and removes it with the post', async () => {
    const author = await signedInPlayer(server.url);
    const other = await signedInPlayer(server.url);
    const fake = await upload(author, '/api/posts/images', Buffer.from('<svg onload=alert(1)>'), { method: 'POST', filename: 'x.png' });
    expect(fake.status).toBe(400);
    const up = await upload(author, '/api/posts/images', png(3, 3), { method: 'POST' });
    expect(up.status).toBe(200);
    const { imageId, imageUrl } = up.body as PostImageResponse;

    expect((await other.post<ErrorBody>('/api/posts', { imageId })).status).toBe(400);
    const res = await author.post<PostResponse>('/api/posts', { imageId });
    expect(res.status).toBe(200);
    expect(res.body.post.text).toBe('');
    expect(res.body.post.imageUrl).toBe(imageUrl);
    const file = path.join(server.dataDir, imageUrl.replace(/^\//, ''));
    expect(existsSync(file)).toBe(true);
    expect((await fetch(new URL(imageUrl, server.url))).status).toBe(200);

    await author.json('DELETE', `/api/posts/${res.body.post.id}`);
    expect(existsSync(file)).toBe(false);
  });
});

describe('likes (DECISIONS §2: one like per player per post, toggled)', () => {
  it('counts one like per player however many parallel clicks, and unlikes', async () => {
    const author = await signedInPlayer(server.url);
    const fan = await signedInPlayer(server.url);
    const other = await signedInPlayer(server.url);
    const post = await newPost(author, 'Like me');

    const clicks = await Promise.all(Array.from({ length: 8 }, () => fan.json<LikeResponse>('PUT', `/api/posts/${post.id}/like`)));
    expect(clicks.map((c) => c.status)).toEqual(Array(8).fill(200));
    expect(clicks.every((c) => c.body.liked)).toBe(true);
    await other.json('PUT', `/api/posts/${post.id}/like`);

    const [seenByFan] = (await feedOf(fan, await myId(author))).posts;
    expect(seenByFan).toMatchObject({ likeCount: 2, likedByMe: true });
    const [seenByAuthor] = (await feedOf(author, await myId(author))).posts;
    expect(seenByAuthor).toMatchObject({ likeCount: 2, likedByMe: false });

    const unlikes = await Promise.all(Array.from({ length: 4 }, () => fan.json<LikeResponse>('DELETE', `/api/posts/${post.id}/like`)));
    expect(unlikes.every((u) => u.status === 200 && !u.body.liked)).toBe(true);
    expect(unlikes.at(-1)!.body.likeCount).toBe(1);
    expect((await fan.json<ErrorBody>('PUT', '/api/posts/00000000-0000-4000-8000-000000000000/like')).status).toBe(404);
  });

  it("tells another player's open tab to refetch the author's feed", async () => {
    const author = await signedInPlayer(server.url);
    const watcher = await signedInPlayer(server.url);
    const authorId = await myId(author);
    const tab = connectSocket(server.url, watcher);
    await tab.waitFor('hello');
    const names = (m: Record<string, unknown>, key: string[]) => (m.queryKeys as string[][]).some((k) => JSON.stringify(k) === JSON.stringify(key));
    const feedPushes = () => tab.messages.filter((m) => m.type === 'invalidate' && names(m, ['posts', authorId])).length;
    const post = await newPost(author, 'Watch this');
    await expect.poll(feedPushes).toBe(1);
    // A new post also changes the Posts counter on the author's profile.
    expect(tab.messages.some((m) => m.type === 'invalidate' && names(m, ['posts', authorId]) && names(m, ['social', 'profile', authorId]))).toBe(true);
    await watcher.json('PUT', `/api/posts/${post.id}/like`);
    await expect.poll(feedPushes).toBe(2);
    await watcher.post(`/api/posts/${post.id}/comments`, { text: 'Seen it' });
    await expect.poll(feedPushes).toBe(3);
    tab.close();
  });
});

describe('comments (spec 03 §5 comments)', () => {
  it('adds comments from any player, oldest first, and counts them on the post', async () => {
    const author = await signedInPlayer(server.url);
    const guest = await signedInPlayer(server.url);
    const post = await newPost(author, 'Comment below');
    const blank = await guest.post<ErrorBody>(`/api/posts/${post.id}/comments`, { text: '  ' });
    expect(blank.status).toBe(400);
    const first = await guest.post<CommentResponse>(`/api/posts/${post.id}/comments`, { text: '<img src=x onerror=alert(1)>' });
    expect(first.status).toBe(200);
    expect(first.body.comment.text).toBe('<img src=x onerror=alert(1)>');
    expect(first.body.comment.canDelete).toBe(true);
    await author.post<CommentResponse>(`/api/posts/${post.id}/comments`, { text: 'Thanks!' });

    const list = await guest.get<CommentList>(`/api/posts/${post.id}/comments`);
    expect(list.body.comments.map((c) => [c.text, c.canDelete])).toEqual([
      ['<img src=x onerror=alert(1)>', true],
      ['Thanks!', false],
    ]);
    const [shown] = (await feedOf(guest, await myId(author))).posts;
    expect(shown!.commentCount).toBe(2);
  });

  it('pages the comments back from the newest, past the old limit of 200, each once, oldest first within a page (issue 27)', async () => {
    const author = await signedInPlayer(server.url);
    const guest = await signedInPlayer(server.url);
    const post = await newPost(author, 'A long thread');
    const other = await newPost(author, 'Another thread');
    const guestId = await myId(guest);
    // 230 comments, ten to a microsecond-identical time (a page may end inside a run of equal times).
    const base = Date.parse('2026-11-20T10:00:00.000Z');
    const rows = Array.from({ length: 230 }, (_, i) => ({
      postId: post.id,
      authorId: guestId,
      text: `comment ${i}`,
      createdAt: new Date(base + Math.floor(i / 10) * 1000),
    }));
    await server.database.db.insert(postComments).values(rows);
    const seen: string[] = [];
    let before: string | null | undefined;
    let pages = 0;
    do {
      const page = await guest.get<CommentList>(`/api/posts/${post.id}/comments${before ? `?before=${before}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.comments.length).toBeLessThanOrEqual(50);
      seen.unshift(...page.body.comments.map((c) => c.text));
      before = page.body.olderCursor;
      pages += 1;
    } while (before && pages < 10);
    expect(pages).toBe(5);
    // Every comment once; oldest first (within a time, the id orders them).
    expect(new Set(seen).size).toBe(230);
    const seconds = seen.map((text) => Math.floor(Number(text.split(' ')[1]) / 10));
    expect(seconds).toEqual([...seconds].sort((x, y) => x - y));
    // A cursor of another post, or no comment id at all, reads nothing.
    const firstPage = await guest.get<CommentList>(`/api/posts/${post.id}/comments`);
    expect((await guest.get<CommentList>(`/api/posts/${other.id}/comments?before=${firstPage.body.olderCursor}`)).body).toEqual({
      comments: [],
      olderCursor: null,
    });
    expect((await guest.get<CommentList>(`/api/posts/${post.id}/comments?before=nope`)).body).toEqual({ comments: [], olderCursor: null });
  });

  it('lets the comment author or the post author delete a comment, nobody else', async () => {
    const author = await signedInPlayer(server.url);
    const guest = await signedInPlayer(server.url);
    const stranger = await signedInPlayer(server.url);
    const post = await newPost(author, 'Moderated');
    const a = (await guest.post<CommentResponse>(`/api/posts/${post.id}/comments`, { text: 'one' })).body.comment;
    const b = (await guest.post<CommentResponse>(`/api/posts/${post.id}/comments`, { text: 'two' })).body.comment;

    expect((await stranger.json<ErrorBody>('DELETE', `/api/posts/${post.id}/comments/${a.id}`)).status).toBe(403);
    expect((await guest.json('DELETE', `/api/posts/${post.id}/comments/${a.id}`)).status).toBe(200);
    expect((await author.json('DELETE', `/api/posts/${post.id}/comments/${b.id}`)).status).toBe(200);
    expect((await guest.get<CommentList>(`/api/posts/${post.id}/comments`)).body.comments).toEqual([]);
    expect((await guest.post<ErrorBody>('/api/posts/00000000-0000-4000-8000-000000000000/comments', { text: 'hi' })).status).toBe(404);
  });

  it('refuses everything to a signed-out visitor', async () => {
    const author = await signedInPlayer(server.url);
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get(`/api/users/${await myId(author)}/posts`)).status).toBe(401);
    expect((await anonymous.post('/api/posts', { text: 'hi' })).status).toBe(401);
  });
});
