import type { ItemData } from '@rpg/game';
import { sql } from 'drizzle-orm';
import { claimCte, claimed, type StatementClaimValues } from '../idempotency.ts';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared, preparedWrite } from '../prepared.ts';
import {
  auctionListings,
  consoleMessages,
  inboxEntries,
  playerCharacterBackpack,
  playerCharacterInventory,
  playerCharacters,
  transferPairs,
  users,
} from '../schema/index.ts';
import type { ListingRow } from './auction.ts';
import { ledgerCte } from './ledger.ts';
import { INBOX_CAP } from './notices.ts';

/**
 * Issue 45, point 3: the auction house's writes as one read and one write statement, without a
 * transaction. The read gives the rule (packages/game) what it decides on; the write takes the
 * locks in the lock order (docs/architecture.md "Lock order"), each CTE `FOR UPDATE` joined to the
 * one before it (whose rows, and so locks, come first: preparedWrite writes no MATERIALIZED),
 * rechecks on the locked rows (their latest versions) everything the rule's decision rests on,
 * claims the request's idempotency key, and only then moves the copper and the item and writes
 * their ledger rows, all or nothing. A recheck that fails changes nothing: the caller runs the
 * transactional write instead (services/auction.ts), which decides again on what it locks.
 */

const p = (name: string) => sql.placeholder(name);

/**
 * The item of a listing into a character's inventory once the CTE `after` has its row: one more on
 * the stack `stackOnto`, or a new row `entryId` (placeholders: quantity, stackOnto, entryId,
 * characterId, item). The buy's and the cancel's.
 */
export const itemPlaced = (after: string) =>
  [
    [
      'stacked',
      sql`update ${playerCharacterInventory} i set quantity = i.quantity + ${p('quantity')}::int from ${sql.raw(after)}
        where i.id = ${p('stackOnto')}::uuid and i.character_id = ${p('characterId')}::uuid returning i.id`,
    ],
    [
      'placed',
      sql`insert into ${playerCharacterInventory} (id, character_id, item_data, quantity, equipped)
        select ${p('entryId')}::uuid, ${p('characterId')}::uuid, ${p('item')}::jsonb, ${p('quantity')}::int, false from ${sql.raw(after)}
        where ${p('stackOnto')}::uuid is null returning id`,
    ],
  ] as const;

// ---- Listing an item ---------------------------------------------------------------------------

/** What a listing is decided on: the seller's name, the character's copper and the entry (nulls when not theirs). */
const listRead = prepared('auction_list_read', (db) =>
  db
    .select({
      username: sql<string | null>`r.username`,
      characterId: sql<string | null>`r.character_id`,
      copper: sql<number | null>`r.copper`,
      item: sql<ItemData | null>`r.item`,
      quantity: sql<number | null>`r.quantity`,
      equipped: sql<boolean | null>`r.equipped`,
    })
    .from(
      sql`(select u.username, c.id as character_id, c.copper::float8 as copper, e.item_data as item, e.quantity, e.equipped
        from (select) one
        left join ${users} u on u.id = ${p('userId')}::text
        left join ${playerCharacters} c on c.id = ${p('characterId')}::uuid and c.user_id = ${p('userId')}::text
        left join ${playerCharacterInventory} e on e.id = ${p('entryId')}::uuid and e.character_id = c.id) r`,
    ),
);

export async function readListingInput(db: DbOrTx, userId: string, characterId: string, entryId: string) {
  const [row] = await listRead(db, { userId, characterId, entryId });
  if (!row) throw new Error('the listing read returned no row');
  return row;
}

/**
 * The listing's one write: the users row (NO KEY UPDATE: a deletion of the character takes it
 * first), the character, the entry, in that order; rechecked: the character is the player's, the
 * entry is the character's, unequipped, holds `quantity` and the same item, the copper pays the fee.
 */
