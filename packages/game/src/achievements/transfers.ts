import { sellValue } from '../items/sell.ts';
import type { ItemData } from '../types.ts';
import type { AchievementEvent } from './events.ts';

/**
 * Spec 03 §3 (Generous Soul, Open for Business, Merchant, hidden-master-trader, hidden-charity)
 * and DECISIONS §4 (gifts): what a transfer between two players counts toward achievements and so
 * toward the battle pass (its points are the achievements' points). Copper and items passed back
 * and forth between the same two players must not count again and again (issue 25, point 3).
 * The server reads the pair's ledger row under a lock and writes back what these answer.
 */

/** What one player has given another in gifts, and the part of it already counted. */
export interface GiftLedger {
  /** Every gift from this player to that one, in copper (an item at its store sell value). */
  given: number;
  /** The highest net given (given minus what came back) already counted. */
  counted: number;
}

export interface GiftCount {
  /** The achievement events of the giver (none when the gift only returns what came the other way). */
  events: AchievementEvent[];
  /** The giver's ledger toward the receiver after this gift. */
  ledger: GiftLedger;
  /** The copper value newly counted as given. */
  credited: number;
}

/**
 * A gift counts for what it raises the giver's net giving to this friend above its highest so
 * far: net = all the giver gave the friend minus all the friend gave back. Returning a gift
 * counts nothing; giving it back and forth counts the first time only; a friend who really
 * gives more than they received counts the difference. Only copper counts toward hidden-charity
 * ("give 100 gold"); an item gift counts as a gift at its sell value.
 */
export function countGift(gift: { value: number; copper: number }, giverLedger: GiftLedger, receivedFromReceiver: number): GiftCount {
  const given = giverLedger.given + gift.value;
  const net = given - receivedFromReceiver;
  const credited = Math.max(0, net - giverLedger.counted);
  const ledger = { given, counted: Math.max(giverLedger.counted, net) };
  if (credited === 0) return { events: [], ledger, credited };
  return { events: [{ type: 'gift-sent', copper: Math.min(credited, gift.copper) }], ledger, credited };
}

/** The copper value of a gift: copper as it is, an item stack at what the store pays for it. */
export function giftValue(gift: { copper: number } | { item: ItemData; quantity: number }): number {
  return 'item' in gift ? sellValue(gift.item, gift.quantity) : gift.copper;
}

/** Auction sales from one seller to one buyer that count per day (UTC). */
export const PAIR_SALES_PER_DAY = 3;

/** The counted sales from a seller to a buyer on one day. */
export interface SaleLedger {
  /** The UTC day ('2026-11-26') of `counted`, null before the first counted sale. */
  day: string | null;
  counted: number;
}

export interface SaleCount {
  seller: AchievementEvent[];
  buyer: AchievementEvent[];
  ledger: SaleLedger;
}

/** The UTC calendar day of a time, as the ledger stores it. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * An auction sale counts (a sale for the seller, a trade for both, the payout as copper earned)
 * when the price is at least what the store would pay for the item (cheaper, the seller hands
 * value to the buyer: a gift, not a sale), and only the first PAIR_SALES_PER_DAY sales from
 * this seller to this buyer each UTC day. The copper earned counts at most the item's store
 * price (paying more is a gift from the buyer). A sale that does not count still happens.
 */
export function countSale(sale: { item: ItemData; quantity: number; price: number; payout: number }, ledger: SaleLedger, now: Date): SaleCount {
  const floor = sellValue(sale.item, sale.quantity);
  const today = utcDay(now);
  const countedToday = ledger.day === today ? ledger.counted : 0;
  if (sale.price < floor || countedToday >= PAIR_SALES_PER_DAY) return { seller: [], buyer: [], ledger };
  const earned = Math.min(sale.payout, Math.max(floor, sale.item.price * sale.quantity));
  return {
    seller: [{ type: 'auction-sold', copper: earned }],
    buyer: [{ type: 'auction-bought', copper: sale.price }],
    ledger: { day: today, counted: countedToday + 1 },
  };
}
