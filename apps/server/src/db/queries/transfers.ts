import type { GiftLedger, SaleLedger } from '@rpg/game';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { transferPairs } from '../schema/index.ts';

/**
 * The ledger of what players gave and sold each other that counted toward achievements
 * (issue 25; the rule is packages/game/src/achievements/transfers.ts). Rows are created
 * when first needed and locked by the transfer's own transaction.
 */

const byPair = (fromUserId: string, toUserId: string) => and(eq(transferPairs.fromUserId, fromUserId), eq(transferPairs.toUserId, toUserId));

/** Both rows of a pair (from -> to and back), created if missing, locked in (from, to) order. */
export async function lockTransferPair(tx: Tx, fromUserId: string, toUserId: string) {
  const keys = [
    { fromUserId, toUserId },
    { fromUserId: toUserId, toUserId: fromUserId },
  ].sort((a, b) => (a.fromUserId < b.fromUserId ? -1 : a.fromUserId > b.fromUserId ? 1 : 0));
  await tx.insert(transferPairs).values(keys).onConflictDoNothing();
  const rows = await tx
    .select()
    .from(transferPairs)
    .where(or(byPair(fromUserId, toUserId), byPair(toUserId, fromUserId)))
    .orderBy(asc(transferPairs.fromUserId), asc(transferPairs.toUserId))
    .for('update');
  const forward = rows.find((r) => r.fromUserId === fromUserId);
  const backward = rows.find((r) => r.fromUserId === toUserId);
  if (!forward || !backward) throw new Error(`transfer pair ${fromUserId} -> ${toUserId} not found after its insert`);
  return { forward, backward };
}

/** The seller -> buyer row, created if missing and locked. */
export async function lockSaleLedger(tx: Tx, sellerUserId: string, buyerUserId: string): Promise<SaleLedger> {
  await tx.insert(transferPairs).values({ fromUserId: sellerUserId, toUserId: buyerUserId }).onConflictDoNothing();
  const [row] = await tx
    .select({ day: transferPairs.salesDay, counted: transferPairs.salesCounted })
    .from(transferPairs)
    .where(byPair(sellerUserId, buyerUserId))
    .for('update');
  if (!row) throw new Error(`transfer pair ${sellerUserId} -> ${buyerUserId} not found after its insert`);
  return row;
}

export async function saveGiftLedger(tx: Tx, fromUserId: string, toUserId: string, ledger: GiftLedger): Promise<void> {
  await tx.update(transferPairs).set({ giftGiven: ledger.given, giftCounted: ledger.counted }).where(byPair(fromUserId, toUserId));
}

export async function saveSaleLedger(tx: Tx, sellerUserId: string, buyerUserId: string, ledger: SaleLedger): Promise<void> {
  await tx.update(transferPairs).set({ salesDay: ledger.day, salesCounted: ledger.counted }).where(byPair(sellerUserId, buyerUserId));
}
