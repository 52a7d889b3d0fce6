import { COPPER_PER_GOLD, toCoins, type Copper } from '../currency/copper.ts';
import type { InventoryEntry, ItemData } from '../types.ts';

/** Spec 03 §4: a listing is active until it is bought, cancelled or expires. */
export const LISTING_STATUSES = ['active', 'sold', 'cancelled', 'expired'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The highest price a listing may ask (the spec sets none; docs/decisions/auction-trading.md, "Listing"): 1,000,000 gold. */
export const MAX_LISTING_PRICE = 1_000_000 * COPPER_PER_GOLD;

/** A listing as the rules read it. Times are epoch ms. */
export interface Listing {
  sellerUserId: string;
  status: ListingStatus;
  item: ItemData;
  quantity: number;
  price: Copper;
  expiresAt: number;
}

/** The buyer or the seller acting on a listing: who, their money and their backpack. */
export interface Trader {
  userId: string;
  wallet: Copper;
  inventory: readonly InventoryEntry[];
  /** Backpack slots. */
  capacity: number;
}

/** 'Iron Sword', or 'Bread Loaf x3' for several of a stack. */
export function listingLabel(item: Pick<ItemData, 'name'>, quantity: number): string {
  return quantity > 1 ? `${item.name} x${quantity}` : item.name;
}

/** Spec 03 §8: '{g} gold, {s} silver, and {c} copper'. */
export function coinsSentence(amount: Copper): string {
  const { gold, silver, copper } = toCoins(amount);
  return `${gold} gold, ${silver} silver, and ${copper} copper`;
}
