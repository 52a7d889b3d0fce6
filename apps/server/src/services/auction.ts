import {
  inboxTextOf,
  invalidatePush,
  queryKeys,
  type AuctionBrowse,
  type AuctionListingView,
  type MyAuctions,
  type AuctionSoldPush,
  type QueryKey,
  type ToastView,
} from '@rpg/contract';
import {
  buyListing,
  cancelListing,
  copper,
  copperMovement,
  createListing,
  expireListing,
  hoursLeft,
  itemsIn,
  itemsOut,
  listingNotFound,
  toCoins,
  type InventoryEntry,
  UNKNOWN_BUYER,
  type ItemData,
  type Listing,
  type Placement,
} from '@rpg/game';
import type { Db, Tx } from '../db/client.ts';
import {
  endListing,
  insertListing,
  listExpiredListings,
  lockCharacterRow,
  lockExpiredListing,
  lockListing,
  nextListingExpiry,
  usernameOf,
  type BrowseRead,
  type ListingRead,
  type ListingRow,
} from '../db/queries/auction.ts';
import { activeCharacter, holdCharacterRow } from '../db/queries/achievements.ts';
import { getCharacterForUpdate, lockOwner } from '../db/queries/characters.ts';
import { writeConsoleLines } from '../db/queries/console.ts';
import { backpackCapacity, listInventory, takeFromEntry } from '../db/queries/inventory.ts';
import { creditCopper, debitCopper, insertEntry, raiseStack } from '../db/queries/items.ts';
import { recordLedger } from '../db/queries/ledger.ts';
import { addInboxEntries } from '../db/queries/notices.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import type { Settler } from '../scheduler/scheduler.ts';
import { found } from './characters.ts';
import { transaction } from '../db/transaction.ts';

/**
 * Spec 03 §2-§5 and DECISIONS §2 "Auction House": one market for every player. Each
 * operation runs in the caller's transaction. Lock order (docs/architecture.md "Lock order"):
 * the acting player's users row (listing and buying: a deletion of their character takes it
 * first), then the listing, then the characters involved in id order, then their inventories;
 * so a buy, a cancel and the expiry settler of one listing wait for each other and exactly one
 * of them ends it (the conditional `status = 'active'` update confirms it).
 */

type Log = { error(o: object, m?: string): void };

/** The seller's push of a sale (auction-sold), from the listing and the rule's sale. */
export function soldPush(row: ListingRow, sale: Pick<ReturnType<typeof buyListing>, 'price' | 'payout' | 'sellerMessage'>): AuctionSoldPush {
  return {
    type: 'auction-sold',
    listingId: row.id,
    characterId: row.sellerCharacterId,
    itemName: row.itemName,
    price: sale.price,
    payout: sale.payout,
    message: sale.sellerMessage,
  };
}

export function toListing(row: ListingRow): Listing {
  return {
    sellerUserId: row.sellerUserId,
    status: row.status,
    item: row.itemData,
    quantity: row.quantity,
    price: copper(row.price),
    expiresAt: row.expiresAt.getTime(),
  };
}

/**
 * A stored value without its object fields that are null, at any depth: an item's optional fields
 * are left out, never null (the contract's itemDataSchema), even in a row that holds a null (the
 * rules write none).
 */
function withoutNullFields<T>(value: T): T {
  if (!holdsNullField(value)) return value;
  if (Array.isArray(value)) return value.map(withoutNullFields) as T;
  return Object.fromEntries(
    Object.entries(value as object)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNullFields(v)]),
  ) as T;
}

/** Whether an object field at any depth is null (none is, as the rules write items: the value is then answered as it is). */
function holdsNullField(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsNullField);
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (field === null || holdsNullField(field)) return true;
  }
  return false;
}

/** A listing as its card shows it; `own` adds the fee, payout and end time (only the seller sees those). */
export function listingView(row: ListingRead, now: Date, own = false): AuctionListingView {
  const view: AuctionListingView = {
    id: row.id,
    item: withoutNullFields(row.itemData),
    quantity: row.quantity,
    price: row.price,
    coins: toCoins(copper(row.price)),
    seller: row.seller,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    hoursLeft: row.status === 'active' ? hoursLeft(row.expiresAt.getTime(), now.getTime()) : 0,
  };
  if (own) Object.assign(view, { fee: row.fee, payout: row.payout, endedAt: row.endedAt?.toISOString() ?? null });
  return view;
}

