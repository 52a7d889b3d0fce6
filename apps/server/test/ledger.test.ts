import { randomUUID } from 'node:crypto';
import type { HistoryPage } from '@rpg/contract';
import { HISTORY_PAGE_SIZE } from '@rpg/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, playerCharacterInventory, playerCharacters } from '../src/db/schema/index.ts';
import { auditEconomy, formatAudit } from '../src/ops/audit-economy.ts';
import { befriend, createCharacter, trader, type Trader } from './support/characters.ts';
import { gear, getCopper, giveItem, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** Issue 29 "The ledger": the audit, a deletion's holdings, and the History of a character. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());
const db = () => server.database.db;
const history = (p: Trader, query = '', characterId = p.characterId) =>
  p.client.get<HistoryPage & { message?: string }>(`/api/characters/${characterId}/history${query}`);

describe('the economy audit (npm run audit-economy)', () => {
  it('finds copper changed outside the ledger, an item row it never saw, and a row moved behind its back, with the rows behind each', async () => {
    const [a, b] = await Promise.all([trader(server.url), trader(server.url)]);
    await setCopper(db(), a.characterId, 1_000);
    const sword = await giveItem(db(), a.characterId, gear('Audit Sword', 'mainHand', { attack: 1 }, 50));
    expect((await auditEconomy(db())).ok).toBe(true);

    await db().update(playerCharacters).set({ copper: 1_005 }).where(eq(playerCharacters.id, a.characterId));
    const [stray] = await db()
      .insert(playerCharacterInventory)
      .values({ characterId: b.characterId, itemData: gear('Stray Helm', 'head', { defense: 1 }, 10) })
      .returning();
    await db().update(playerCharacterInventory).set({ characterId: b.characterId }).where(eq(playerCharacterInventory.id, sword));
    const report = await auditEconomy(db());
    expect(report.ok).toBe(false);
    const byId = new Map(report.differences.map((d) => [d.id, d]));
    expect(byId.get(a.characterId)).toMatchObject({ kind: 'copper', actual: 1_005, ledger: 1_000 });
    expect(byId.get(a.characterId)!.rows.map((r) => r.reason)).toContain('dev_grant');
    expect(byId.get(stray!.id)).toMatchObject({ kind: 'item', actual: 1, ledger: 0, place: `character:${b.characterId}`, ledgerPlace: null, rows: [] });
    expect(byId.get(sword)).toMatchObject({
      kind: 'item',
      actual: 1,
      ledger: 1,
      place: `character:${b.characterId}`,
      ledgerPlace: `character:${a.characterId}`,
    });
    expect(report.differences).toHaveLength(3);
    const text = formatAudit(report);
    expect(text).toContain(`copper of character ${a.characterId} (Aria): holds 1005, the ledger says 1000 (difference 5)`);
    expect(text).toContain('dev_grant: 1000 copper dev_grants -> character:');

    // Put back as the ledger says: whole again.
    await db().update(playerCharacters).set({ copper: 1_000 }).where(eq(playerCharacters.id, a.characterId));
    await db().delete(playerCharacterInventory).where(eq(playerCharacterInventory.id, stray!.id));
    await db().update(playerCharacterInventory).set({ characterId: a.characterId }).where(eq(playerCharacterInventory.id, sword));
    const whole = await auditEconomy(db());
    expect(whole.ok, formatAudit(whole)).toBe(true);
  });

  it('sends what a deleted character held (copper, items, its active listing in escrow) to the void', async () => {
    const p = await trader(server.url);
    const second = await createCharacter(p.client, { name: 'Brom' });
    await setCopper(db(), second.id, 2_000);
    const helm = await giveItem(db(), second.id, gear('Doomed Helm', 'head', { defense: 1 }, 40));
    await giveItem(db(), second.id, gear('Doomed Boots', 'feet', { defense: 1 }, 40));
    const listed = await p.client.post(`/api/characters/${second.id}/auction`, { entryId: helm, price: 300 });
    expect(listed.status).toBe(200);
    expect((await p.client.request('DELETE', `/api/characters/${second.id}`)).status).toBe(204);

    const gone = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'character_deleted')));
    const mine = gone.filter((r) => r.fromCharacterId === second.id || (r.fromAccount === 'escrow' && r.itemName === 'Doomed Helm'));
    expect(mine.map((r) => [r.asset, r.itemName, r.toAccount]).sort()).toEqual([
      ['copper', null, 'void'],
      ['item', 'Doomed Boots', 'void'],
      ['item', 'Doomed Helm', 'void'],
    ]);
    const report = await auditEconomy(db());
    expect(report.ok, formatAudit(report)).toBe(true);
  });
});

