import { CHAT_HISTORY_SIZE } from '@rpg/game';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionListings, chatMessages, consoleMessages, reports, gifts, idempotencyKeys, mailOutbox } from '../src/db/schema/index.ts';
import { pruneRetained, RETENTION, retentionPruner } from '../src/scheduler/retention.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { gear } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** docs/security-limits.md "Retention": each kind is pruned by the scheduler's task, from stored timestamps set in the past. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.stop());

const db = () => server.database.db;
const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

async function player() {
  const client = await signedInPlayer(server.url);
  const userId = (await client.get<{ id: string }>('/api/me')).body.id;
  const character = await createCharacter(client);
  return { userId, characterId: character.id };
}

describe('retention (docs/security-limits.md "Retention")', () => {
  it('global chat: lines past 30 days go, but never the newest 50, the Game Master’s, or a reported line while its report is kept', async () => {
    const { userId, characterId } = await player();
    const line = (i: number, at: Date) => ({
      userId,
      characterId,
      characterName: 'Aria',
      characterRace: 'elf' as const,
      characterClass: 'mage' as const,
      characterLevel: 1,
      text: `old ${i}`,
      createdAt: at,
    });
    const old = await db()
      .insert(chatMessages)
      .values(Array.from({ length: 120 }, (_, i) => line(i, daysAgo(RETENTION.chatDays + 5))))
      .returning({ id: chatMessages.id });
    const recent = await db()
      .insert(chatMessages)
      .values(line(999, daysAgo(1)))
      .returning({ id: chatMessages.id });
    const [system] = await db()
      .insert(chatMessages)
      .values({ ...line(0, daysAgo(400)), userId: null, systemKey: 'retention-test', text: 'Game Master' })
      .returning({ id: chatMessages.id });
    const reported = old[3]!.id;
    const expiredReport = old[4]!.id;
    const snapshot = { text: 'old', authorName: 'Aria', writtenAt: daysAgo(400).toISOString() };
    const report = (messageId: number, at: Date, status: 'open' | 'dismissed') => ({
      kind: 'chat' as const,
      itemId: String(messageId),
      targetUserId: userId,
      reporterId: userId,
      snapshot,
      status,
      createdAt: at,
      resolvedAt: status === 'open' ? null : at,
    });
    // Issue 28: an open report stays however old (and keeps its line); a closed one goes 180 days after it was closed.
    await db()
      .insert(reports)
      .values([report(reported, daysAgo(RETENTION.reportDays + 10), 'open'), report(expiredReport, daysAgo(RETENTION.reportDays + 1), 'dismissed')]);

    const counts = await pruneRetained(db(), now);
    expect(counts['reports']).toBe(1);
    const left = new Set((await db().select({ id: chatMessages.id }).from(chatMessages)).map((r) => r.id));
    // The newest 50 lines stay whatever their age: the Game Master's, the recent one and the 48 newest old ones.
    expect(left.has(recent[0]!.id)).toBe(true);
    expect(old.slice(-(CHAT_HISTORY_SIZE - 2)).every((r) => left.has(r.id))).toBe(true);
    expect(left.has(old[0]!.id)).toBe(false);
    expect(left.has(old[120 - CHAT_HISTORY_SIZE + 1]!.id)).toBe(false);
    expect(left.has(reported)).toBe(true);
    expect(left.has(expiredReport)).toBe(false);
    expect(left.has(system!.id)).toBe(true);
    expect(old.filter((r) => left.has(r.id))).toHaveLength(CHAT_HISTORY_SIZE - 2 + 1);
  });

  it('console: each character keeps its newest 1,000 lines, trimmed in bounded statements', async () => {
    const a = await player();
    const b = await player();
    const lines = (characterId: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ characterId, kind: 'system', sender: 'System', content: `line ${i}` }));
    for (let i = 0; i < 4; i++) await db().insert(consoleMessages).values(lines(a.characterId, 1_000));
    await db().insert(consoleMessages).values(lines(b.characterId, 900));
    const before = await db()
      .select({ id: consoleMessages.id })
      .from(consoleMessages)
      .where(eq(consoleMessages.characterId, a.characterId))
      .orderBy(asc(consoleMessages.id));

    const counts = await pruneRetained(db(), now);
    expect(counts['console lines']).toBeGreaterThanOrEqual(before.length - 1_000);
    const after = await db()
      .select({ id: consoleMessages.id })
      .from(consoleMessages)
      .where(eq(consoleMessages.characterId, a.characterId))
      .orderBy(asc(consoleMessages.id));
    expect(after.map((r) => r.id)).toEqual(before.slice(-1_000).map((r) => r.id));
    const [kept] = await db().select({ n: count() }).from(consoleMessages).where(eq(consoleMessages.characterId, b.characterId));
    expect(kept?.n).toBeGreaterThanOrEqual(900);
  });

  it('ended auction listings go 90 days after they ended; active ones stay', async () => {
    const { userId, characterId } = await player();
    const listing = (endedDaysAgo: number | null, status: 'active' | 'sold' | 'cancelled' | 'expired') => ({
      sellerUserId: userId,
      sellerCharacterId: characterId,
      itemData: gear('Kept Blade', 'mainHand', { attack: 1 }, 10),
      itemName: 'Kept Blade',
      itemTier: 'common' as const,
      quantity: 1,
      price: 100,
      fee: 5,
      status,
      createdAt: daysAgo(200),
      expiresAt: daysAgo(198),
      endedAt: endedDaysAgo === null ? null : daysAgo(endedDaysAgo),
      ...(status === 'sold' ? { soldAt: daysAgo(endedDaysAgo ?? 0), payout: 95 } : {}),
    });
    const rows = await db()
      .insert(auctionListings)
      .values([
        listing(RETENTION.endedListingDays + 1, 'sold'),
        listing(RETENTION.endedListingDays + 1, 'expired'),
        listing(RETENTION.endedListingDays - 1, 'cancelled'),
        listing(null, 'active'),
      ])
      .returning({ id: auctionListings.id });
    const counts = await pruneRetained(db(), now);
    expect(counts['ended listings']).toBe(2);
    const left = await db()
      .select({ id: auctionListings.id })
      .from(auctionListings)
      .where(
        inArray(
          auctionListings.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
  });

  it('the gift log goes after 90 days, the dev outbox after a day; the scheduler’s task runs them all', async () => {
    const from = await player();
    const to = await player();
    await db()
      .insert(gifts)
      .values([
        { requestId: 'old', fromUserId: from.userId, toUserId: to.userId, copper: 1, createdAt: daysAgo(RETENTION.giftDays + 1) },
        { requestId: 'new', fromUserId: from.userId, toUserId: to.userId, copper: 1, createdAt: daysAgo(1) },
      ]);
    await db()
      .insert(mailOutbox)
      .values([
        { to: 'old@example.com', subject: 's', text: 't', sentAt: daysAgo(2) },
        { to: 'new@example.com', subject: 's', text: 't', sentAt: now },
      ]);
    const task = retentionPruner(db(), { error: (o) => expect.fail(JSON.stringify(o)) }, now.getTime());
    expect(await task.settleDue(now)).toBe(0); // not due before its first round
    expect(await task.settleDue((await task.nextDue())!)).toBeGreaterThanOrEqual(2);
    const giftsLeft = await db().select({ requestId: gifts.requestId }).from(gifts).where(eq(gifts.fromUserId, from.userId));
    expect(giftsLeft.map((g) => g.requestId)).toEqual(['new']);
    const mails = await db()
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(and(isNotNull(mailOutbox.to), inArray(mailOutbox.to, ['old@example.com', 'new@example.com'])));
    expect(mails.map((m) => m.to)).toEqual(['new@example.com']);
  });

  it('idempotency keys and their kept answers go after a day (issue 46, finding 12)', async () => {
    const { userId } = await player();
    await db()
      .insert(idempotencyKeys)
      .values([
        { userId, key: 'old-key-1', request: 'POST /x', status: 200, body: '{}', createdAt: daysAgo(RETENTION.idempotencyKeyDays + 1) },
        { userId, key: 'new-key-1', request: 'POST /x', status: 200, body: '{}', createdAt: now },
      ]);
    const counts = await pruneRetained(db(), now);
    expect(counts['idempotency keys']).toBeGreaterThanOrEqual(1);
    const left = await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    expect(left.map((k) => k.key)).toEqual(['new-key-1']);
  });
});
