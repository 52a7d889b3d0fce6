import { describe, expect, it } from 'vitest';
import { copper } from '../currency/copper.ts';
import { ruleErrorOf as caught } from '../errors.testutil.ts';
import type { FoodItem, GearItem, InventoryEntry } from '../types.ts';
import { buyListing, LISTING_GONE } from './buy.ts';
import { cancelListing, expireListing } from './cancel.ts';
import { createListing } from './create.ts';
import type { Listing, Trader } from './listing.ts';

const HOUR = 3_600_000;
const sword: GearItem = { kind: 'gear', name: 'Iron Sword', tier: 'uncommon', slot: 'mainHand', stats: { attack: 3 }, description: '', price: copper(500) };
const bread: FoodItem = { kind: 'food', name: 'Bread Loaf', tier: 'common', healthRestore: 5, description: '', price: copper(8) };
const entry = (over: Partial<InventoryEntry> = {}): InventoryEntry => ({ id: 'e1', item: sword, quantity: 1, equipped: false, ...over });
const filler = (n: number): InventoryEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: `f${i}`, item: { ...sword, name: `Filler ${i}` }, quantity: 1, equipped: false }));

describe('creating a listing (spec 03 §4 Created, §5 Auction listing, §8)', () => {
  const base = { entry: entry(), quantity: 1, price: 12_345, wallet: copper(1_000) };

  it("refuses no item: 'Please select an item to list'", () => {
    expect(caught(() => createListing({ ...base, entry: undefined }, 0))).toMatchObject({ code: 'no_item_selected', message: 'Please select an item to list' });
  });

  it('refuses an equipped item', () => {
    expect(caught(() => createListing({ ...base, entry: entry({ equipped: true }) }, 0))).toMatchObject({
      code: 'item_equipped',
      title: 'Item Equipped',
      message: 'Iron Sword is equipped. Unequip it before listing it.',
    });
  });

  it('refuses a quantity outside 1..the stack', () => {
    const stack = entry({ item: bread, quantity: 3 });
    for (const quantity of [0, 4, 1.5]) {
      expect(caught(() => createListing({ ...base, entry: stack, quantity }, 0))).toMatchObject({
        code: 'invalid_quantity',
        message: 'Choose how many to list: 1 to 3.',
      });
    }
  });

  it("refuses an all-zero price: 'Please set a price for your item', and one above 1,000,000 gold", () => {
    expect(caught(() => createListing({ ...base, price: 0 }, 0))).toMatchObject({ code: 'no_price', message: 'Please set a price for your item' });
    expect(caught(() => createListing({ ...base, price: 10_000_000_001 }, 0))).toMatchObject({
      code: 'price_too_high',
      message: 'The price can be at most 1000000g.',
    });
  });

  it("refuses a fee the seller cannot pay: 'Insufficient Funds'", () => {
    // 12,345 copper at 5% = ceil(617.25) = 618.
    expect(caught(() => createListing({ ...base, wallet: copper(617) }, 0))).toMatchObject({
      code: 'insufficient_funds',
      title: 'Insufficient Funds',
      message: "You don't have enough money to pay the listing fee.",
    });
  });

  it('charges the fee and ends in 48 hours', () => {
    const listed = createListing({ ...base, wallet: copper(618) }, 5_000);
    expect(listed).toEqual({
      item: sword,
      quantity: 1,
      price: 12_345,
      fee: 618,
      wallet: 0,
      expiresAt: 5_000 + 48 * HOUR,
      toast: { title: 'Item Listed', description: 'Iron Sword is listed for 1 gold, 23 silver, and 45 copper. Listing fee paid: 6s 18c.' },
    });
  });

  it('lists part of a stack', () => {
    const listed = createListing({ ...base, entry: entry({ item: bread, quantity: 5 }), quantity: 2, price: 100 }, 0);
    expect(listed).toMatchObject({ item: bread, quantity: 2, fee: 5 });
    expect(listed.toast.description).toBe('Bread Loaf x2 is listed for 0 gold, 1 silver, and 0 copper. Listing fee paid: 5c.');
  });
});

const listing = (over: Partial<Listing> = {}): Listing => ({
  sellerUserId: 'seller',
  status: 'active',
  item: sword,
  quantity: 1,
  price: copper(10_203),
  expiresAt: 48 * HOUR,
  ...over,
});
const buyer = (over: Partial<Trader> = {}): Trader => ({ userId: 'buyer', wallet: copper(20_000), inventory: [], capacity: 8, ...over });

