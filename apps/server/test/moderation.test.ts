import type { AuditPage, ChatMessageView, CommentResponse, DirectMessage, Me, ModerationQueue, PenaltyList, PostResponse, StaffList } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationLog, reports } from '../src/db/schema/index.ts';
import { grantRole } from '../src/ops/admin.ts';
import { OpsError } from '../src/ops/control.ts';
import { pruneRetained } from '../src/scheduler/retention.ts';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { TestClient } from './support/client.ts';
import { makeFriends, socialPlayer, type Player } from './support/social.ts';
import { connectSocket } from './support/socket.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { usePlayerLimit } from './support/throttle.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;
const NOT_FOUND = { error: 'not_found', message: 'Not found' };

/** A signed-in player with an active character (to speak in the chat). */
async function chatter(prefix = 'mod'): Promise<Player> {
  const p = await socialPlayer(server.url, prefix);
  await createCharacter(p.client, { name: 'Aria' });
  return p;
}
async function staffMember(role: 'moderator' | 'admin'): Promise<Player> {
  const p = await chatter(role);
  await grantRole(db(), p.email, role);
  return p;
}
const say = (p: Player, text: string) => p.client.post<{ message: ChatMessageView } & ErrorBody>('/api/chat', { text });
const report = (p: Player, kind: string, itemId: string | number, reason?: string) =>
  p.client.post<ErrorBody>('/api/reports', { kind, itemId: String(itemId), ...(reason ? { reason } : {}) });
const queuePage = async (p: Player, page: number) => {
  const res = await p.client.get<ModerationQueue>(`/api/moderation/reports?page=${page}`);
  expect(res.status).toBe(200);
  return res.body;
};
/** Every open item, page by page (issue 46: the queue pages). */
async function wholeQueue(staff: Player): Promise<ModerationQueue['items']> {
  const first = await queuePage(staff, 1);
  const items = [...first.items];
  for (let page = 2; page <= first.pageCount; page++) items.push(...(await queuePage(staff, page)).items);
  return items;
}
const itemOf = async (staff: Player, kind: string, itemId: string | number) =>
  (await wholeQueue(staff)).find((i) => i.kind === kind && i.itemId === String(itemId));
const act = (staff: Player, reportId: string, body: Record<string, unknown>) =>
  staff.client.post<ErrorBody>(`/api/moderation/reports/${reportId}/actions`, body);
const signIn = (email: string) => new TestClient(server.url).post<ErrorBody & { code?: string }>('/api/auth/sign-in/email', { email, password: 'dragon-fire' });

describe('issue 28: roles', () => {
  it('a player is a player; the CLI function makes a moderator or an admin, and /api/me says so', async () => {
    const p = await socialPlayer(server.url, 'role');
    expect((await p.client.get<Me>('/api/me')).body.role).toBe('player');
    expect(await grantRole(db(), p.email, 'moderator')).toBe(`${p.email} is now a moderator (was a player).`);
    expect((await p.client.get<Me>('/api/me')).body.role).toBe('moderator');
    expect(await grantRole(db(), p.email.toUpperCase(), 'admin')).toBe(`${p.email.toUpperCase()} is now an admin (was a moderator).`);
    expect((await p.client.get<Me>('/api/me')).body.role).toBe('admin');
    expect(await grantRole(db(), p.email, 'admin')).toBe(`${p.email} is already an admin.`);
  });

  it('the CLI function refuses an unknown e-mail and an unknown role with clear messages', async () => {
    await expect(grantRole(db(), 'nobody@example.com', 'admin')).rejects.toThrow(
      new OpsError('No account has the e-mail nobody@example.com. The player signs up (and verifies the address) first.'),
    );
    const p = await socialPlayer(server.url, 'role');
    await expect(grantRole(db(), p.email, 'king')).rejects.toThrow("Unknown role 'king'. Usage: npm run admin -- grant EMAIL admin|moderator|player");
  });

  it('every moderation route answers 404 to players and to the signed-out, as an unknown path does', async () => {
    const p = await socialPlayer(server.url, 'nosy');
    const anonymous = new TestClient(server.url);
    const unknown = await p.client.get('/api/no-such-route');
    expect(unknown).toEqual({ status: 404, body: NOT_FOUND });
    for (const client of [p.client, anonymous]) {
      for (const [method, path, body] of [
        ['GET', '/api/moderation/reports'],
        ['GET', '/api/moderation/penalties'],
        ['GET', '/api/moderation/log'],
        ['GET', '/api/moderation/staff'],
        ['POST', '/api/moderation/reports/00000000-0000-4000-8000-000000000000/actions', { action: 'dismiss', reason: 'x' }],
        ['POST', `/api/moderation/users/${p.id}/lift`, { what: 'mute', reason: 'x' }],
        ['POST', '/api/moderation/staff', { username: p.username, role: 'moderator', reason: 'x' }],
      ] as const) {
        expect(await client.json(method, path, body), `${method} ${path}`).toEqual({ status: 404, body: NOT_FOUND });
      }
    }
    // A moderator reads the queue, but the audit log and the staff are the admins'.
    const mod = await staffMember('moderator');
    expect((await mod.client.get('/api/moderation/reports')).status).toBe(200);
    expect(await mod.client.get('/api/moderation/log')).toEqual({ status: 404, body: NOT_FOUND });
    expect(await mod.client.get('/api/moderation/staff')).toEqual({ status: 404, body: NOT_FOUND });
  });
});