/** GET /api/auction/listings' answer: the page's listings as their cards show them, the page and how many match. */
export function auctionBrowseView(read: Pick<BrowseRead, 'rows' | 'total' | 'totalCapped'>, page: number, pageSize: number, now: Date): AuctionBrowse {
  return { listings: read.rows.map((row) => listingView(row, now)), page, pageSize, total: read.total, totalCapped: read.totalCapped };
}

/** GET /api/auction/mine's answer: the seller's active listings and the last that ended, with what only the seller sees. */
export function myAuctionsView(read: { active: ListingRead[]; ended: ListingRead[] }, now: Date): MyAuctions {
  return { active: read.active.map((row) => listingView(row, now, true)), recent: read.ended.map((row) => listingView(row, now, true)) };
}

/**
 * Puts a placement from the rules into the character's inventory (a new id, unequipped, or onto a
 * stack), out of the listing's escrow: answers the ledger's movement of it.
 */
async function place(tx: Tx, characterId: string, placement: Placement, listingId: string, reason: 'auction_sale' | 'auction_cancel' | 'auction_expiry') {
  let entryId = placement.stackOnto;
  if (entryId) await raiseStack(tx, characterId, entryId, placement.quantity);
  else entryId = await insertEntry(tx, characterId, placement.item, placement.quantity);
  return itemsIn(characterId, [{ entryId, item: placement.item, quantity: placement.quantity }], 'escrow', { reason, cause: listingId }, listingId);
}

async function traderOf(tx: Tx, userId: string, characterId: string, wallet: number) {
  const inventory: InventoryEntry[] = await listInventory(tx, characterId, true);
  return { userId, wallet: copper(wallet), inventory, capacity: await backpackCapacity(tx, characterId) };
}

export interface AuctionOutcome {
  toast: ToastView;
  listing: AuctionListingView;
  /** The acting character's money after. */
  copper: number;
}

/**
 * Spec 03 §4 "Created": the item (or `quantity` of a stack) leaves the inventory into the
 * listing and the fee is paid, in the caller's transaction with the character locked.
 */
export async function listItem(
  tx: Tx,
  userId: string,
  characterId: string,
  input: { entryId: string; quantity: number | undefined; price: number },
  now: Date,
  timeScale: number,
): Promise<AuctionOutcome> {
  // A listing made while the character is being deleted would escape the deletion's lock on its
  // listings (taken before the character's): the players' users row keeps the two apart.
  await lockOwner(tx, userId);
  const { character } = found(await getCharacterForUpdate(tx, userId, characterId));
  const inventory = await listInventory(tx, characterId, true);
  const entry = inventory.find((e) => e.id === input.entryId);
  const created = createListing({ entry, quantity: input.quantity ?? 1, price: input.price, wallet: copper(character.copper) }, now.getTime(), timeScale);
  if (!entry) throw new Error('the rule accepted a listing without an entry');
  await takeFromEntry(tx, characterId, entry.id, created.quantity);
  const wallet = await debitCopper(tx, characterId, created.fee);
  if (wallet === null) throw new Error('the fee was affordable under the character lock but the debit failed');
  const slot = created.item.kind === 'gear' ? created.item.slot : null;
  const row = await insertListing(tx, {
    sellerUserId: userId,
    sellerCharacterId: characterId,
    itemData: created.item,
    itemName: created.item.name,
    itemTier: created.item.tier,
    itemSlot: slot,
    quantity: created.quantity,
    price: created.price,
    fee: created.fee,
    createdAt: now,
    expiresAt: new Date(created.expiresAt),
  });
  await recordLedger(tx, [
    ...itemsOut(characterId, entry.id, created.item, created.quantity, 'escrow', { reason: 'auction_list', cause: row.id }, row.id),
    ...copperMovement({ character: characterId }, 'auction_fees', created.fee, { reason: 'auction_fee', cause: row.id }),
  ]);
  const seller = (await usernameOf(tx, userId)) ?? '';
  return { toast: { ...created.toast, variant: 'success' }, listing: listingView({ ...row, seller }, now, true), copper: wallet };
}

export interface SaleOutcome extends AuctionOutcome {
  sellerUserId: string;
  sellerCharacterId: string;
  /** What changed hands (the achievements count it: services/transfers.ts). */
  sold: { item: ItemData; quantity: number };
  push: AuctionSoldPush;
}

