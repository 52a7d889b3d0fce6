import { inboxTextOf } from '@rpg/contract';
import { buyListing, cancelListing, copper, copperMovement, countSale, createListing, itemsIn, itemsOut, listingNotFound, UNKNOWN_BUYER } from '@rpg/game';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../db/client.ts';
import { statementClaim, unclaimedWrite } from '../db/idempotency.ts';
import { lockAndReadCancel, writeCancel } from '../db/queries/auction-cancel.ts';
import { lockAndReadBuy, readListingInput, writeListing, writeSale } from '../db/queries/auction-writes.ts';
import { ledgerJson } from '../db/queries/ledger.ts';
import { transaction } from '../db/transaction.ts';
import { recordEvents, type AchievementNotice } from './achievements.ts';
import { found } from './characters.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { buyItem, cancelItem, listItem, listingView, settleListings, soldPush, toListing, type AuctionOutcome, type SaleOutcome } from './auction.ts';
import { recordSale } from './transfers.ts';

/**
 * Issue 45, point 3: the auction's hot writes in a read and a write statement
 * (db/queries/auction-writes.ts). The rule decides on what the read returned; the write rechecks it
 * under its locks. When the write finds things changed meanwhile (or a row missing that the
 * transactional write makes: a players' users row) it did nothing, and the transactional write of
 * services/auction.ts runs instead: it decides again on what it locks (its refusal, or the write).
 */

/** Spec 03 §4 "Created" (listItem's rule and outcome), in three statements with the route's throttle. */
export async function listItemNow(
  db: Db,
  userId: string,
  characterId: string,
  input: { entryId: string; quantity: number | undefined; price: number },
  now: Date,
  timeScale: number,
): Promise<AuctionOutcome> {
  const transactional = () => transaction(db, (tx) => listItem(tx, userId, characterId, input, now, timeScale));
  const read = await readListingInput(db, userId, characterId, input.entryId);
  if (read.username === null) return transactional();
  let created: ReturnType<typeof createListing>;
  try {
    found(read.characterId ? read : undefined);
    const entry = read.item && { id: input.entryId, item: read.item, quantity: read.quantity ?? 0, equipped: read.equipped ?? false };
    created = createListing(
      { entry: entry ?? undefined, quantity: input.quantity ?? 1, price: input.price, wallet: copper(read.copper ?? 0) },
      now.getTime(),
      timeScale,
    );
  } catch (refusal) {
    // With an Idempotency-Key the transaction claims it before deciding: a retry of a listing made
    // is answered as the first (its entry is gone now), a refusal is kept for its retries.
    if (unclaimedWrite()) return transactional();
    throw refusal;
  }
  const listingId = randomUUID();
  const ledger = ledgerJson([
    ...itemsOut(characterId, input.entryId, created.item, created.quantity, 'escrow', { reason: 'auction_list', cause: listingId }, listingId),
    ...copperMovement({ character: characterId }, 'auction_fees', created.fee, { reason: 'auction_fee', cause: listingId }),
  ]);
  const expiresAt = new Date(created.expiresAt);
  const claim = statementClaim();
  const written = await writeListing(
    db,
    {
      userId,
      characterId,
      entryId: input.entryId,
      listingId,
      item: created.item,
      quantity: created.quantity,
      price: created.price,
      fee: created.fee,
      now,
      expiresAt,
      ledger,
    },
    claim.values,
  );
  if (written.ready) claim.ran(written.moved);
  if (!written.moved || written.copper === null) return transactional();
  const row = {
    id: listingId,
    itemData: created.item,
    quantity: created.quantity,
    price: created.price,
    fee: created.fee,
    payout: null,
    status: 'active' as const,
    createdAt: now,
    expiresAt,
    endedAt: null,
    seller: read.username,
  };
  return { toast: { ...created.toast, variant: 'success' }, listing: listingView(row, now, true), copper: written.copper };
}

/**
 * Spec 03 §4 "Bought" (buyItem's rule and outcome) and the sale's achievements (recordSale's
 * count), in the caller's transaction: the locks and the read in one statement, the sale in one,
 * then each player's recordEvents. When the write's recheck finds the buyer's backpack changed
 * under the locks, buyItem decides again in the same transaction.
 */