describe('issue 28: reports', () => {
  it('of a chat line, a post, a comment and a direct message; one open report per reporter and item; a snapshot kept', async () => {
    const [author, reporter, stranger] = [await chatter('author'), await chatter('reporter'), await chatter('stranger')];
    const mod = await staffMember('moderator');
    const line = (await say(author, 'You all stink')).body.message;
    const post = (await author.client.post<PostResponse>('/api/posts', { text: 'A rude post' })).body.post;
    const comment = (await author.client.post<CommentResponse>(`/api/posts/${post.id}/comments`, { text: 'A rude comment' })).body.comment;
    await makeFriends(author, reporter);
    const dm = (await author.client.post<{ message: DirectMessage }>(`/api/messages/${reporter.id}`, { body: 'A rude message' })).body.message;

    expect((await report(reporter, 'chat', line.id, 'Insults')).status).toBe(200);
    expect((await report(reporter, 'post', post.id)).status).toBe(200);
    expect((await report(reporter, 'comment', comment.id)).status).toBe(200);
    expect((await report(reporter, 'dm', dm.id)).status).toBe(200);

    // A second open report of the same item by the same player is refused.
    const again = await report(reporter, 'post', post.id, 'Still rude');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reported this. A moderator will look at it.');
    // A direct message is reported by its two players only; one's own writing by nobody.
    expect((await report(stranger, 'dm', dm.id)).body).toMatchObject({ message: 'Message not found' });
    expect((await report(stranger, 'dm', dm.id)).status).toBe(404);
    expect((await report(author, 'post', post.id)).body.message).toBe('You cannot report your own post.');
    expect((await report(reporter, 'post', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await report(reporter, 'chat', 'not-a-number')).status).toBe(404);
    expect((await report(reporter, 'chat', line.id, 'x'.repeat(201))).status).toBe(400);

    // Another reporter counts: two reporters of the line.
    expect((await report(stranger, 'chat', line.id)).status).toBe(200);
    const item = await itemOf(mod, 'chat', line.id);
    expect(item?.reporterCount).toBe(2);
    expect(item?.reporters.map((r) => r.reason)).toEqual(['Insults', null]);
    expect(item?.snapshot).toMatchObject({ text: 'You all stink', characterName: 'Aria' });
    expect(item?.target.id).toBe(author.id);
    expect(item?.history.reportedItems).toBe(4);

    // The comment's post is its context; a deleted post keeps its evidence (the snapshot).
    const commentItem = await itemOf(mod, 'comment', comment.id);
    expect(commentItem?.post?.text).toBe('A rude post');
    expect((await author.client.json('DELETE', `/api/posts/${post.id}`, {})).status).toBe(200);
    const postItem = await itemOf(mod, 'post', post.id);
    expect(postItem?.exists).toBe(false);
    expect(postItem?.snapshot.text).toBe('A rude post');
    const dmItem = await itemOf(mod, 'dm', dm.id);
    expect(dmItem?.context.find((c) => c.reported)?.text).toBe('A rude message');
  });

  it('the queue shows a chat line with the 5 lines before and the 5 after', async () => {
    // Three speakers around the line: the chat takes at most 5 lines in 10 s from one player.
    const [speaker, reporter, other] = [await chatter('speaker'), await chatter('reporter'), await chatter('other')];
    const mod = await staffMember('moderator');
    for (let i = 1; i <= 5; i++) expect((await say(reporter, `before ${i}`)).status).toBe(200);
    const line = (await say(speaker, 'the bad line')).body.message;
    for (let i = 1; i <= 5; i++) expect((await say(i % 2 ? mod : other, `after ${i}`)).status).toBe(200);
    await report(reporter, 'chat', line.id);
    const item = await itemOf(mod, 'chat', line.id);
    expect(item?.context.map((c) => c.text)).toEqual([
      'before 1',
      'before 2',
      'before 3',
      'before 4',
      'before 5',
      'the bad line',
      'after 1',
      'after 2',
      'after 3',
      'after 4',
      'after 5',
    ]);
    expect(item?.context.filter((c) => c.reported).map((c) => c.text)).toEqual(['the bad line']);
  });

  it('are rate limited per account (429 with the limit’s text)', async () => {
    const [author, reporter] = [await chatter('author'), await chatter('reporter')];
    const line = (await say(author, 'spam')).body.message;
    await usePlayerLimit(server, 'reports', reporter.id, 0);
    const res = await report(reporter, 'chat', line.id);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('You are reporting too quickly. Try again in a few minutes.');
  });
});

describe('issue 28: actions, each with a reason', () => {
  it('dismiss closes every open report of the item, once; a reason is required', async () => {
    const [author, a, b] = [await chatter('author'), await chatter('a'), await chatter('b')];
    const mod = await staffMember('moderator');
    const line = (await say(author, 'borderline')).body.message;
    await report(a, 'chat', line.id);
    await report(b, 'chat', line.id);
    const item = (await itemOf(mod, 'chat', line.id))!;
    expect((await act(mod, item.reportId, { action: 'dismiss', reason: '   ' })).body.message).toBe('Give a reason for this action.');
    expect((await act(mod, item.reportId, { action: 'dismiss', reason: 'Banter' })).status).toBe(200);
    expect(await itemOf(mod, 'chat', line.id)).toBeUndefined();
    expect((await act(mod, item.reportId, { action: 'dismiss', reason: 'Banter' })).body.message).toBe('This report has already been handled.');
    const rows = await db()
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.itemId, String(line.id)));
    expect(rows.map((r) => r.status)).toEqual(['dismissed', 'dismissed']);
    // Reported again after a dismissal: a new open report.
    expect((await report(a, 'chat', line.id)).status).toBe(200);
  });

  it('delete removes a chat line for everyone, live, and tells its author why', async () => {
    const [author, reporter, bystander] = [await chatter('author'), await chatter('reporter'), await chatter('bystander')];
    const mod = await staffMember('moderator');
    const line = (await say(author, 'slur')).body.message;
    await report(reporter, 'chat', line.id);
    const authorTab = connectSocket(server.url, author.client);
    const bystanderTab = connectSocket(server.url, bystander.client);
    await authorTab.waitFor('hello');
    await bystanderTab.waitFor('hello');
    const item = (await itemOf(mod, 'chat', line.id))!;
    expect((await act(mod, item.reportId, { action: 'delete', reason: 'Slurs are not allowed' })).status).toBe(200);
    await bystanderTab.waitFor('invalidate', (m) => JSON.stringify(m.queryKeys).includes('"chat"'));
    const notice = await authorTab.waitFor('moderation-notice');
    expect(notice).toMatchObject({
      action: 'delete',
      title: 'Removed by a moderator',
      description: 'Your chat line was removed. Reason: Slurs are not allowed',
    });
    expect((await bystander.client.get<{ messages: ChatMessageView[] }>('/api/chat')).body.messages.some((m) => m.id === line.id)).toBe(false);
    // The evidence stays with the report.
    const [row] = await db()
      .select({ snapshot: reports.snapshot, status: reports.status })
      .from(reports)
      .where(eq(reports.itemId, String(line.id)));
    expect(row).toMatchObject({ status: 'actioned', snapshot: { text: 'slur' } });
    authorTab.close();
    bystanderTab.close();
  });

  it('delete removes a post, a comment and a direct message', async () => {
    const [author, reporter] = [await chatter('author'), await chatter('reporter')];
    const mod = await staffMember('moderator');
    const post = (await author.client.post<PostResponse>('/api/posts', { text: 'bad post' })).body.post;
    const comment = (await author.client.post<CommentResponse>(`/api/posts/${post.id}/comments`, { text: 'bad comment' })).body.comment;
    await makeFriends(author, reporter);
    const dm = (await author.client.post<{ message: DirectMessage }>(`/api/messages/${reporter.id}`, { body: 'bad dm' })).body.message;
    await report(reporter, 'comment', comment.id);
    await report(reporter, 'dm', dm.id);
    await report(reporter, 'post', post.id);
    for (const [kind, id] of [
      ['comment', comment.id],
      ['dm', dm.id],
      ['post', post.id],
    ] as const) {
      const item = (await itemOf(mod, kind, id))!;
      expect((await act(mod, item.reportId, { action: 'delete', reason: 'Abuse' })).status, kind).toBe(200);
    }
    expect((await reporter.client.get(`/api/posts/${post.id}/comments`)).status).toBe(404);
    const conversation = await reporter.client.get<{ messages: DirectMessage[] }>(`/api/messages/${author.id}`);
    expect(conversation.body.messages.some((m) => m.id === dm.id)).toBe(false);
  });

  it('mute: the muted player’s next line is refused naming the mute’s end; lifting it lets them speak', async () => {
    const [loud, reporter] = [await chatter('loud'), await chatter('reporter')];
    const mod = await staffMember('moderator');
    const line = (await say(loud, 'SPAM SPAM SPAM')).body.message;
    await report(reporter, 'chat', line.id);
    const item = (await itemOf(mod, 'chat', line.id))!;
    expect((await act(mod, item.reportId, { action: 'mute', reason: 'Spam', minutes: 0 })).status).toBe(400);
    const before = Date.now();
    expect((await act(mod, item.reportId, { action: 'mute', reason: 'Spam', minutes: 60 })).status).toBe(200);
    const refused = await say(loud, 'let me talk');
    expect(refused.status).toBe(403);
    const match = /^You are muted in the global chat until (\d{4}-\d\d-\d\d \d\d:\d\d) UTC\. Reason: Spam$/.exec(refused.body.message);
    expect(match).not.toBeNull();
    const end = new Date(`${match![1]!.replace(' ', 'T')}:00Z`).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 59 * 60_000);
    expect(end).toBeLessThanOrEqual(Date.now() + 60 * 60_000);

    const penalties = (await mod.client.get<PenaltyList>('/api/moderation/penalties')).body.players;
    expect(penalties.find((p) => p.id === loud.id)?.muteReason).toBe('Spam');
    const lift = (what: string, reason = 'Served') => mod.client.post<ErrorBody>(`/api/moderation/users/${loud.id}/lift`, { what, reason });
    expect((await lift('suspension')).body.message).toBe('This player is not suspended.');
    expect((await lift('mute')).status).toBe(200);
    expect((await say(loud, 'I will behave')).status).toBe(200);
    expect((await lift('mute')).status).toBe(409);
  });

  it('suspend: every socket closes at once, every session ends, sign-in is refused with the reason and the end date; lifting lets them in', async () => {
    const [troll, reporter] = [await chatter('troll'), await chatter('reporter')];
    const mod = await staffMember('moderator');
    const otherDevice = new TestClient(server.url);
    expect((await otherDevice.post('/api/auth/sign-in/email', { email: troll.email, password: 'dragon-fire' })).status).toBe(200);
    const tab = connectSocket(server.url, troll.client);
    const otherTab = connectSocket(server.url, otherDevice);
    await tab.waitFor('hello');
    await otherTab.waitFor('hello');
    const line = (await say(troll, 'threats')).body.message;
    await report(reporter, 'chat', line.id);
    const item = (await itemOf(mod, 'chat', line.id))!;
    expect((await act(mod, item.reportId, { action: 'suspend', reason: 'Threats', days: 7 })).status).toBe(200);

    const notice = await tab.waitFor('moderation-notice');
    expect(notice.description).toMatch(/^Your account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Reason: Threats$/);
    expect((await tab.closed).code).not.toBe(1000);
    expect((await otherTab.closed).code).not.toBe(1000);
    expect((await troll.client.get('/api/me')).status).toBe(401);
    expect((await otherDevice.get('/api/me')).status).toBe(401);
    expect((await connectSocket(server.url, troll.client).closed).code).toBe(4401);

    const refused = await signIn(troll.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(notice.description);
    // A wrong password is told as before: the suspension is told to the account's owner only.
    const wrong = await new TestClient(server.url).post<ErrorBody>('/api/auth/sign-in/email', { email: troll.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);

    expect((await mod.client.post(`/api/moderation/users/${troll.id}/lift`, { what: 'suspension', reason: 'Appeal accepted' })).status).toBe(200);
    expect((await signIn(troll.email)).status).toBe(200);
  });

  it('suspend for good says so at sign-in', async () => {
    const [troll, reporter] = [await chatter('troll'), await chatter('reporter')];
    const admin = await staffMember('admin');
    const line = (await say(troll, 'cheating tools for sale')).body.message;
    await report(reporter, 'chat', line.id);
    const item = (await itemOf(admin, 'chat', line.id))!;
    expect((await act(admin, item.reportId, { action: 'suspend', reason: 'Selling cheats', days: null })).status).toBe(200);
    expect((await signIn(troll.email)).body.message).toBe('Your account is suspended for good. Reason: Selling cheats');
  });

  it('a moderator cannot act on an admin, nor on themself', async () => {
    const [admin, mod, reporter] = [await staffMember('admin'), await staffMember('moderator'), await chatter('reporter')];
    const adminLine = (await say(admin, 'admin line')).body.message;
    const modLine = (await say(mod, 'moderator line')).body.message;
    await report(reporter, 'chat', adminLine.id);
    await report(reporter, 'chat', modLine.id);
    const onAdmin = await act(mod, (await itemOf(mod, 'chat', adminLine.id))!.reportId, { action: 'mute', reason: 'x', minutes: 5 });
    expect(onAdmin.status).toBe(403);
    expect(onAdmin.body.message).toBe('Moderators cannot act on an admin.');
    const onSelf = await act(mod, (await itemOf(mod, 'chat', modLine.id))!.reportId, { action: 'dismiss', reason: 'Not me' });
    expect(onSelf.status).toBe(403);
    expect(onSelf.body.message).toBe('You cannot act on your own account.');
    expect((await mod.client.post<ErrorBody>(`/api/moderation/users/${admin.id}/lift`, { what: 'mute', reason: 'x' })).body.message).toBe(
      'Moderators cannot act on an admin.',
    );
    // An admin may (the report on the moderator).
    expect((await act(admin, (await itemOf(admin, 'chat', modLine.id))!.reportId, { action: 'dismiss', reason: 'Fine' })).status).toBe(200);
  });
});

