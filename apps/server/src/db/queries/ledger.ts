import type { LedgerAccount, LedgerMovement } from '@rpg/game';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { auctionListings, ledgerEntries, playerCharacterInventory, playerCharacters, users } from '../schema/index.ts';

/**
 * The one writer of the economy's ledger (docs/architecture.md "The ledger"): every write path
 * that changes copper, chips or item rows calls this once, in its transaction, with what moved.
 * One insert of all its rows; nothing for an empty list.
 */
export async function recordLedger(tx: DbOrTx, movements: readonly LedgerMovement[]): Promise<void> {
  if (movements.length === 0) return;
  await tx.insert(ledgerEntries).values(movements.map(toRow));
}

/**
 * The ledger's insert as a CTE `name` of a one-statement write (issue 45, point 3): the rows of
 * `rows` (a jsonb placeholder, filled with `ledgerJson`), inserted when `when` holds.
 */
export const ledgerCte = (name: string, rows: SQL, when: SQL) =>
  [
    name,
    sql`insert into ${ledgerEntries}
      (asset, amount, item_name, from_account, from_character_id, from_item_id, to_account, to_character_id, to_item_id, reason, cause_id)
    select r.asset, r.amount, r.item_name, r.from_account, r.from_character_id, r.from_item_id, r.to_account, r.to_character_id, r.to_item_id, r.reason, r.cause_id
    from jsonb_to_recordset(${rows}::jsonb) as r(asset text, amount bigint, item_name text, from_account text, from_character_id uuid,
      from_item_id uuid, to_account text, to_character_id uuid, to_item_id uuid, reason text, cause_id text)
    where ${when} returning 1`,
  ] as const;

/** `movements` as `ledgerCte`'s rows. */
export function ledgerJson(movements: readonly LedgerMovement[]): string {
  return JSON.stringify(
    movements.map(toRow).map((r) => ({
      asset: r.asset,
      amount: r.amount,
      item_name: r.itemName,
      from_account: r.fromAccount,
      from_character_id: r.fromCharacterId,
      from_item_id: r.fromItemId,
      to_account: r.toAccount,
      to_character_id: r.toCharacterId,
      to_item_id: r.toItemId,
      reason: r.reason,
      cause_id: r.causeId,
    })),
  );
}

function side(account: LedgerAccount): { account: string; characterId: string | null } {
  return typeof account === 'string' ? { account, characterId: null } : { account: 'character', characterId: account.character };
}

function toRow(m: LedgerMovement): typeof ledgerEntries.$inferInsert {
  const from = side(m.from);
  const to = side(m.to);
  return {
    asset: m.asset,
    amount: m.amount,
    itemName: m.asset === 'item' ? (m.itemName ?? '?') : null,
    fromAccount: from.account,
    fromCharacterId: from.characterId,
    fromItemId: m.fromItem ?? null,
    toAccount: to.account,
    toCharacterId: to.characterId,
    toItemId: m.toItem ?? null,
    reason: m.reason,
    causeId: m.cause ?? null,
  };
}

/**
 * A character's deletion (routes/characters/delete.ts, before its DELETE, holding the locks):
 * all it holds goes to the void in one insert: its copper and chips, every inventory row, and
 * the items of its active listings (their escrow goes with the cascade).
 */
