import type { ItemData } from '@rpg/game';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { preparedWrite } from '../prepared.ts';
import { auctionListings, playerCharacterBackpack, playerCharacterInventory, playerCharacters, users } from '../schema/index.ts';
import type { ListingRow } from './auction.ts';
import { itemPlaced } from './auction-writes.ts';
import { ledgerCte } from './ledger.ts';

/**
 * Issue 45, point 3: cancelling a listing in a transaction of two statements, a locking read and
 * a write (services/auction-writes.ts cancelItemNow); the listing's and the buy's are in
 * auction-writes.ts. Not one statement without a transaction, as the listing is: the return of
 * the item needs room in the backpack, and a lone statement's count of the inventory cannot see a
 * row inserted by a transaction that committed while it waited for the character's lock.
 */

const p = (name: string) => sql.placeholder(name);

interface CancelRead {
  listing:
    | (Omit<ListingRow, 'createdAt' | 'expiresAt' | 'endedAt' | 'soldAt'> & {
        createdAt: string;
        expiresAt: string;
        endedAt: string | null;
        soldAt: string | null;
      })
    | null;
  character: { id: string; copper: number } | null;
  inventory: { id: string; item: ItemData; quantity: number; equipped: boolean }[] | null;
  slots: number | null;
  sellerName: string | null;
  /** The seller's active listings past their end (settled before a cancel: the answer of one says so). */
  due: string[];
}

/**
 * A cancel's locks and read in one statement, in the lock order: the listing, the seller's
 * character that listed it (when it is the player's), its inventory. An inventory row inserted
 * while this statement waited is not in its read: the write rechecks the rows' count.
 */
const cancelRead = preparedWrite(
  'auction_cancel_read',
  [
    ['listing', sql`select l.* from ${auctionListings} l where l.id = ${p('listingId')}::uuid for update of l`],
    [
      'ch',
      sql`select c.id, c.copper from ${playerCharacters} c
        where c.id = (select seller_character_id from listing) and c.user_id = ${p('userId')}::text for update of c`,
    ],
    [
      'inv',
      sql`select i.id, i.item_data, i.quantity, i.equipped, i.created_at from ${playerCharacterInventory} i
        where i.character_id = (select id from ch) order by i.created_at, i.id for update of i`,
    ],
  ],
  {
    listing: sql<CancelRead['listing']>`(select jsonb_build_object('id', l.id, 'sellerUserId', l.seller_user_id, 'sellerCharacterId', l.seller_character_id,
        'itemData', l.item_data, 'itemName', l.item_name, 'itemTier', l.item_tier, 'itemSlot', l.item_slot, 'quantity', l.quantity, 'price', l.price,
        'fee', l.fee, 'status', l.status, 'createdAt', l.created_at, 'expiresAt', l.expires_at, 'buyerUserId', l.buyer_user_id,
        'buyerCharacterId', l.buyer_character_id, 'payout', l.payout, 'soldAt', l.sold_at, 'endedAt', l.ended_at) from listing l)`,
    character: sql<CancelRead['character']>`(select jsonb_build_object('id', c.id, 'copper', c.copper) from ch c)`,
    inventory: sql<
      CancelRead['inventory']
    >`(select jsonb_agg(jsonb_build_object('id', i.id, 'item', i.item_data, 'quantity', i.quantity, 'equipped', i.equipped)
        order by i.created_at, i.id) from inv i)`,
    slots: sql<CancelRead['slots']>`(select b.slots from ${playerCharacterBackpack} b where b.character_id = (select id from ch))`,
    sellerName: sql<CancelRead['sellerName']>`(select u.username from ${users} u where u.id = ${p('userId')}::text)`,
    due: sql<CancelRead['due']>`(select coalesce(jsonb_agg(d.id), '[]'::jsonb) from ${auctionListings} d
        where d.seller_user_id = ${p('userId')}::text and d.status = 'active' and d.expires_at <= ${p('now')}::timestamptz)`,
  },
);

export async function lockAndReadCancel(tx: Tx, userId: string, listingId: string, now: Date) {
  const [row] = await cancelRead(tx, { userId, listingId, now: now.toISOString() });
  if (!row) throw new Error('the cancel read returned no row');
  const l = row.listing;
  const listing: ListingRow | null = l && {
    ...l,
    createdAt: new Date(l.createdAt),
    expiresAt: new Date(l.expiresAt),
    endedAt: l.endedAt === null ? null : new Date(l.endedAt),
    soldAt: l.soldAt === null ? null : new Date(l.soldAt),
  };
  return { ...row, listing, inventory: row.inventory ?? [] };
}

/**
 * The cancel's one write, under lockAndReadCancel's locks: rechecked first, that the character's
 * inventory holds as many rows as the read returned (its rows are locked: none went, so none came
 * and the rule decided on all of them); then the listing's one flip from active, the item back
 * (onto the stack or as the new entry the rule chose) and the ledger rows.
 */
const cancelWrite = preparedWrite(
  'auction_cancel_write',
  [
    [
      'ready',
      sql`select 1 as one where (select count(*) from ${playerCharacterInventory} i where i.character_id = ${p('characterId')}::uuid) = ${p('seen')}::int`,
    ],
    [
      'ended',
      sql`update ${auctionListings} l set status = 'cancelled', ended_at = ${p('now')}::timestamptz
        from ready where l.id = ${p('listingId')}::uuid and l.status = 'active' returning l.id`,
    ],
    ...itemPlaced('ended'),
    ledgerCte('ledger', sql`${p('ledger')}`, sql`exists (select from ended)`),
  ],
  {
    ready: sql<boolean>`exists (select from ready)`,
    moved: sql<boolean>`(exists (select from ended) and (exists (select from stacked) or exists (select from placed)))`,
  },
);

export interface CancelWrite {
  characterId: string;
  listingId: string;
  item: ItemData;
  quantity: number;
  /** The rule's placement: onto this stack, or a new entry with this id. */
  stackOnto: string | null;
  entryId: string;
  /** How many inventory rows the read returned. */
  seen: number;
  ledger: string;
  now: Date;
}

/** The cancel's write: whether the recheck passed (nothing was done when not). */
export async function writeCancel(tx: Tx, w: CancelWrite): Promise<boolean> {
  const [row] = await cancelWrite(tx, {
    characterId: w.characterId,
    listingId: w.listingId,
    item: JSON.stringify(w.item),
    quantity: w.quantity,
    stackOnto: w.stackOnto,
    entryId: w.entryId,
    seen: w.seen,
    ledger: w.ledger,
    now: w.now.toISOString(),
  });
  if (!row) throw new Error('the cancel write returned no row');
  if (row.ready && !row.moved) throw new Error(`listing ${w.listingId}: the cancel failed under its locks`);
  return row.ready;
}