describe('History (GET /api/characters/:id/history)', () => {
  it('lists where copper and items came from and went, newest first, with the other player on gifts and sales', async () => {
    const [buyer, seller] = await Promise.all([trader(server.url), trader(server.url)]);
    await befriend(buyer, seller);
    await setCopper(db(), buyer.characterId, 5_000);
    await setCopper(db(), seller.characterId, 5_000);
    const gift = await seller.client.post('/api/gifts', { toUserId: buyer.userId, requestId: randomUUID(), copper: 250 });
    expect(gift.status).toBe(200);
    const axe = await giveItem(db(), seller.characterId, gear('<b>Axe</b>', 'mainHand', { attack: 2 }, 60));
    const listing = await seller.client.post<{ listing: { id: string } }>(`/api/characters/${seller.characterId}/auction`, { entryId: axe, price: 400 });
    expect((await buyer.client.post(`/api/characters/${buyer.characterId}/auction/${listing.body.listing.id}/buy`)).status).toBe(200);

    const page = await history(buyer);
    expect(page.status).toBe(200);
    const sellerName = (await seller.client.get<{ username: string }>('/api/me')).body.username;
    const [item, fee, paid, received, granted] = page.body.entries;
    expect(item).toMatchObject({
      direction: 'in',
      asset: 'item',
      amount: 1,
      itemName: '<b>Axe</b>',
      reason: 'auction_sale',
      otherPlayer: sellerName,
      otherAccount: 'escrow',
    });
    expect(fee).toMatchObject({ direction: 'out', asset: 'copper', amount: 20, reason: 'auction_fee', otherAccount: 'auction_fees', otherPlayer: null });
    expect(paid).toMatchObject({ direction: 'out', asset: 'copper', amount: 380, reason: 'auction_sale', otherPlayer: sellerName, otherAccount: null });
    expect(received).toMatchObject({ direction: 'in', asset: 'copper', amount: 250, reason: 'gift', otherPlayer: sellerName });
    expect(granted).toMatchObject({ direction: 'in', amount: 5_000, reason: 'dev_grant' });
    expect(page.body.nextCursor).toBeNull();
    expect(await getCopper(db(), buyer.characterId)).toBe(5_000 + 250 - 400);
  });

  it('pages with the cursor, and answers 404 for another player’s character and 400 for a bad cursor', async () => {
    const [p, other] = await Promise.all([trader(server.url), trader(server.url)]);
    for (let n = 1; n <= HISTORY_PAGE_SIZE + 5; n += 1) await setCopper(db(), p.characterId, n);
    const first = await history(p);
    expect(first.body.entries).toHaveLength(HISTORY_PAGE_SIZE);
    expect(first.body.nextCursor).toBe(first.body.entries.at(-1)!.id);
    const second = await history(p, `?before=${first.body.nextCursor}`);
    expect(second.body.entries).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.entries, ...second.body.entries].map((e) => e.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(new Set(ids).size).toBe(HISTORY_PAGE_SIZE + 5);

    expect((await history(other, '', p.characterId)).status).toBe(404);
    expect((await history(p, '', randomUUID())).status).toBe(404);
    expect((await history(p, '?before=abc')).status).toBe(400);
  });
});
