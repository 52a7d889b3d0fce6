/**
 * The economy's ledger (issue 29): every change of copper, chips and items is a movement from one
 * account to another, so the world's sources and sinks balance as the characters do. Pure: the
 * server stores these rows in the transaction that makes the change (db/queries/ledger.ts).
 */

export const LEDGER_ASSETS = ['copper', 'chips', 'item'] as const;
export type LedgerAsset = (typeof LEDGER_ASSETS)[number];

/**
 * The world's accounts (sources and sinks). A character's account is `{ character: id }`;
 * `escrow` holds listed items, one item row per auction listing.
 */
export const WORLD_ACCOUNTS = [
  'opening', // balances that predate the ledger (the migration's opening entries)
  'new_character', // the starting copper of a new character
  'adventures', // copper and drops won on adventures
  'store', // bought from and sold to the store
  'auction_fees', // listing fees and the 5% kept on a sale
  'escrow', // items listed on the auction house
  'cashier', // copper <-> chips (the 5% kept on cashing out)
  'poker_table', // chips at stake in a hand, and what the bot won or lost
  'crafting', // ingredients taken, crafted items given
  'battle_pass', // battle-pass rewards
  'first_steps', // the guided start's rewards (issue 44)
  'chests', // what an opened chest holds
  'void', // used up (potions, food, scrolls, chests) or gone with a deleted character
  'dev_grants', // development-only grants (DEV_GRANTS=1)
] as const;
export type WorldAccount = (typeof WORLD_ACCOUNTS)[number];
export type LedgerAccount = WorldAccount | { character: string };

export const LEDGER_REASONS = [
  'opening',
  'character_created',
  'character_deleted',
  'adventure',
  'store_buy',
  'store_sell',
  'item_used',
  'chest',
  'auction_list',
  'auction_fee',
  'auction_sale',
  'auction_cancel',
  'auction_expiry',
  'gift',
  'chips_buy',
  'chips_sell',
  'poker',
  'craft',
  'scroll',
  'battle_pass',
  'first_steps',
  'dev_grant',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** One movement: `amount` copper or chips, or `amount` units of an item, from one account to another. */
export interface LedgerMovement {
  asset: LedgerAsset;
  amount: number;
  from: LedgerAccount;
  to: LedgerAccount;
  reason: LedgerReason;
  /** What caused it: an adventure, listing, gift or craft id. */
  cause?: string | undefined;
  /** Items: the name, and the rows the units left and went to (an inventory row, or a listing in escrow). */
  itemName?: string | undefined;
  fromItem?: string | undefined;
  toItem?: string | undefined;
}

interface Why {
  reason: LedgerReason;
  cause?: string | undefined;
}

/** `amount` copper from one account to another (nothing for 0). */
export function copperMovement(from: LedgerAccount, to: LedgerAccount, amount: number, why: Why): LedgerMovement[] {
  return amount > 0 ? [{ asset: 'copper', amount, from, to, ...why }] : [];
}

/** `amount` chips from one account to another (nothing for 0). */
export function chipsMovement(from: LedgerAccount, to: LedgerAccount, amount: number, why: Why): LedgerMovement[] {
  return amount > 0 ? [{ asset: 'chips', amount, from, to, ...why }] : [];
}

/**
 * A signed change of a character's copper against a world account: a gain comes from it, a loss
 * goes to it (an adventure's copper may be either).
 */
export function copperChange(character: string, world: WorldAccount, delta: number, why: Why): LedgerMovement[] {
  return delta >= 0 ? copperMovement(world, { character }, delta, why) : copperMovement({ character }, world, -delta, why);
}

/** Units of an item leaving a character's row for an account (and its row, for escrow). */
export function itemsOut(
  character: string,
  row: string,
  item: { name: string },
  quantity: number,
  to: LedgerAccount,
  why: Why,
  toItem?: string,
): LedgerMovement[] {
  if (quantity <= 0) return [];
  return [{ asset: 'item', amount: quantity, from: { character }, to, fromItem: row, toItem, itemName: item.name, ...why }];
}

/** Units of items arriving in a character's rows (as addItems placed them) from an account (and its row). */
export function itemsIn(
  character: string,
  added: ReadonlyArray<{ entryId: string; item: { name: string }; quantity: number }>,
  from: LedgerAccount,
  why: Why,
  fromItem?: string,
): LedgerMovement[] {
  return added
    .filter((a) => a.quantity > 0)
    .map((a) => ({ asset: 'item' as const, amount: a.quantity, from, to: { character }, fromItem, toItem: a.entryId, itemName: a.item.name, ...why }));
}