export async function buyItemNow(
  tx: Tx,
  userId: string,
  characterId: string,
  listingId: string,
  now: Date,
): Promise<{ sale: SaleOutcome; notices: { userId: string; notice: AchievementNotice }[] }> {
  const read = await lockAndReadBuy(tx, userId, characterId, listingId);
  const row = read.listing;
  if (!row) throw listingNotFound();
  const buyer = read.characters.find((c) => c.id === characterId && c.userId === userId);
  found(buyer);
  if (read.buyerName === null || !buyer) return fallback(tx, userId, characterId, listingId, now);
  const trader = { userId, wallet: copper(buyer.copper), inventory: read.inventory, capacity: read.slots ?? 0 };
  const sale = buyListing(toListing(row), trader, now.getTime(), read.buyerName || UNKNOWN_BUYER);
  const entryId = sale.placement.stackOnto ?? randomUUID();
  const push = soldPush(row, sale);
  const item = { item: row.itemData, quantity: row.quantity };
  const counted = countSale({ ...item, price: sale.price, payout: sale.payout }, read.pair ?? { day: null, counted: 0 }, now);
  const written = await writeSale(tx, {
    userId,
    characterId,
    listingId: row.id,
    sellerUserId: row.sellerUserId,
    sellerCharacterId: row.sellerCharacterId,
    price: sale.price,
    payout: sale.payout,
    ...item,
    stackOnto: sale.placement.stackOnto,
    entryId,
    slots: read.slots ?? 0,
    ledger: ledgerJson([
      ...copperMovement({ character: characterId }, { character: row.sellerCharacterId }, sale.payout, { reason: 'auction_sale', cause: row.id }),
      ...copperMovement({ character: characterId }, 'auction_fees', sale.price - sale.payout, { reason: 'auction_fee', cause: row.id }),
      ...itemsIn(
        characterId,
        [{ entryId, item: sale.placement.item, quantity: sale.placement.quantity }],
        'escrow',
        { reason: 'auction_sale', cause: row.id },
        row.id,
      ),
    ]),
    message: sale.sellerMessage,
    inbox: inboxTextOf(push),
    sales: counted.ledger === read.pair ? null : counted.ledger,
    now,
  });
  if (!written.ready) return fallback(tx, userId, characterId, listingId, now);
  // recordForEach's order (user ids), with the active characters this transaction holds.
  const counts = [
    { userId, events: counted.buyer },
    { userId: row.sellerUserId, events: counted.seller },
  ].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const notices: { userId: string; notice: AchievementNotice }[] = [];
  for (const { userId: player, events } of counts) {
    const active = read.characters.find((c) => c.userId === player && c.active);
    notices.push({ userId: player, notice: await recordEvents(tx, player, events, now, { character: active && { id: active.id } }) });
  }
  const sold = { ...row, status: 'sold' as const, buyerUserId: userId, buyerCharacterId: characterId, payout: sale.payout, soldAt: now, endedAt: now };
  return {
    sale: {
      toast: { ...sale.toast, variant: 'success' },
      listing: listingView({ ...sold, seller: row.sellerName ?? '' }, now),
      copper: written.copper,
      sellerUserId: row.sellerUserId,
      sellerCharacterId: row.sellerCharacterId,
      sold: item,
      push,
    },
    notices,
  };
}

/** The transactional buy and its count (the buy route before issue 45), in the same transaction. */
async function fallback(tx: Tx, userId: string, characterId: string, listingId: string, now: Date) {
  const sale = await buyItem(tx, userId, characterId, listingId, now);
  const notices = await recordSale(
    tx,
    { buyerUserId: userId, sellerUserId: sale.sellerUserId, ...sale.sold, price: sale.push.price, payout: sale.push.payout },
    now,
  );
  return { sale, notices };
}

/**
 * Spec 03 §4 "Cancelled" (cancelItem's rule and outcome) in one transaction of a locking read and
 * a write (db/queries/auction-writes.ts). The seller's listings past their end are settled first
 * (the answer of a cancel of one says it expired): when the read finds some, the transaction ends
 * without a change, they are settled and cancelItem runs. When the write's recheck finds the
 * character's inventory changed while the read waited, cancelItem decides again in the same transaction.
 */
export async function cancelItemNow(
  db: Db,
  hub: RealtimeHub,
  log: { error(o: object, m?: string): void },
  userId: string,
  listingId: string,
  now: Date,
): Promise<AuctionOutcome & { characterId: string }> {
  type Cancelled = AuctionOutcome & { characterId: string };
  const done = await transaction<{ due: string[] } | { outcome: Cancelled }>(db, async (tx) => {
    const read = await lockAndReadCancel(tx, userId, listingId, now);
    if (read.due.length > 0) return { due: read.due };
    const row = read.listing;
    if (!row || row.sellerUserId !== userId) throw listingNotFound();
    const character = found(read.character ?? undefined);
    const trader = { userId, wallet: copper(character.copper), inventory: read.inventory, capacity: read.slots ?? 0 };
    const cancelled = cancelListing(toListing(row), trader, now.getTime());
    const { placement } = cancelled;
    const entryId = placement.stackOnto ?? randomUUID();
    const written = await writeCancel(tx, {
      characterId: character.id,
      listingId: row.id,
      item: placement.item,
      quantity: placement.quantity,
      stackOnto: placement.stackOnto,
      entryId,
      seen: read.inventory.length,
      ledger: ledgerJson(
        itemsIn(character.id, [{ entryId, item: placement.item, quantity: placement.quantity }], 'escrow', { reason: 'auction_cancel', cause: row.id }, row.id),
      ),
      now,
    });
    if (!written) return { outcome: await cancelItem(tx, userId, listingId, now) };
    return {
      outcome: {
        toast: { ...cancelled.toast, variant: 'success' as const },
        listing: listingView({ ...row, status: 'cancelled', endedAt: now, seller: read.sellerName ?? '' }, now, true),
        copper: character.copper,
        characterId: character.id,
      },
    };
  });
  if ('outcome' in done) return done.outcome;
  await settleListings(db, hub, log, now, done.due);
  return transaction(db, (tx) => cancelItem(tx, userId, listingId, now));
}
