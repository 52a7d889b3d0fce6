import { copper, type Copper } from '../currency/copper.ts';
import { RuleError } from '../errors.ts';
import type { InventoryEntry, ItemData, Tier } from '../types.ts';

/**
 * Spec 02 §9 "Selling" gives three readings; they are reconciled into one rule
 * (docs/decisions/items.md, "Selling"), per unit, then times the quantity:
 *  1. an explicit sellPrice wins;
 *  2. gear: half its price (the 50% default), never below the inventory-sale
 *     amount of its tier (5, 20, 50, 200, 500 copper);
 *  3. anything without a slot (potion, food, material, scroll): 60% of its price,
 *     at least 3 copper; an item with no price at all uses the consumable-panel
 *     amount of its tier (5, 15, 35, 150, 400 copper).
 * Every fraction rounds down.
 */
export const GEAR_SELL_FLOOR: Readonly<Record<Tier, number>> = {
  common: 5,
  uncommon: 20,
  rare: 50,
  epic: 200,
  legendary: 500,
};
export const GEAR_SELL_RATE = 0.5;
export const NON_SLOT_SELL_RATE = 0.6;
export const NON_SLOT_SELL_MINIMUM = 3;
export const UNPRICED_SELL_VALUE: Readonly<Record<Tier, number>> = {
  common: 5,
  uncommon: 15,
  rare: 35,
  epic: 150,
  legendary: 400,
};

/** What one unit sells for when the item carries no sellPrice (rules 2 and 3). */
export function defaultUnitSellPrice(item: Pick<ItemData, 'kind' | 'tier' | 'price'>): Copper {
  if (item.kind === 'gear') {
    return copper(Math.max(GEAR_SELL_FLOOR[item.tier], Math.floor(item.price * GEAR_SELL_RATE)));
  }
  if (item.price <= 0) return copper(UNPRICED_SELL_VALUE[item.tier]);
  return copper(Math.max(NON_SLOT_SELL_MINIMUM, Math.floor(item.price * NON_SLOT_SELL_RATE)));
}

/** What one unit sells for: its sellPrice if set, else the default. */
export function unitSellPrice(item: ItemData): Copper {
  return item.sellPrice ?? defaultUnitSellPrice(item);
}

/** Spec 02 §9: the copper a sale of `quantity` units pays at `unitPrice` each (the web's confirmation shows it). */
export function sellValueAt(unitPrice: Copper, quantity: number): Copper {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new RangeError(`sell quantity must be a positive integer, got ${quantity}`);
  }
  return copper(unitPrice * quantity);
}

/** Spec 02 §9: the copper a sale of `quantity` units of the item pays. */
export function sellValue(item: ItemData, quantity: number): Copper {
  return sellValueAt(unitSellPrice(item), quantity);
}

/**
 * Spec 02 §9: a sale of `quantity` units of an entry is refused when the entry is worn (take it
 * off first, so a stray click never sells worn gear) or holds fewer units.
 */
export function checkSale(entry: Pick<InventoryEntry, 'item' | 'quantity' | 'equipped'>, quantity: number): void {
  const { name } = entry.item;
  if (entry.equipped) throw new RuleError('item_equipped', `Unequip ${name} before selling it.`, { title: 'Item Equipped', status: 409 });
  if (quantity > entry.quantity) {
    throw new RuleError('not_enough_items', `You only have ${entry.quantity} ${name}.`, { title: 'Not Enough Items' });
  }
}