describe("'Buy Now' (spec 03 §4 Bought, §5, §8; DECISIONS §2 payout)", () => {
  it("refuses the buyer's own listing: 'Cannot Buy Own Item'", () => {
    expect(caught(() => buyListing(listing(), buyer({ userId: 'seller' }), 0))).toMatchObject({
      code: 'own_listing',
      title: 'Cannot Buy Own Item',
      message: 'You cannot buy your own listed items.',
    });
  });

  it('refuses a listing sold, cancelled or expired a moment ago, nothing charged', () => {
    for (const status of ['sold', 'cancelled', 'expired'] as const) {
      expect(caught(() => buyListing(listing({ status }), buyer(), 0))).toMatchObject({
        code: 'listing_gone',
        status: 409,
        title: 'Listing Unavailable',
        message: LISTING_GONE,
      });
    }
    expect(caught(() => buyListing(listing(), buyer(), 48 * HOUR)).code).toBe('listing_gone');
  });

  it("refuses short funds: 'Insufficient Funds', counted in copper", () => {
    expect(caught(() => buyListing(listing(), buyer({ wallet: copper(10_202) }), 0))).toMatchObject({
      code: 'insufficient_funds',
      title: 'Insufficient Funds',
      message: "You don't have enough money to buy this item.",
    });
  });

  it('refuses when the backpack has no room', () => {
    expect(caught(() => buyListing(listing(), buyer({ inventory: filler(8) }), 0))).toMatchObject({
      code: 'backpack_full',
      title: 'Backpack Full',
      message: 'Your backpack is full. Make room before buying Iron Sword.',
    });
  });

  it('charges the full price, pays the seller floor(95%), adds the item unequipped', () => {
    const bought = buyListing(listing(), buyer({ inventory: filler(7) }), 48 * HOUR - 1, 'bob');
    expect(bought).toEqual({
      price: 10_203,
      payout: 9_692,
      houseCut: 511,
      wallet: 9_797,
      placement: { item: sword, quantity: 1, stackOnto: null },
      toast: { title: 'Item Purchased', description: 'You bought Iron Sword for 1 gold, 2 silver, and 3 copper.' },
      sellerMessage: 'Your Iron Sword sold to bob for 1g 2s 3c. You received 96s 92c after the 5% auction house fee.',
    });
  });

  it('stacks a bought stack onto an identical one, even in a full backpack; spends the exact balance', () => {
    const owned: InventoryEntry = { id: 'b', item: bread, quantity: 2, equipped: false };
    const bought = buyListing(listing({ item: bread, quantity: 3 }), buyer({ wallet: copper(10_203), inventory: [...filler(7), owned] }), 0);
    expect(bought.placement).toEqual({ item: bread, quantity: 3, stackOnto: 'b' });
    expect(bought.wallet).toBe(0);
  });
});

describe('cancelling and expiry (spec 03 §4 Cancelled; DECISIONS §2 expiry returns the item)', () => {
  const seller = (over: Partial<Trader> = {}): Trader => buyer({ userId: 'seller', ...over });

  it("refuses another player's listing as if it did not exist", () => {
    expect(caught(() => cancelListing(listing(), buyer(), 0))).toMatchObject({ code: 'listing_not_found', status: 404, message: 'Listing not found.' });
  });

  it('refuses a listing already ended', () => {
    expect(caught(() => cancelListing(listing({ status: 'sold' }), seller(), 0))).toMatchObject({
      code: 'listing_ended',
      message: 'This listing has already been sold.',
    });
    expect(caught(() => cancelListing(listing({ status: 'cancelled' }), seller(), 0)).message).toBe('This listing was already cancelled.');
    expect(caught(() => cancelListing(listing(), seller(), 48 * HOUR)).message).toBe('This listing has expired; its item is back in your inventory.');
  });

  it('refuses when the backpack has no room', () => {
    expect(caught(() => cancelListing(listing(), seller({ inventory: filler(8) }), 0))).toMatchObject({ code: 'backpack_full', title: 'Backpack Full' });
  });

  it("returns the item; the fee is not refunded ('Listing Cancelled')", () => {
    expect(cancelListing(listing(), seller(), 0)).toEqual({
      placement: { item: sword, quantity: 1, stackOnto: null },
      toast: { title: 'Listing Cancelled', description: 'Iron Sword has been returned to your inventory. The listing fee is non-refundable.' },
    });
  });

  it('expires only an active listing at or past its end, returning the item even to a full backpack', () => {
    expect(expireListing(listing(), [], 48 * HOUR - 1)).toBeNull();
    expect(expireListing(listing({ status: 'sold' }), [], 48 * HOUR)).toBeNull();
    const expired = expireListing(listing(), filler(8), 48 * HOUR);
    expect(expired).toEqual({
      placement: { item: sword, quantity: 1, stackOnto: null },
      message: 'Your auction listing of Iron Sword expired unsold and was returned to your inventory. The listing fee is non-refundable.',
    });
  });
});
