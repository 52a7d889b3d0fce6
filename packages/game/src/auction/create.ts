import { copper, formatCoins, type Copper } from '../currency/copper.ts';
import { RuleError } from '../errors.ts';
import type { InventoryEntry, ItemData } from '../types.ts';
import { listingExpiresAt } from './expiry.ts';
import { listingFee } from './fee.ts';
import { coinsSentence, listingLabel, MAX_LISTING_PRICE } from './listing.ts';

export interface CreateListingInput {
  /** The inventory entry picked (undefined: none picked, or not the seller's). */
  entry: InventoryEntry | undefined;
  /** How many of the stack to list (1 for gear). */
  quantity: number;
  /** The asking price for the whole listing, in copper. */
  price: number;
  /** The seller's money before the fee. */
  wallet: Copper;
}

export interface CreatedListing {
  item: ItemData;
  quantity: number;
  price: Copper;
  fee: Copper;
  /** The seller's money after the fee. */
  wallet: Copper;
  expiresAt: number;
  toast: { title: 'Item Listed'; description: string };
}

/**
 * Spec 03 §4/§5 "Auction listing": an item must be picked ('Please select an item to list'),
 * it must not be equipped, the quantity is 1..the stack, the price is not all zero
 * ('Please set a price for your item') nor above MAX_LISTING_PRICE, and the seller must
 * afford the fee ('Insufficient Funds'). The item leaves the inventory and the fee is paid;
 * the listing lasts 48 hours.
 */
export function createListing(input: CreateListingInput, nowMs: number, timeScale = 1): CreatedListing {
  const { entry, quantity, price } = input;
  if (!entry) throw new RuleError('no_item_selected', 'Please select an item to list', { title: 'No Item Selected' });
  if (entry.equipped) {
    throw new RuleError('item_equipped', `${entry.item.name} is equipped. Unequip it before listing it.`, { title: 'Item Equipped' });
  }
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > entry.quantity) {
    throw new RuleError('invalid_quantity', `Choose how many to list: 1 to ${entry.quantity}.`, { title: 'Invalid Quantity' });
  }
  if (!Number.isSafeInteger(price) || price <= 0) {
    throw new RuleError('no_price', 'Please set a price for your item', { title: 'No Price Set' });
  }
  if (price > MAX_LISTING_PRICE) {
    throw new RuleError('price_too_high', `The price can be at most ${formatCoins(copper(MAX_LISTING_PRICE))}.`, { title: 'Price Too High' });
  }
  const asked = copper(price);
  const fee = listingFee(asked);
  if (fee > input.wallet) {
    throw new RuleError('insufficient_funds', "You don't have enough money to pay the listing fee.", { title: 'Insufficient Funds' });
  }
  const label = listingLabel(entry.item, quantity);
  return {
    item: entry.item,
    quantity,
    price: asked,
    fee,
    wallet: copper(input.wallet - fee),
    expiresAt: listingExpiresAt(nowMs, timeScale),
    toast: { title: 'Item Listed', description: `${label} is listed for ${coinsSentence(asked)}. Listing fee paid: ${formatCoins(fee)}.` },
  };
}
