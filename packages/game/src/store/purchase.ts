import { sameBackpack, type Backpack } from '../content/backpacks.ts';
import { copper, formatCoins, type Copper } from '../currency/copper.ts';
import { RuleError } from '../errors.ts';
import { backpackUsage, findStack } from '../items/stack.ts';
import type { InventoryEntry, ItemData } from '../types.ts';
import type { StoreOffer } from './generate.ts';

export interface InventoryState {
  entries: readonly InventoryEntry[];
  backpack: Backpack;
}

/** What a purchase changes in the inventory; the caller stores it. */
export type PurchaseChange =
  /** A new inventory entry (gear, or a potion or food not yet owned), unequipped. */
  | { type: 'add'; item: ItemData; quantity: 1 }
  /** An owned stack of the same potion or food, raised by 1 to `quantity`. */
  | { type: 'stack'; entryId: string; quantity: number }
  /** The bought backpack replaces the current one (which is not refunded). */
  | { type: 'backpack'; backpack: Backpack; previous: Backpack };

export interface PurchaseResult {
  /** The offer, now marked sold. */
  offer: StoreOffer;
  spent: Copper;
  /** The balance after paying (never below 0). */
  wallet: Copper;
  change: PurchaseChange;
  toast: { title: 'Purchase Successful'; description: string };
}

/**
 * Spec 03 §4/§5/§8: buys one store offer. Refused, in this order, when the offer
 * is sold, when the backpack on offer is the one already equipped, when funds are
 * short (the spec's 'Not enough money – You need {price} to buy this item.'), when
 * a new backpack has fewer slots than the unequipped entries, or when a new entry
 * does not fit in the backpack. A potion or food already owned stacks (+1).
 */
export function purchase(offer: StoreOffer, wallet: Copper, inventory: InventoryState): PurchaseResult {
  if (offer.sold) {
    throw new RuleError('offer_sold', `${offer.item.name} has already been sold. New items arrive at the next refresh.`, {
      title: 'Sold Out',
      status: 409,
    });
  }
  const backpackOffer = offer.section === 'backpacks' ? offer.item : null;
  if (backpackOffer && sameBackpack(backpackOffer, inventory.backpack)) {
    throw new RuleError('backpack_equipped', `You already have the ${backpackOffer.name} equipped.`, { title: 'Equipped', status: 409 });
  }
  if (offer.price > wallet) {
    throw new RuleError('insufficient_funds', `Not enough money – You need ${formatCoins(offer.price)} to buy this item.`, {
      title: 'Not enough money',
    });
  }

  const used = backpackUsage(inventory.entries);
  let change: PurchaseChange;
  if (offer.section === 'backpacks') {
    const backpack = offer.item;
    if (backpack.slots < used) {
      throw new RuleError('backpack_too_small', `The ${backpack.name} has only ${backpack.slots} slots, but you carry ${used} items. Sell or use some first.`, {
        title: 'Backpack Too Small',
      });
    }
    change = { type: 'backpack', backpack, previous: inventory.backpack };
  } else {
    const item: ItemData = offer.item;
    const stack = findStack(inventory.entries, item);
    if (stack) {
      change = { type: 'stack', entryId: stack.id, quantity: stack.quantity + 1 };
    } else {
      if (used >= inventory.backpack.slots) {
        throw new RuleError('backpack_full', `Your backpack is full. Make room before buying ${item.name}.`, { title: 'Backpack Full' });
      }
      change = { type: 'add', item, quantity: 1 };
    }
  }

  return {
    offer: { ...offer, sold: true },
    spent: offer.price,
    wallet: copper(wallet - offer.price),
    change,
    toast: { title: 'Purchase Successful', description: `You bought ${offer.item.name} for ${formatCoins(offer.price)}` },
  };
}

/** Spec 03 §4: the texts of an offer the store no longer holds. */
export const OFFER_NOT_FOUND = 'This item is not in your store.';
export const STORE_RESTOCKED = 'The store has restocked. Take a look at the new items.';

/** An offer id that is not one of this character's offers (or not an id at all). */
export function offerNotFound(): RuleError {
  return new RuleError('offer_not_found', OFFER_NOT_FOUND, { title: 'Item Not Found', status: 404 });
}

/** Spec 03 §4: an offer of an earlier window is refused once the store has restocked. */
export function checkOfferWindow(offerWindowStart: number, currentWindowStart: number): void {
  if (offerWindowStart !== currentWindowStart) throw new RuleError('store_restocked', STORE_RESTOCKED, { title: 'Store Restocked', status: 409 });
}
