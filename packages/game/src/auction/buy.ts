import { copper, formatCoins, type Copper } from '../currency/copper.ts';
import { RuleError } from '../errors.ts';
import { placeLoot, type Placement } from '../items/place.ts';
import { isListingExpired } from './expiry.ts';
import { salePayout } from './fee.ts';
import { coinsSentence, listingLabel, type Listing, type Trader } from './listing.ts';

/** Spec 03 §8 and the brief: a listing bought or ended a moment ago; nothing is charged. */
export const LISTING_GONE = 'This item was just sold or its listing has ended. You have not been charged.';

export interface BoughtListing {
  /** What the buyer pays: the full price. */
  price: Copper;
  /** What the seller receives: floor(95%). */
  payout: Copper;
  /** The house's 5%: price - payout. */
  houseCut: Copper;
  /** The buyer's money after paying. */
  wallet: Copper;
  /** Where the item goes in the buyer's backpack (a new entry, or onto an identical stack). */
  placement: Placement;
  toast: { title: 'Item Purchased'; description: string };
  /** The seller's console line and live toast. */
  sellerMessage: string;
}

/**
 * Spec 03 §4/§5/§8 "Buy Now", with DECISIONS §2: refused, in this order, for the buyer's own
 * listing ('Cannot Buy Own Item'), a listing no longer active or past its end (LISTING_GONE),
 * short funds ('Insufficient Funds', counted in copper) and a backpack with no room for it
 * ('Backpack Full'). The buyer pays the full price, the seller gets floor(95%), and the item
 * goes to the buyer unequipped (a new entry, or onto an identical stack).
 */
/** The seller's message names the buyer; a buyer whose name is gone reads as this. */
export const UNKNOWN_BUYER = 'another player';

export function buyListing(listing: Listing, buyer: Trader, nowMs: number, buyerName: string = UNKNOWN_BUYER): BoughtListing {
  if (listing.sellerUserId === buyer.userId) {
    throw new RuleError('own_listing', 'You cannot buy your own listed items.', { title: 'Cannot Buy Own Item', status: 403 });
  }
  if (listing.status !== 'active' || isListingExpired(listing.expiresAt, nowMs)) {
    throw new RuleError('listing_gone', LISTING_GONE, { title: 'Listing Unavailable', status: 409 });
  }
  if (listing.price > buyer.wallet) {
    throw new RuleError('insufficient_funds', "You don't have enough money to buy this item.", { title: 'Insufficient Funds' });
  }
  const { placed } = placeLoot(buyer.inventory, buyer.capacity, [{ item: listing.item, quantity: listing.quantity }]);
  const placement = placed[0];
  if (!placement) {
    throw new RuleError('backpack_full', `Your backpack is full. Make room before buying ${listing.item.name}.`, { title: 'Backpack Full', status: 409 });
  }
  const payout = salePayout(listing.price);
  const label = listingLabel(listing.item, listing.quantity);
  return {
    price: listing.price,
    payout,
    houseCut: copper(listing.price - payout),
    wallet: copper(buyer.wallet - listing.price),
    placement,
    toast: { title: 'Item Purchased', description: `You bought ${label} for ${coinsSentence(listing.price)}.` },
    sellerMessage: `Your ${label} sold to ${buyerName} for ${formatCoins(listing.price)}. You received ${formatCoins(payout)} after the 5% auction house fee.`,
  };
}
