import { RuleError } from '../errors.ts';
import { placeLoot, type Placement } from '../items/place.ts';
import type { InventoryEntry } from '../types.ts';
import { isListingExpired } from './expiry.ts';
import { listingLabel, type Listing, type Trader } from './listing.ts';

export const LISTING_NOT_FOUND = 'Listing not found.';

/** A listing that is not there (or not an id at all), as every auction refusal names it. */
export function listingNotFound(): RuleError {
  return new RuleError('listing_not_found', LISTING_NOT_FOUND, { title: 'Listing Not Found', status: 404 });
}

const ENDED: Record<Exclude<Listing['status'], 'active'>, string> = {
  sold: 'This listing has already been sold.',
  cancelled: 'This listing was already cancelled.',
  expired: 'This listing has expired; its item is back in your inventory.',
};

export interface CancelledListing {
  placement: Placement;
  toast: { title: 'Listing Cancelled'; description: string };
}

/**
 * Spec 03 §4/§8 cancel: only the seller may cancel (anyone else is told it does not exist);
 * only an active listing not yet past its end; the item returns to the seller's backpack
 * (refused with 'Backpack Full' when there is no room) and the fee is not refunded.
 */
export function cancelListing(listing: Listing, seller: Trader, nowMs: number): CancelledListing {
  if (listing.sellerUserId !== seller.userId) throw listingNotFound();
  if (listing.status !== 'active') throw new RuleError('listing_ended', ENDED[listing.status], { title: 'Listing Ended', status: 409 });
  if (isListingExpired(listing.expiresAt, nowMs)) throw new RuleError('listing_ended', ENDED.expired, { title: 'Listing Ended', status: 409 });
  const { placed } = placeLoot(seller.inventory, seller.capacity, [{ item: listing.item, quantity: listing.quantity }]);
  const placement = placed[0];
  if (!placement) {
    throw new RuleError('backpack_full', 'Your backpack is full. Make room before cancelling this listing.', { title: 'Backpack Full', status: 409 });
  }
  const label = listingLabel(listing.item, listing.quantity);
  return {
    placement,
    toast: { title: 'Listing Cancelled', description: `${label} has been returned to your inventory. The listing fee is non-refundable.` },
  };
}

export interface ExpiredListing {
  placement: Placement;
  /** The seller's console line. */
  message: string;
}

/**
 * DECISIONS §2 "Expired auction listings": the item returns to the seller's inventory and
 * the fee is kept. It always returns, onto an identical stack or as a new entry even when the
 * backpack is full (the player chose nothing;
 * docs/decisions/auction-trading.md, "Buying, cancelling, expiring").
 */
export function expireListing(listing: Listing, inventory: readonly InventoryEntry[], nowMs: number): ExpiredListing | null {
  if (listing.status !== 'active' || !isListingExpired(listing.expiresAt, nowMs)) return null;
  const { placed } = placeLoot(inventory, Number.POSITIVE_INFINITY, [{ item: listing.item, quantity: listing.quantity }]);
  const placement = placed[0];
  if (!placement) throw new Error('an expired listing found no place with unlimited room');
  const label = listingLabel(listing.item, listing.quantity);
  return { placement, message: `Your auction listing of ${label} expired unsold and was returned to your inventory. The listing fee is non-refundable.` };
}