const listWrite = preparedWrite(
  'auction_list_write',
  [
    ['owner', sql`select u.id from ${users} u where u.id = ${p('userId')}::text for no key update`],
    ['ch', sql`select c.id, c.copper from ${playerCharacters} c join owner on owner.id = c.user_id where c.id = ${p('characterId')}::uuid for update of c`],
    [
      'entry',
      sql`select e.id, e.quantity from ${playerCharacterInventory} e join ch on ch.id = e.character_id
        where e.id = ${p('entryId')}::uuid and not e.equipped and e.quantity >= ${p('quantity')}::int and e.item_data = ${p('item')}::jsonb for update of e`,
    ],
    ['ready', sql`select ch.id from ch join entry on true where ch.copper >= ${p('fee')}::bigint`],
    claimCte(sql`ready`),
    ['go', sql`select ready.id from ready where ${claimed}`],
    [
      'took',
      sql`update ${playerCharacterInventory} i set quantity = i.quantity - ${p('quantity')}::int from go, entry
        where i.id = entry.id and entry.quantity > ${p('quantity')}::int returning i.id`,
    ],
    ['gone', sql`delete from ${playerCharacterInventory} i using go, entry where i.id = entry.id and entry.quantity = ${p('quantity')}::int returning i.id`],
    [
      'paid',
      sql`update ${playerCharacters} c set copper = c.copper - ${p('fee')}::bigint, updated_at = now() from go
        where c.id = go.id and c.copper >= ${p('fee')}::bigint returning c.copper`,
    ],
    [
      'listing',
      sql`insert into ${auctionListings} (id, seller_user_id, seller_character_id, item_data, item_name, item_tier, item_slot,
          quantity, price, fee, created_at, expires_at)
        select ${p('listingId')}::uuid, ${p('userId')}::text, go.id, ${p('item')}::jsonb, ${p('itemName')}::text, ${p('itemTier')}::text, ${p('itemSlot')}::text,
          ${p('quantity')}::int, ${p('price')}::bigint, ${p('fee')}::bigint, ${p('now')}::timestamptz, ${p('expiresAt')}::timestamptz from go join paid on true returning id`,
    ],
    ledgerCte('ledger', sql`${p('ledger')}`, sql`exists (select from listing)`),
  ],
  {
    ready: sql<boolean>`exists (select from ready)`,
    moved: sql<boolean>`exists (select from listing)`,
    copper: sql<number | null>`(select copper::float8 from paid)`,
  },
);

export interface ListingWrite {
  userId: string;
  characterId: string;
  entryId: string;
  listingId: string;
  item: ItemData;
  quantity: number;
  price: number;
  fee: number;
  now: Date;
  expiresAt: Date;
  /** ledgerRows' JSON of the listing's movements. */
  ledger: string;
}

/** The listing's write (`claim`: statementClaim's values): whether the rechecks passed, whether it moved, the copper after. */
export async function writeListing(db: DbOrTx, w: ListingWrite, claim: StatementClaimValues) {
  const [row] = await listWrite(db, {
    ...claim,
    userId: w.userId,
    characterId: w.characterId,
    entryId: w.entryId,
    listingId: w.listingId,
    item: JSON.stringify(w.item),
    itemName: w.item.name,
    itemTier: w.item.tier,
    itemSlot: w.item.kind === 'gear' ? w.item.slot : null,
    quantity: w.quantity,
    price: w.price,
    fee: w.fee,
    now: w.now.toISOString(),
    expiresAt: w.expiresAt.toISOString(),
    ledger: w.ledger,
  });
  if (!row) throw new Error('the listing write returned no row');
  return row;
}

// ---- Buying a listing (in a transaction: the sale's achievements count in it) -----------------

interface BuyRead {
  buyerName: string | null;
  listing:
    | (Omit<ListingRow, 'createdAt' | 'expiresAt' | 'endedAt' | 'soldAt'> & {
        createdAt: string;
        expiresAt: string;
        endedAt: string | null;
        soldAt: string | null;
        sellerName: string | null;
      })
    | null;
  characters: { id: string; userId: string; copper: number; active: boolean }[] | null;
  inventory: { id: string; item: ItemData; quantity: number; equipped: boolean }[] | null;
  slots: number | null;
  pair: { day: string | null; counted: number } | null;
}

/**
 * A buy's locks and read in one statement, in the lock order: the buyer's users row, the listing,
 * the characters in id order (the buyer's, the seller's, and the two players' active ones, which
 * the sale's achievements may reward), the buyer's inventory, then the seller -> buyer sales ledger
 * (made when missing). Rows another transaction changed while this one waited are read as they are
 * now (the locked ones); the write after it reads the rest as they are under these locks.
 */
