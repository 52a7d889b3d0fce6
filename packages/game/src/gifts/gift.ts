import { copper, formatCoins } from '../currency/copper.ts';
import { RuleError } from '../errors.ts';

/** DECISIONS §4 gifts: the texts of a refusal, written once. */
export const GIFT_TEXT = {
  notFriends: 'You can only send gifts to friends.',
  self: "You can't send a gift to yourself.",
  nothing: 'Choose copper or an item to give.',
  both: 'A gift is either copper or an item, not both.',
  noCharacter: 'Your friend has no active character to receive it.',
  notEnoughCopper: "You don't have enough copper for this gift.",
  equipped: 'Unequip the item before giving it away.',
  notEnoughItems: "You don't have that many to give.",
  full: "Your friend's backpack is full.",
  duplicate: 'This gift was already sent.',
} as const;

/** DECISIONS §4: the giver's toast title. */
export const GIFT_SENT_TITLE = 'Gift Sent';

/** DECISIONS §4: the console lines of a gift sent, for the giver and the receiver (a name gone reads as below). */
export const GIFT_UNKNOWN_GIVER = 'A friend';
export const GIFT_UNKNOWN_RECEIVER = 'your friend';
export const giftGivenLine = (toName: string, line: string) => `You gave ${toName} ${line}.`;
export const giftReceivedLine = (fromName: string, line: string) => `${fromName} sent you a gift: ${line}.`;

export interface GiftRequest {
  fromUserId: string;
  toUserId: string;
  areFriends: boolean;
  copper?: number;
  /** The item entry given, with what the giver holds of it. */
  item?: { quantity: number; held: number; equipped: boolean; name: string };
}

export type GiftPlan = { kind: 'copper'; copper: number; line: string } | { kind: 'item'; quantity: number; line: string };

const refuse = (code: string, message: string, status = 400) => new RuleError(code, message, { title: 'Gift Not Sent', status });

/** What the server finds only inside its transaction (DECISIONS §4), with the status each answers. */
const LATE_REFUSALS = {
  noReceiver: { code: 'gift_no_receiver', message: GIFT_TEXT.noCharacter, status: 409 },
  duplicate: { code: 'gift_duplicate', message: GIFT_TEXT.duplicate, status: 409 },
  notEnoughCopper: { code: 'gift_not_enough_copper', message: GIFT_TEXT.notEnoughCopper, status: 400 },
  full: { code: 'gift_backpack_full', message: GIFT_TEXT.full, status: 409 },
} as const;

/** DECISIONS §4: a gift refused by what the transfer finds (no receiving character, a repeated request, the copper gone, no room). */
export function giftRefused(reason: keyof typeof LATE_REFUSALS): RuleError {
  const { code, message, status } = LATE_REFUSALS[reason];
  return refuse(code, message, status);
}

/**
 * DECISIONS §4: a gift between friends is copper or some of one unequipped item stack, from the
 * giver's active character to the friend's. The checks that need no database; the transfer is
 * atomic in the server (conditional debit, the receiver's room).
 */
export function planGift(request: GiftRequest): GiftPlan {
  if (request.fromUserId === request.toUserId) throw refuse('gift_self', GIFT_TEXT.self);
  if (!request.areFriends) throw refuse('gift_not_friends', GIFT_TEXT.notFriends, 403);
  const amount = request.copper ?? 0;
  if (amount > 0 && request.item) throw refuse('gift_both', GIFT_TEXT.both);
  if (request.item) {
    const { quantity, held, equipped, name } = request.item;
    if (equipped) throw refuse('gift_equipped', GIFT_TEXT.equipped, 409);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > held) throw refuse('gift_not_enough_items', GIFT_TEXT.notEnoughItems);
    return { kind: 'item', quantity, line: quantity > 1 ? `${quantity} x ${name}` : name };
  }
  if (!Number.isInteger(amount) || amount <= 0) throw refuse('gift_nothing', GIFT_TEXT.nothing);
  return { kind: 'copper', copper: amount, line: formatCoins(copper(amount)) };
}