describe('issue 28: the audit log and the staff', () => {
  it('records every action (who, what, when, why, on whom), paged for admins; no route edits or deletes it; retention keeps it', async () => {
    const [author, reporter] = [await chatter('author'), await chatter('reporter')];
    const [mod, admin] = [await staffMember('moderator'), await staffMember('admin')];
    const line = (await say(author, 'audit me')).body.message;
    await report(reporter, 'chat', line.id);
    const item = (await itemOf(mod, 'chat', line.id))!;
    await act(mod, item.reportId, { action: 'mute', reason: 'Audit reason', minutes: 5 });
    const page = (await admin.client.get<AuditPage>('/api/moderation/log')).body;
    expect(page.page).toBe(1);
    const entry = page.entries.find((e) => e.reason === 'Audit reason');
    expect(entry).toMatchObject({ actorName: mod.username, action: 'mute', targetName: author.username, details: { kind: 'chat', item: String(line.id) } });
    expect(typeof entry?.details.until).toBe('string');
    expect((await admin.client.get<AuditPage>(`/api/moderation/log?page=${page.pageCount + 1}`)).body.entries).toEqual([]);
    for (const method of ['DELETE', 'PUT', 'PATCH']) expect((await admin.client.json(method, '/api/moderation/log', {})).status).toBe(404);

    const count = async () => (await db().select({ id: moderationLog.id }).from(moderationLog)).length;
    const before = await count();
    await pruneRetained(db(), new Date(Date.now() + 10 * 365 * 24 * 60 * 60_000));
    expect(await count()).toBe(before);
  });

  it('admins make and unmake moderators by username (logged); never an admin through the web', async () => {
    const [admin, candidate] = [await staffMember('admin'), await socialPlayer(server.url, 'candidate')];
    const grant = await admin.client.post<StaffList>('/api/moderation/staff', { username: candidate.username, role: 'moderator', reason: 'Trusted' });
    expect(grant.status).toBe(200);
    expect(grant.body.staff.find((s) => s.id === candidate.id)?.role).toBe('moderator');
    expect((await candidate.client.get('/api/moderation/reports')).status).toBe(200);
    expect((await admin.client.post('/api/moderation/staff', { username: candidate.username, role: 'admin', reason: 'x' })).status).toBe(400);
    const otherAdmin = await staffMember('admin');
    expect((await admin.client.post<ErrorBody>('/api/moderation/staff', { username: otherAdmin.username, role: 'player', reason: 'x' })).body.message).toBe(
      'An admin is changed from the command line only.',
    );
    expect((await admin.client.post<ErrorBody>('/api/moderation/staff', { username: 'no-such-player-here', role: 'moderator', reason: 'x' })).status).toBe(404);
    expect((await admin.client.post('/api/moderation/staff', { username: candidate.username, role: 'player', reason: 'Stepped down' })).status).toBe(200);
    expect((await candidate.client.get('/api/moderation/reports')).status).toBe(404);
    const log = (await admin.client.get<AuditPage>('/api/moderation/log')).body.entries.filter((e) => e.targetName === candidate.username).map((e) => e.action);
    expect(log).toEqual(['revoke-moderator', 'grant-moderator']);
  });
});