const buyRead = preparedWrite(
  'auction_buy_read',
  [
    ['owner', sql`select u.id, u.username from ${users} u where u.id = ${p('userId')}::text for no key update`],
    ['listing', sql`select l.* from ${auctionListings} l join owner on true where l.id = ${p('listingId')}::uuid for update of l`],
    [
      'chars',
      sql`select c.id, c.user_id, c.copper, c.is_active from ${playerCharacters} c join listing l
          on c.id in (l.seller_character_id, ${p('characterId')}::uuid) or (c.is_active and c.user_id in (${p('userId')}::text, l.seller_user_id))
        order by c.id for update of c`,
    ],
    [
      'inv',
      sql`select i.id, i.item_data, i.quantity, i.equipped, i.created_at from ${playerCharacterInventory} i
          join chars c on c.id = i.character_id and c.user_id = ${p('userId')}::text
        where i.character_id = ${p('characterId')}::uuid order by i.created_at, i.id for update of i`,
    ],
    [
      'pair',
      sql`insert into ${transferPairs} (from_user_id, to_user_id)
        select l.seller_user_id, ${p('userId')}::text from listing l where l.seller_user_id <> ${p('userId')}::text and (select count(*) from inv) >= 0
        on conflict (from_user_id, to_user_id) do update set sales_counted = ${transferPairs}.sales_counted returning sales_day, sales_counted`,
    ],
  ],
  {
    buyerName: sql<BuyRead['buyerName']>`(select username from owner)`,
    listing: sql<BuyRead['listing']>`(select jsonb_build_object('id', l.id, 'sellerUserId', l.seller_user_id, 'sellerCharacterId', l.seller_character_id,
        'itemData', l.item_data, 'itemName', l.item_name, 'itemTier', l.item_tier, 'itemSlot', l.item_slot, 'quantity', l.quantity, 'price', l.price,
        'fee', l.fee, 'status', l.status, 'createdAt', l.created_at, 'expiresAt', l.expires_at, 'buyerUserId', l.buyer_user_id,
        'buyerCharacterId', l.buyer_character_id, 'payout', l.payout, 'soldAt', l.sold_at, 'endedAt', l.ended_at,
        'sellerName', (select su.username from ${users} su where su.id = l.seller_user_id)) from listing l)`,
    characters: sql<
      BuyRead['characters']
    >`(select jsonb_agg(jsonb_build_object('id', c.id, 'userId', c.user_id, 'copper', c.copper, 'active', c.is_active)) from chars c)`,
    inventory: sql<BuyRead['inventory']>`(select jsonb_agg(jsonb_build_object('id', i.id, 'item', i.item_data, 'quantity', i.quantity, 'equipped', i.equipped)
        order by i.created_at, i.id) from inv i)`,
    slots: sql<BuyRead['slots']>`(select b.slots from ${playerCharacterBackpack} b where b.character_id = ${p('characterId')}::uuid)`,
    pair: sql<BuyRead['pair']>`(select jsonb_build_object('day', pair.sales_day, 'counted', pair.sales_counted) from pair)`,
  },
);

export async function lockAndReadBuy(tx: Tx, userId: string, characterId: string, listingId: string) {
  const [row] = await buyRead(tx, { userId, characterId, listingId });
  if (!row) throw new Error('the buy read returned no row');
  const l = row.listing;
  const listing: (ListingRow & { sellerName: string | null }) | null = l && {
    ...l,
    createdAt: new Date(l.createdAt),
    expiresAt: new Date(l.expiresAt),
    endedAt: l.endedAt === null ? null : new Date(l.endedAt),
    soldAt: l.soldAt === null ? null : new Date(l.soldAt),
  };
  return { ...row, listing, characters: row.characters ?? [], inventory: row.inventory ?? [] };
}

/**
 * The sale's one write, under lockAndReadBuy's locks: rechecked first, the placement (the stack is
 * still there and unequipped, or a slot is free as the rows are now); then the listing's one flip
 * from active, the buyer's debit (never below 0), the seller's payout, the item into the buyer's
 * backpack, the ledger rows, the seller's console line and inbox entry (the oldest beyond the cap
 * pruned), and the pair's sales ledger when it changed.
 */
