import {
  copperMovement,
  GIFT_UNKNOWN_GIVER,
  GIFT_UNKNOWN_RECEIVER,
  giftGivenLine,
  giftReceivedLine,
  giftRefused,
  itemNotFound,
  itemsOut,
  noCharacterSelected,
  planGift,
} from '@rpg/game';
import type { GiftBody } from '@rpg/contract';
import type { Tx } from '../db/client.ts';
import { insertGift, lockActiveCharacters } from '../db/queries/achievements.ts';
import { usernameOf } from '../db/queries/auction.ts';
import { writeConsoleLines } from '../db/queries/console.ts';
import { addItems, listInventory, takeFromEntry } from '../db/queries/inventory.ts';
import { creditCopper, debitCopper } from '../db/queries/items.ts';
import { recordLedger } from '../db/queries/ledger.ts';
import { areFriends } from '../db/queries/friendships.ts';
import { recordEvents, type AchievementNotice } from './achievements.ts';
import { giftEvents } from './transfers.ts';

export interface GiftOutcome {
  fromUserId: string;
  toUserId: string;
  fromCharacterId: string;
  toCharacterId: string;
  fromName: string;
  /** 'You gave Brom 1g 2s.' for the giver; the receiver reads `receivedMessage`. */
  message: string;
  receivedMessage: string;
  notice: AchievementNotice;
}

/**
 * DECISIONS §4: copper or items from the giver's active character to a friend's, in one
 * transaction: both characters locked in character-id order, as the auction locks them, a
 * conditional debit, the receiver's room checked, the gift logged (a retried request id gives
 * once), console lines for both, and the giver's achievement events (Generous Soul, hidden-charity),
 * counted by what the gift raises the giver's net giving to this friend (services/transfers.ts).
 */
export async function giveGift(tx: Tx, fromUserId: string, body: GiftBody, now: Date): Promise<GiftOutcome> {
  const { toUserId } = body;
  const friends = fromUserId !== toUserId && (await areFriends(tx, fromUserId, toUserId));
  if (fromUserId === toUserId || !friends) planGift({ fromUserId, toUserId, areFriends: friends, copper: body.copper ?? 1 });
  const locked = await lockActiveCharacters(tx, [fromUserId, toUserId]);
  const giver = locked.find((c) => c.userId === fromUserId);
  const receiver = locked.find((c) => c.userId === toUserId);
  if (!giver) throw noCharacterSelected();
  if (!receiver) throw giftRefused('noReceiver');

  const entry = body.entryId ? (await listInventory(tx, giver.id, true)).find((e) => e.id === body.entryId) : undefined;
  if (body.entryId && !entry) throw itemNotFound();
  const plan = planGift({
    fromUserId,
    toUserId,
    areFriends: friends,
    ...(body.copper !== undefined ? { copper: body.copper } : {}),
    ...(entry ? { item: { quantity: body.quantity ?? 1, held: entry.quantity, equipped: entry.equipped, name: entry.item.name } } : {}),
  });

  const giftId = await insertGift(tx, {
    requestId: body.requestId,
    fromUserId,
    toUserId,
    fromCharacterId: giver.id,
    toCharacterId: receiver.id,
    copper: plan.kind === 'copper' ? plan.copper : 0,
    item: entry?.item ?? null,
    quantity: plan.kind === 'item' ? plan.quantity : 0,
  });
  if (giftId === undefined) throw giftRefused('duplicate');
  const why = { reason: 'gift', cause: String(giftId) } as const;
  if (plan.kind === 'copper') {
    if ((await debitCopper(tx, giver.id, plan.copper)) === null) throw giftRefused('notEnoughCopper');
    await creditCopper(tx, receiver.id, plan.copper);
    await recordLedger(tx, copperMovement({ character: giver.id }, { character: receiver.id }, plan.copper, why));
  } else if (entry) {
    await takeFromEntry(tx, giver.id, entry.id, plan.quantity);
    const { added, leftBehind } = await addItems(tx, receiver.id, [{ item: entry.item, quantity: plan.quantity }]);
    if (leftBehind.length > 0) throw giftRefused('full');
    // Each row it went to, from the giver's row: both characters are named on every row.
    await recordLedger(
      tx,
      added.flatMap((a) => itemsOut(giver.id, entry.id, entry.item, a.quantity, { character: receiver.id }, why, a.entryId)),
    );
  }

  const fromName = (await usernameOf(tx, fromUserId)) ?? GIFT_UNKNOWN_GIVER;
  const toName = (await usernameOf(tx, toUserId)) ?? GIFT_UNKNOWN_RECEIVER;
  const message = giftGivenLine(toName, plan.line);
  const receivedMessage = giftReceivedLine(fromName, plan.line);
  await writeConsoleLines(tx, giver.id, [{ kind: 'success', content: message }]);
  await writeConsoleLines(tx, receiver.id, [{ kind: 'success', content: receivedMessage }]);
  const given = plan.kind === 'copper' ? { copper: plan.copper } : entry ? { item: entry.item, quantity: plan.quantity } : null;
  const events = given ? await giftEvents(tx, fromUserId, toUserId, given) : [];
  const notice = await recordEvents(tx, fromUserId, events, now);
  return { fromUserId, toUserId, fromCharacterId: giver.id, toCharacterId: receiver.id, fromName, message, receivedMessage, notice };
}
