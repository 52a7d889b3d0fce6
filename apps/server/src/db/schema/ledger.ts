import type { LedgerAsset, LedgerReason } from '@rpg/game';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The economy's double-entry ledger (issue 29, docs/architecture.md "The ledger"): one row per
 * movement of copper, chips or an item, written in the transaction of the change. Each row takes
 * `amount` from one account and gives it to another: a character (`*_character_id`) or a world
 * account (the store, the poker table, fees, escrow, the void...: `*_account`). Items name the
 * rows the units left and went to (an inventory row, or a listing in escrow), so the audit
 * finds each row's quantity in the ledger. No foreign keys: the history outlives a deleted
 * character. Append-only; indexed only for the History page (a character's rows, newest first).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    asset: text('asset').$type<LedgerAsset>().notNull(),
    /** Copper, chips, or units of the item; always > 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    itemName: text('item_name'),
    /** 'character' for a character's account, else the world account's name. */
    fromAccount: text('from_account').notNull(),
    fromCharacterId: uuid('from_character_id'),
    fromItemId: uuid('from_item_id'),
    toAccount: text('to_account').notNull(),
    toCharacterId: uuid('to_character_id'),
    toItemId: uuid('to_item_id'),
    reason: text('reason').$type<LedgerReason>().notNull(),
    /** What caused it: an adventure, listing, gift or craft id. */
    causeId: text('cause_id'),
  },
  (t) => [
    index('ledger_entries_from_character_idx')
      .on(t.fromCharacterId, t.id)
      .where(sql`${t.fromCharacterId} is not null`),
    index('ledger_entries_to_character_idx')
      .on(t.toCharacterId, t.id)
      .where(sql`${t.toCharacterId} is not null`),
    check('ledger_entries_amount_check', sql`${t.amount} > 0`),
    check('ledger_entries_asset_check', sql`${t.asset} in ('copper', 'chips', 'item') and (${t.asset} = 'item') = (${t.itemName} is not null)`),
    check('ledger_entries_from_check', sql`(${t.fromAccount} = 'character') = (${t.fromCharacterId} is not null)`),
    check('ledger_entries_to_check', sql`(${t.toAccount} = 'character') = (${t.toCharacterId} is not null)`),
  ],
);