export async function recordDeletion(tx: Tx, characterId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${ledgerEntries} (asset, amount, item_name, from_account, from_character_id, from_item_id, to_account, reason)
    select 'copper', c.copper, null, 'character', c.id, null::uuid, 'void', 'character_deleted' from ${playerCharacters} c where c.id = ${characterId} and c.copper > 0
    union all
    select 'chips', c.casino_chips, null, 'character', c.id, null, 'void', 'character_deleted' from ${playerCharacters} c where c.id = ${characterId} and c.casino_chips > 0
    union all
    select 'item', i.quantity, coalesce(i.item_data->>'name', '?'), 'character', i.character_id, i.id, 'void', 'character_deleted'
      from ${playerCharacterInventory} i where i.character_id = ${characterId}
    union all
    select 'item', l.quantity, l.item_name, 'escrow', null, l.id, 'void', 'character_deleted' from ${auctionListings} l where l.seller_character_id = ${characterId} and l.status = 'active'`);
}

/** A difference the audit found: a character's copper or chips, or an item row. */
export interface AuditDifference {
  kind: 'copper' | 'chips' | 'item';
  /** The character, or the item row (an inventory row or a listing). */
  id: string;
  /** What the tables hold (0 when the row or character is gone) and what the ledger sums to. */
  actual: number;
  ledger: number;
  /** Items: where the row is and where the ledger's last movement into it put it ('character:<id>', 'escrow', or null). */
  place: string | null;
  ledgerPlace: string | null;
  name: string | null;
}

const placeOf = (account: SQL, character: SQL) => sql`case when ${account} = 'character' then 'character:' || ${character}::text else ${account} end`;

/**
 * The audit's one statement (one snapshot, so it may run while players play: a change and its
 * ledger rows commit together). Every character's copper and chips against the sum of its ledger
 * rows (and every character the ledger names that is gone: 0); every item row (inventory rows and
 * active listings in escrow) against the units the ledger moved in and out of it, and the place
 * its last movement in put it; a row in two places.
 */
export async function auditDifferences(db: DbOrTx): Promise<{ characters: number; items: number; differences: AuditDifference[] }> {
  const result = await db.execute(sql`
    with money as (
      select to_character_id as id, asset, amount from ${ledgerEntries} where to_character_id is not null and asset <> 'item'
      union all
      select from_character_id, asset, -amount from ${ledgerEntries} where from_character_id is not null and asset <> 'item'
    ),
    sums as (
      select id, sum(amount) filter (where asset = 'copper') as copper, sum(amount) filter (where asset = 'chips') as chips from money group by id
    ),
    wallets as (
      select coalesce(c.id, s.id) as id, c.name, coalesce(c.copper, 0) as copper, coalesce(s.copper, 0) as ledger_copper,
        coalesce(c.casino_chips, 0) as chips, coalesce(s.chips, 0) as ledger_chips
      from ${playerCharacters} c full join sums s on s.id = c.id
    ),
    units as (
      select to_item_id as id, amount from ${ledgerEntries} where to_item_id is not null
      union all
      select from_item_id, -amount from ${ledgerEntries} where from_item_id is not null
    ),
    unit_sums as (select id, sum(amount) as quantity from units group by id),
    last_in as (
      select distinct on (to_item_id) to_item_id as id, ${placeOf(sql`to_account`, sql`to_character_id`)} as place, item_name
      from ${ledgerEntries} where to_item_id is not null order by to_item_id, id desc
    ),
    rows_held as (
      select i.id, 'character:' || i.character_id::text as place, i.quantity, i.item_data->>'name' as name from ${playerCharacterInventory} i
      union all
      select l.id, 'escrow', l.quantity, l.item_name from ${auctionListings} l where l.status = 'active'
    ),
    twice as (select id from rows_held group by id having count(*) > 1),
    items as (
      select coalesce(r.id, u.id) as id, r.place, coalesce(r.quantity, 0) as quantity, coalesce(u.quantity, 0) as ledger_quantity,
        li.place as ledger_place, coalesce(r.name, li.item_name) as name, (r.name is not null and li.item_name is distinct from r.name) as renamed,
        exists (select 1 from twice t where t.id = coalesce(r.id, u.id)) as twice
      from rows_held r full join unit_sums u on u.id = r.id left join last_in li on li.id = coalesce(r.id, u.id)
    )
    select 'copper' as kind, id::text, copper::bigint as actual, ledger_copper::bigint as ledger, null as place, null as ledger_place, name from wallets where copper <> ledger_copper
    union all
    select 'chips', id::text, chips::bigint, ledger_chips::bigint, null, null, name from wallets where chips <> ledger_chips
    union all
    select 'item', id::text, quantity::bigint, ledger_quantity::bigint, place, ledger_place, name from items
      where quantity <> ledger_quantity or twice or renamed or (place is not null and ledger_place is distinct from place)
    union all
    select 'count-characters', null, (select count(*) from ${playerCharacters}), 0, null, null, null
    union all
    select 'count-items', null, (select count(*) from rows_held), 0, null, null, null`);
  const rows = (
    result as unknown as {
      rows: Array<{
        kind: string;
        id: string | null;
        actual: string | number;
        ledger: string | number;
        place: string | null;
        ledger_place: string | null;
        name: string | null;
      }>;
    }
  ).rows;
  let characters = 0;
  let items = 0;
  const differences: AuditDifference[] = [];
  for (const row of rows) {
    if (row.kind === 'count-characters') characters = Number(row.actual);
    else if (row.kind === 'count-items') items = Number(row.actual);
    else {
      differences.push({
        kind: row.kind as AuditDifference['kind'],
        id: row.id ?? '',
        actual: Number(row.actual),
        ledger: Number(row.ledger),
        place: row.place,
        ledgerPlace: row.ledger_place,
        name: row.name,
      });
    }
  }
  return { characters, items, differences };
}

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/** The ledger rows behind a difference: a character's rows of that asset, or an item row's movements (oldest first, the last `limit`). */
export async function ledgerRowsBehind(db: DbOrTx, difference: Pick<AuditDifference, 'kind' | 'id'>, limit = 20): Promise<LedgerRow[]> {
  const where =
    difference.kind === 'item'
      ? or(eq(ledgerEntries.toItemId, difference.id), eq(ledgerEntries.fromItemId, difference.id))
      : and(eq(ledgerEntries.asset, difference.kind), or(eq(ledgerEntries.toCharacterId, difference.id), eq(ledgerEntries.fromCharacterId, difference.id)));
  const rows = await db.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.id)).limit(limit);
  return rows.reverse();
}

/** A row of a character's History: the movement, its side, and the other player's public name when there is one. */
export interface HistoryRow {
  id: number;
  at: Date;
  direction: 'in' | 'out';
  asset: LedgerRow['asset'];
  amount: number;
  itemName: string | null;
  reason: LedgerRow['reason'];
  otherAccount: string;
  otherPlayer: string | null;
}

/**
 * One page of a character's ledger rows, newest first, from before the cursor (a row id), when the
 * character is the player's (undefined otherwise). The other player is the other side's character's
 * owner, or for an item bought from escrow the listing's seller. `limit + 1` rows tell whether
 * there is a next page.
 */
export async function historyPage(
  db: DbOrTx,
  userId: string,
  characterId: string,
  before: number | undefined,
  limit: number,
): Promise<HistoryRow[] | undefined> {
  const [owner] = await db
    .select({ id: playerCharacters.id })
    .from(playerCharacters)
    .where(and(eq(playerCharacters.id, characterId), eq(playerCharacters.userId, userId)));
  if (!owner) return undefined;
  const older = before === undefined ? sql`true` : sql`l.id < ${before}`;
  // The character as a range of one, in its index's order: with an equality PostgreSQL may walk the
  // primary key back through every newer row of other characters (db/queries/console.ts, pageIds).
  const side = (column: SQL) =>
    sql`(select l.* from ${ledgerEntries} l where ${column} between ${characterId} and ${characterId} and ${older} order by ${column} desc, l.id desc limit ${limit + 1})`;
  const result = await db.execute(sql`
    select l.id, l.at, case when l.to_character_id = ${characterId} then 'in' else 'out' end as direction, l.asset, l.amount, l.item_name, l.reason,
      case when l.to_character_id = ${characterId} then l.from_account else l.to_account end as other_account,
      coalesce(ou.username, su.username) as other_player
    from (${side(sql`l.to_character_id`)} union all ${side(sql`l.from_character_id`)}) l
    left join ${playerCharacters} oc on oc.id = case when l.to_character_id = ${characterId} then l.from_character_id else l.to_character_id end
    left join ${users} ou on ou.id = oc.user_id
    left join ${auctionListings} al on l.from_account = 'escrow' and l.reason = 'auction_sale' and al.id::text = l.cause_id
    left join ${users} su on su.id = al.seller_user_id
    order by l.id desc
    limit ${limit + 1}`);
  const rows = (
    result as unknown as {
      rows: Array<{
        id: string | number;
        at: string | Date;
        direction: 'in' | 'out';
        asset: HistoryRow['asset'];
        amount: string | number;
        item_name: string | null;
        reason: HistoryRow['reason'];
        other_account: string;
        other_player: string | null;
      }>;
    }
  ).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at),
    direction: r.direction,
    asset: r.asset,
    amount: Number(r.amount),
    itemName: r.item_name,
    reason: r.reason,
    otherAccount: r.other_account,
    otherPlayer: r.other_player,
  }));
}