/**
 * Spec 03 §4 "Bought" with DECISIONS §2: the buyer pays the full price, the seller receives
 * floor(95%) and a console line, the item goes to the buyer with a new id, unequipped.
 * Refused with nothing changed: own listing, sold or ended a moment ago, short funds, no room.
 */
export async function buyItem(tx: Tx, userId: string, characterId: string, listingId: string, now: Date): Promise<SaleOutcome> {
  // The buyer's deletion locks its purchases before the character: a purchase it did not see
  // (made meanwhile) must not be locked by a buy waiting for that character. The users row first.
  await lockOwner(tx, userId);
  const row = await lockListing(tx, listingId);
  if (!row) throw listingNotFound();
  // Both characters in id order (a buy the other way round at the same moment locks in the same order),
  // and among them the two players' active characters, which the sale's achievements (recordSale)
  // hold for a battle-pass reward: a seller may have switched characters since listing.
  const actives = [await activeCharacter(tx, userId), await activeCharacter(tx, row.sellerUserId)].flatMap((c) => (c ? [c.id] : []));
  let buyer: Awaited<ReturnType<typeof getCharacterForUpdate>>;
  for (const id of [...new Set([row.sellerCharacterId, characterId, ...actives])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (id === characterId) buyer = await getCharacterForUpdate(tx, userId, characterId);
    else if (id === row.sellerCharacterId) await lockCharacterRow(tx, id);
    else await holdCharacterRow(tx, id);
  }
  const { character } = found(buyer);
  const buyerName = (await usernameOf(tx, userId)) ?? UNKNOWN_BUYER;
  const trader = await traderOf(tx, userId, characterId, character.copper);
  const sale = buyListing(toListing(row), trader, now.getTime(), buyerName);

  if (!(await endListing(tx, row.id, { status: 'sold', buyerUserId: userId, buyerCharacterId: characterId, payout: sale.payout }, now))) {
    throw new Error(`listing ${row.id} ended twice under its lock`);
  }
  const wallet = await debitCopper(tx, characterId, sale.price);
  if (wallet === null) throw new Error('the price was affordable under the character lock but the debit failed');
  await creditCopper(tx, row.sellerCharacterId, sale.payout);
  await recordLedger(tx, [
    ...copperMovement({ character: characterId }, { character: row.sellerCharacterId }, sale.payout, { reason: 'auction_sale', cause: row.id }),
    ...copperMovement({ character: characterId }, 'auction_fees', sale.price - sale.payout, { reason: 'auction_fee', cause: row.id }),
    ...(await place(tx, characterId, sale.placement, row.id, 'auction_sale')),
  ]);
  await writeConsoleLines(tx, row.sellerCharacterId, [{ kind: 'success', content: sale.sellerMessage }]);

  const seller = (await usernameOf(tx, row.sellerUserId)) ?? '';
  const push = soldPush(row, sale);
  // Issue 44: the sale in the seller's inbox, with the sale.
  await addInboxEntries(tx, [{ userId: row.sellerUserId, ...inboxTextOf(push) }], now);
  const sold = { ...row, status: 'sold' as const, buyerUserId: userId, buyerCharacterId: characterId, payout: sale.payout, soldAt: now, endedAt: now };
  return {
    toast: { ...sale.toast, variant: 'success' },
    listing: listingView({ ...sold, seller }, now),
    copper: wallet,
    sellerUserId: row.sellerUserId,
    sellerCharacterId: row.sellerCharacterId,
    sold: { item: row.itemData, quantity: row.quantity },
    push,
  };
}

/** Spec 03 §4 "Cancelled": only the seller; the item goes back to the character that listed it; the fee is kept. */
export async function cancelItem(tx: Tx, userId: string, listingId: string, now: Date): Promise<AuctionOutcome & { characterId: string }> {
  const row = await lockListing(tx, listingId);
  if (!row || row.sellerUserId !== userId) throw listingNotFound();
  const { character } = found(await getCharacterForUpdate(tx, userId, row.sellerCharacterId));
  const trader = await traderOf(tx, userId, row.sellerCharacterId, character.copper);
  const cancelled = cancelListing(toListing(row), trader, now.getTime());
  if (!(await endListing(tx, row.id, { status: 'cancelled' }, now))) throw new Error(`listing ${row.id} ended twice under its lock`);
  await recordLedger(tx, await place(tx, row.sellerCharacterId, cancelled.placement, row.id, 'auction_cancel'));
  const seller = (await usernameOf(tx, userId)) ?? '';
  return {
    toast: { ...cancelled.toast, variant: 'success' },
    listing: listingView({ ...row, status: 'cancelled', endedAt: now, seller }, now, true),
    copper: character.copper,
    characterId: row.sellerCharacterId,
  };
}

export interface ExpiryOutcome {
  userId: string;
  characterId: string;
}

/**
 * DECISIONS §2: an active listing past its end returns its item to the seller, exactly once:
 * the listing is locked with SKIP LOCKED and re-checked as active and due (a buyer, a cancel
 * or another process's settler that got there first wins). Null when there was nothing to do.
 */
export async function settleExpiredListing(tx: Tx, listingId: string, now: Date): Promise<ExpiryOutcome | null> {
  const row = await lockExpiredListing(tx, listingId, now);
  if (!row) return null;
  const owner = await lockCharacterRow(tx, row.sellerCharacterId);
  if (!owner) return null;
  const expired = expireListing(toListing(row), await listInventory(tx, row.sellerCharacterId, true), now.getTime());
  if (!expired) return null;
  if (!(await endListing(tx, row.id, { status: 'expired' }, now))) throw new Error(`listing ${row.id} ended twice under its lock`);
  await recordLedger(tx, await place(tx, row.sellerCharacterId, expired.placement, row.id, 'auction_expiry'));
  await writeConsoleLines(tx, row.sellerCharacterId, [{ kind: 'system', content: expired.message }]);
  return { userId: row.sellerUserId, characterId: row.sellerCharacterId };
}

/** What a seller's tabs refetch after a sale or an expiry: money, backpack, console, the listings. */
const sellerKeys = (characterId: string): QueryKey[] => [
  queryKeys.characters,
  queryKeys.inventory(characterId),
  queryKeys.console(characterId),
  queryKeys.auction,
];

/** After a commit: every player's auction queries are stale (a listing appeared, sold or ended). */
export function announceMarket(hub: RealtimeHub, log: Log): void {
  pusher(hub, log).broadcast(invalidatePush([queryKeys.auction]));
}

/** After a sale's commit: the seller hears of it live (toast + console line), everyone's browse refreshes. */
export function announceSale(hub: RealtimeHub, log: Log, sale: SaleOutcome): void {
  pusher(hub, log).notify(sale.sellerUserId, sale.push, invalidatePush([...sellerKeys(sale.sellerCharacterId), queryKeys.inbox]));
  announceMarket(hub, log);
}

/**
 * Settles every due listing (the scheduler, and a read of the market: "on read"), each in
 * its own transaction. `userId` limits it to one seller's listings.
 */
export async function settleExpiredListings(db: Db, hub: RealtimeHub, log: Log, now: Date, userId?: string): Promise<number> {
  const due = await listExpiredListings(db, now, userId ? { userId } : {});
  return settleListings(
    db,
    hub,
    log,
    now,
    due.map(({ id }) => id),
  );
}

/** Settles these due listings (listExpiredListings' ids), each in its own transaction. */
export async function settleListings(db: Db, hub: RealtimeHub, log: Log, now: Date, ids: readonly string[]): Promise<number> {
  let settled = 0;
  for (const id of ids) {
    try {
      const outcome = await transaction(db, (tx) => settleExpiredListing(tx, id, now));
      if (!outcome) continue;
      settled += 1;
      pusher(hub, log).invalidate(outcome.userId, sellerKeys(outcome.characterId));
    } catch (error) {
      log.error({ err: error, listingId: id }, 'settling an expired listing failed');
    }
  }
  if (settled > 0) announceMarket(hub, log);
  return settled;
}

/** If a listing failed to settle it is still due: try again after this pause, not in a tight loop. */
const RETRY_MS = 1000;

/** The scheduler's settler for expired listings (any number of processes: SKIP LOCKED + the conditional flip). */
export function auctionExpirySettler(db: Db, hub: RealtimeHub, log: Log): Settler {
  return {
    name: 'auction-expiry',
    async nextDue() {
      const at = await nextListingExpiry(db);
      return at && at.getTime() <= Date.now() ? new Date(Date.now() + RETRY_MS) : at;
    },
    settleDue: (now) => settleExpiredListings(db, hub, log, now),
  };
}