const buyWrite = preparedWrite(
  'auction_buy_write',
  [
    [
      'ready',
      sql`select 1 as one where case when ${p('stackOnto')}::uuid is null
          then (select count(*) from ${playerCharacterInventory} i where i.character_id = ${p('characterId')}::uuid and not i.equipped) < ${p('slots')}::int
          else exists (select from ${playerCharacterInventory} i where i.id = ${p('stackOnto')}::uuid and i.character_id = ${p('characterId')}::uuid and not i.equipped) end`,
    ],
    [
      'ended',
      sql`update ${auctionListings} l set status = 'sold', ended_at = ${p('now')}::timestamptz, sold_at = ${p('now')}::timestamptz,
          buyer_user_id = ${p('userId')}::text, buyer_character_id = ${p('characterId')}::uuid, payout = ${p('payout')}::bigint
        from ready where l.id = ${p('listingId')}::uuid and l.status = 'active' returning l.id`,
    ],
    [
      'paid',
      sql`update ${playerCharacters} c set copper = c.copper - ${p('price')}::bigint, updated_at = now() from ended
        where c.id = ${p('characterId')}::uuid and c.copper >= ${p('price')}::bigint returning c.copper`,
    ],
    [
      'credited',
      sql`update ${playerCharacters} c set copper = c.copper + ${p('payout')}::bigint, updated_at = now() from paid
        where c.id = ${p('sellerCharacterId')}::uuid returning c.id`,
    ],
    ...itemPlaced('paid'),
    ledgerCte('ledger', sql`${p('ledger')}`, sql`exists (select from paid)`),
    [
      'line',
      sql`insert into ${consoleMessages} (character_id, kind, sender, content)
        select ${p('sellerCharacterId')}::uuid, 'success', 'System', ${p('message')}::text from paid`,
    ],
    [
      'inbox',
      sql`insert into ${inboxEntries} (user_id, kind, title, body, created_at)
        select ${p('sellerUserId')}::text, ${p('inboxKind')}::text, ${p('inboxTitle')}::text, ${p('inboxBody')}::text, ${p('now')}::timestamptz from paid`,
    ],
    [
      'pruned',
      sql`delete from ${inboxEntries} e using paid where e.id in (select b.id from ${inboxEntries} b where b.user_id = ${p('sellerUserId')}::text
        order by b.created_at desc, b.id desc offset ${p('inboxKeep')}::int)`,
    ],
    [
      'pair',
      sql`update ${transferPairs} t set sales_day = ${p('salesDay')}::date, sales_counted = ${p('salesCounted')}::int from paid
        where ${p('saveSales')}::boolean and t.from_user_id = ${p('sellerUserId')}::text and t.to_user_id = ${p('userId')}::text`,
    ],
  ],
  {
    ready: sql<boolean>`exists (select from ready)`,
    copper: sql<number | null>`(select copper::float8 from paid)`,
    credited: sql<boolean>`exists (select from credited)`,
    placed: sql<boolean>`(exists (select from stacked) or exists (select from placed))`,
  },
);

export interface SaleWrite {
  userId: string;
  characterId: string;
  listingId: string;
  sellerUserId: string;
  sellerCharacterId: string;
  price: number;
  payout: number;
  item: ItemData;
  quantity: number;
  /** The rule's placement: onto this stack, or a new entry with this id. */
  stackOnto: string | null;
  entryId: string;
  slots: number;
  ledger: string;
  message: string;
  inbox: { kind: string; title: string; body: string };
  /** The pair's sales ledger to save (null: unchanged). */
  sales: { day: string | null; counted: number } | null;
  now: Date;
}

/** The sale's write: whether the placement's recheck passed (nothing was done when not), and the buyer's copper after. */
export async function writeSale(tx: Tx, w: SaleWrite): Promise<{ ready: boolean; copper: number }> {
  const [row] = await buyWrite(tx, {
    userId: w.userId,
    characterId: w.characterId,
    listingId: w.listingId,
    sellerUserId: w.sellerUserId,
    sellerCharacterId: w.sellerCharacterId,
    price: w.price,
    payout: w.payout,
    item: JSON.stringify(w.item),
    quantity: w.quantity,
    stackOnto: w.stackOnto,
    entryId: w.entryId,
    slots: w.slots,
    ledger: w.ledger,
    message: w.message,
    inboxKind: w.inbox.kind,
    inboxTitle: w.inbox.title,
    inboxBody: w.inbox.body,
    inboxKeep: INBOX_CAP - 1,
    saveSales: w.sales !== null,
    salesDay: w.sales?.day ?? null,
    salesCounted: w.sales?.counted ?? 0,
    now: w.now.toISOString(),
  });
  if (!row) throw new Error('the sale write returned no row');
  if (!row.ready) return { ready: false, copper: 0 };
  if (row.copper === null || !row.credited || !row.placed) throw new Error(`listing ${w.listingId}: the sale failed under its locks`);
  return { ready: true, copper: row.copper };
}