/**
 * A suspension made through one process closes the player's sockets on the other and ends the
 * sessions that process had cached, at once (the bus's revalidate-user). Two apps on one
 * PostgreSQL, as test/multiprocess.test.ts runs them; PGlite is one process by design.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('issue 28: a suspension on two servers on one PostgreSQL', () => {
  let b: TestServer;
  let bDir: string;
  beforeAll(async () => {
    bDir = mkdtempSync(path.join(tmpdir(), 'rpg-test-mod-b-'));
    b = await startTestServer({ reuse: { dataDir: bDir, databaseUrl: server.databaseUrl! } });
  });
  afterAll(async () => {
    await b?.stop({ keepData: true });
    rmSync(bDir, { recursive: true, force: true });
  });

  it('closes every socket of the player on the other process and refuses its cached session there', async () => {
    const [troll, reporter] = [await chatter('troll'), await chatter('reporter')];
    const mod = await staffMember('moderator');
    const onB = new TestClient(b.url);
    expect((await onB.post('/api/auth/sign-in/email', { email: troll.email, password: 'dragon-fire' })).status).toBe(200);
    // B has read (and cached) both sessions; a tab of each on B, one on A.
    expect((await onB.get('/api/me')).status).toBe(200);
    // The session made on A, read through B.
    const meViaB = async () => (await new TestClient(b.url).request('GET', '/api/me', undefined, { cookie: troll.client.cookieHeader() })).status;
    expect(await meViaB()).toBe(200);
    const tabsOnB = [connectSocket(b.url, onB), connectSocket(b.url, troll.client)];
    const tabOnA = connectSocket(server.url, troll.client);
    for (const tab of [...tabsOnB, tabOnA]) await tab.waitFor('hello');

    const line = (await say(troll, 'threats on two servers')).body.message;
    await report(reporter, 'chat', line.id);
    const item = (await itemOf(mod, 'chat', line.id))!;
    expect((await act(mod, item.reportId, { action: 'suspend', reason: 'Threats', days: 1 })).status).toBe(200);

    for (const tab of [...tabsOnB, tabOnA]) {
      expect((await tab.waitFor('moderation-notice')).action).toBe('suspend');
      expect((await tab.closed).code).not.toBe(1000);
    }
    expect((await onB.get('/api/me')).status).toBe(401);
    expect(await meViaB()).toBe(401);
    expect((await new TestClient(b.url).post<ErrorBody>('/api/auth/sign-in/email', { email: troll.email, password: 'dragon-fire' })).body.message).toMatch(
      /^Your account is suspended until /,
    );
  });
});

/** Issue 46, points 4, 5 and 8: a rogue moderator, a reported message's surroundings, floods. */
describe('issue 46: the limits of a moderator', () => {
  const lift = (staff: Player, target: Player, what: 'mute' | 'suspension') =>
    staff.client.post<ErrorBody>(`/api/moderation/users/${target.id}/lift`, { what, reason: 'Second chance' });

  it('a moderator neither lifts nor replaces a suspension or a mute an admin imposed; an admin does', async () => {
    const [troll, witness] = [await chatter('troll'), await chatter('witness')];
    const [mod, admin] = [await staffMember('moderator'), await staffMember('admin')];
    const line = (await say(troll, 'Buy gold at my site')).body.message;
    expect((await report(witness, 'chat', line.id)).status).toBe(200);
    const first = (await itemOf(admin, 'chat', line.id))!;
    expect((await act(admin, first.reportId, { action: 'mute', reason: 'Spam', minutes: 60 })).status).toBe(200);
    const refusedLift = await lift(mod, troll, 'mute');
    expect(refusedLift).toEqual({ status: 403, body: expect.objectContaining({ message: 'An admin imposed this: only an admin lifts or changes it.' }) });
    // Nor shortened by a new one.
    const post = (await troll.client.post<PostResponse>('/api/posts', { text: 'Cheap gold' })).body.post;
    expect((await report(witness, 'post', post.id)).status).toBe(200);
    const postItem = (await itemOf(mod, 'post', post.id))!;
    expect((await act(mod, postItem.reportId, { action: 'mute', reason: 'Spam', minutes: 1 })).body.message).toBe(
      'An admin imposed this: only an admin lifts or changes it.',
    );
    expect((await act(admin, postItem.reportId, { action: 'suspend', reason: 'Spam again', days: null })).status).toBe(200);
    expect((await lift(mod, troll, 'suspension')).body.message).toBe('An admin imposed this: only an admin lifts or changes it.');
    expect((await lift(admin, troll, 'suspension')).status).toBe(200);
    expect((await lift(admin, troll, 'mute')).status).toBe(200);

    // A moderator's own penalty, another moderator may lift.
    const other = await staffMember('moderator');
    const second = (await say(witness, 'You are all fools')).body.message;
    const reporter = await chatter('reporter');
    expect((await report(reporter, 'chat', second.id)).status).toBe(200);
    const item = (await itemOf(mod, 'chat', second.id))!;
    expect((await act(mod, item.reportId, { action: 'mute', reason: 'Insults', minutes: 60 })).status).toBe(200);
    expect((await lift(other, witness, 'mute')).status).toBe(200);
  });

  it('a moderator does not act on another moderator (an admin does), nor on a report they filed', async () => {
    const [modA, modB] = [await staffMember('moderator'), await staffMember('moderator')];
    const admin = await staffMember('admin');
    const witness = await chatter('witness');
    const line = (await say(modB, 'Moderators rule, players drool')).body.message;
    expect((await report(witness, 'chat', line.id)).status).toBe(200);
    const item = (await itemOf(modA, 'chat', line.id))!;
    for (const body of [
      { action: 'suspend', reason: 'Abuse', days: null },
      { action: 'mute', reason: 'Abuse', minutes: 60 },
      { action: 'dismiss', reason: 'Friend' },
    ]) {
      expect((await act(modA, item.reportId, body)).body.message).toBe('Moderators cannot act on another moderator: an admin does.');
    }
    expect((await lift(modA, modB, 'mute')).body.message).toBe('Moderators cannot act on another moderator: an admin does.');
    expect((await act(admin, item.reportId, { action: 'mute', reason: 'Abuse', minutes: 60 })).status).toBe(200);

    // Their own report is for another moderator.
    const player = await chatter('player');
    const own = (await say(player, 'Rude words')).body.message;
    expect((await report(modA, 'chat', own.id)).status).toBe(200);
    const ownItem = (await itemOf(modA, 'chat', own.id))!;
    const refused = await act(modA, ownItem.reportId, { action: 'suspend', reason: 'Rude', days: 30 });
    expect(refused).toEqual({
      status: 403,
      body: expect.objectContaining({ message: 'You reported this yourself: another moderator or an admin handles it.' }),
    });
    expect((await act(modB, ownItem.reportId, { action: 'dismiss', reason: 'Harmless' })).status).toBe(200);
  });

  it('a reported direct message keeps the conversation as it was when reported', async () => {
    const [author, reporter] = [await chatter('dm-author'), await chatter('dm-reporter')];
    const mod = await staffMember('moderator');
    await makeFriends(author, reporter);
    const send = async (from: Player, to: Player, body: string) =>
      (await from.client.post<{ message: DirectMessage }>(`/api/messages/${to.id}`, { body })).body.message;
    await send(reporter, author, 'Hello there');
    const rude = await send(author, reporter, 'You are worthless');
    expect((await report(reporter, 'dm', rude.id)).status).toBe(200);
    await send(author, reporter, 'Written after the report');
    await send(reporter, author, 'Also after');
    const item = (await itemOf(mod, 'dm', rude.id))!;
    expect(item.context.map((c) => c.text)).toEqual(['Hello there', 'You are worthless']);
    expect(item.context.filter((c) => c.reported).map((c) => c.text)).toEqual(['You are worthless']);
  });

  it("the queue pages; a reporter's flood is dismissed at once, logged, and no longer counts in the target's history", async () => {
    const [author, flooder, honest] = [await chatter('flooded'), await chatter('flooder'), await chatter('honest')];
    const [mod, admin] = [await staffMember('moderator'), await staffMember('admin')];
    const posts: string[] = [];
    for (let i = 0; i < 23; i++) posts.push((await author.client.post<PostResponse>('/api/posts', { text: `Post ${i}` })).body.post.id);
    for (const id of posts) expect((await report(flooder, 'post', id)).status).toBe(200);
    expect((await report(honest, 'post', posts[0]!)).status).toBe(200);

    const first = await queuePage(mod, 1);
    expect(first.items).toHaveLength(20);
    expect(first.pageCount).toBe(Math.ceil(first.openItems / 20));
    const all = await wholeQueue(mod);
    expect(all).toHaveLength(first.openItems);
    expect(new Set(all.map((i) => i.reportId)).size).toBe(all.length);
    expect(all.filter((i) => i.target.id === author.id)).toHaveLength(23);
    expect(all.find((i) => i.itemId === posts[0])?.history.reportedItems).toBe(23);

    // Not on oneself, an admin's reports, or another moderator's.
    const flood = (staff: Player, reporter: Player) =>
      staff.client.post<{ dismissed: number } & ErrorBody>(`/api/moderation/reporters/${reporter.id}/dismiss`, { reason: 'A flood' });
    expect((await flood(mod, mod)).status).toBe(403);
    expect((await flood(mod, admin)).status).toBe(403);
    expect((await flood(mod, flooder)).body).toEqual({ dismissed: 23 });
    const after = await wholeQueue(mod);
    expect(after.filter((i) => i.target.id === author.id).map((i) => i.itemId)).toEqual([posts[0]]);
    const left = after.find((i) => i.itemId === posts[0])!;
    expect(left.reporters.map((r) => r.userId)).toEqual([honest.id]);
    // The dismissed reports no longer count against the author.
    expect(left.history.reportedItems).toBe(1);
    const log = (await admin.client.get<AuditPage>('/api/moderation/log')).body.entries;
    expect(log.find((e) => e.action === 'dismiss-reporter' && e.targetName === flooder.username)).toMatchObject({
      actorName: mod.username,
      reason: 'A flood',
      details: { reports: 23 },
    });
    // Someone without the role learns nothing: the same 404 as an unknown path.
    expect(await flooder.client.post(`/api/moderation/reporters/${flooder.id}/dismiss`, { reason: 'x' })).toEqual({ status: 404, body: NOT_FOUND });
  });
});
