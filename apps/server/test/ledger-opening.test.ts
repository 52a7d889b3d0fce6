import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { auditEconomy, formatAudit } from '../src/ops/audit-economy.ts';

/**
 * Issue 29: a database from before the ledger (its migrations up to 0012) holds copper, chips, an
 * inventory stack and an active listing; the ledger's migrations open one entry for each, so the
 * first audit finds it whole (docs/decisions/economy.md, "The ledger": opening balances).
 */

const folder = path.resolve(import.meta.dirname, '../drizzle');
const migrations = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const client = new PGlite();
afterAll(() => client.close());

async function apply(file: string): Promise<void> {
  for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

describe('the ledger on a database from before it', () => {
  it('opens one entry per balance, stack and listing, and the audit finds it whole', { timeout: 180_000 }, async () => {
    const ledgerAt = migrations.findIndex((f) => f.includes('_ledger'));
    expect(ledgerAt).toBeGreaterThan(0);
    for (const file of migrations.slice(0, ledgerAt)) await apply(file);
    await client.exec(`
      insert into auth_user (id, name, email, email_verified, created_at, updated_at) values ('u1', 'Old', 'old@example.com', true, now(), now());
      insert into users (id, email, username) values ('u1', 'old@example.com', 'OldTimer');
      insert into player_characters (id, user_id, name, race, class, gender, copper, casino_chips)
        values ('00000000-0000-4000-8000-000000000001', 'u1', 'Veteran', 'human', 'warrior', 'male', 12345, 700);
      insert into player_character_inventory (id, character_id, item_data, quantity)
        values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', '{"kind":"potion","name":"Old Potion"}', 3);
      insert into auction_listings (id, seller_user_id, seller_character_id, item_data, item_name, item_tier, quantity, price, fee, expires_at)
        values ('00000000-0000-4000-8000-000000000003', 'u1', '00000000-0000-4000-8000-000000000001', '{"kind":"food","name":"Old Bread"}',
          'Old Bread', 'common', 2, 50, 2, now() + interval '1 day');`);
    const db = drizzle(client) as unknown as Db;
    const before = await auditEconomy(db).catch((error: unknown) => error);
    expect(before).toBeInstanceOf(Error); // no ledger table yet

    for (const file of migrations.slice(ledgerAt)) await apply(file);
    const report = await auditEconomy(db);
    expect(report, formatAudit(report)).toMatchObject({ ok: true, characters: 1, items: 2 });
    const opened = await client.query<{ asset: string; amount: number; to_account: string }>(
      `select asset, amount::int, to_account from ledger_entries where reason = 'opening' order by asset, amount`,
    );
    expect(opened.rows).toEqual([
      { asset: 'chips', amount: 700, to_account: 'character' },
      { asset: 'copper', amount: 12345, to_account: 'character' },
      { asset: 'item', amount: 2, to_account: 'escrow' },
      { asset: 'item', amount: 3, to_account: 'character' },
    ]);
  });
});
