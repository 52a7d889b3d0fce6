import { countGift, countSale, giftValue, type AchievementEvent, type ItemData } from '@rpg/game';
import type { Tx } from '../db/client.ts';
import { lockSaleLedger, lockTransferPair, saveGiftLedger, saveSaleLedger } from '../db/queries/transfers.ts';
import { recordForEach, type AchievementNotice } from './achievements.ts';

/**
 * Issue 25: transfers between two players count toward achievements (and so the battle pass)
 * in a bounded way (packages/game/src/achievements/transfers.ts). Each reads and writes the
 * pair's ledger row under a lock, in the transfer's own transaction.
 */

/** A gift's achievement events for the giver: what it raises their net giving to this friend by. */
export async function giftEvents(
  tx: Tx,
  fromUserId: string,
  toUserId: string,
  gift: { copper: number } | { item: ItemData; quantity: number },
): Promise<AchievementEvent[]> {
  const { forward, backward } = await lockTransferPair(tx, fromUserId, toUserId);
  const counted = countGift(
    { value: giftValue(gift), copper: 'copper' in gift ? gift.copper : 0 },
    { given: forward.giftGiven, counted: forward.giftCounted },
    backward.giftGiven,
  );
  await saveGiftLedger(tx, fromUserId, toUserId, counted.ledger);
  return counted.events;
}

/** An auction sale counted for the buyer and the seller (a fair price, a few a day per pair). */
export async function recordSale(
  tx: Tx,
  sale: { buyerUserId: string; sellerUserId: string; item: ItemData; quantity: number; price: number; payout: number },
  now: Date,
): Promise<{ userId: string; notice: AchievementNotice }[]> {
  const ledger = await lockSaleLedger(tx, sale.sellerUserId, sale.buyerUserId);
  const counted = countSale(sale, ledger, now);
  if (counted.ledger !== ledger) await saveSaleLedger(tx, sale.sellerUserId, sale.buyerUserId, counted.ledger);
  return recordForEach(
    tx,
    [
      { userId: sale.buyerUserId, events: counted.buyer },
      { userId: sale.sellerUserId, events: counted.seller },
    ],
    now,
  );
}
