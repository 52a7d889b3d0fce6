import { describe, expect, it } from 'vitest';
import { BACKPACKS, DEFAULT_BACKPACK } from '../content/backpacks.ts';
import { storePotion } from '../content/potions.ts';
import { copper } from '../currency/copper.ts';
import type { FoodItem, GearItem, InventoryEntry, ItemData } from '../types.ts';
import type { StoreOffer } from './generate.ts';
import { purchase, type InventoryState } from './purchase.ts';
import { ruleErrorOf as caught } from '../errors.testutil.ts';

const helm: GearItem = {
  kind: 'gear',
  name: 'Rare Iron Helm',
  tier: 'rare',
  slot: 'head',
  stats: { defense: 4 },
  description: '',
  price: copper(4_250),
  sellPrice: copper(2_125),
};
const potion = storePotion('health', 'rare'); // 1s 25c
const stew: FoodItem = { kind: 'food', name: 'Hearty Stew', tier: 'uncommon', healthRestore: 24, description: '', price: copper(108) };

const gearOffer: StoreOffer = { id: 'gear-0', section: 'gear', item: helm, price: helm.price, sold: false };
const potionOffer: StoreOffer = { id: 'potion-0', section: 'potions', item: potion, price: potion.price, sold: false };
const foodOffer: StoreOffer = { id: 'food-0', section: 'food', item: stew, price: stew.price, sold: false };
const backpackOffer = (tier: keyof typeof BACKPACKS): StoreOffer => ({
  id: 'backpack-0',
  section: 'backpacks',
  item: BACKPACKS[tier],
  price: BACKPACKS[tier].price,
  sold: false,
});

const filler = (count: number, equipped = false): InventoryEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `f${i}`,
    item: { kind: 'gear', name: `Filler ${i}`, tier: 'common', slot: 'cloak', stats: { defense: 1 }, description: '', price: copper(5) } as ItemData,
    quantity: 1,
    equipped,
  }));
const inventory = (entries: InventoryEntry[] = [], backpack = DEFAULT_BACKPACK): InventoryState => ({ entries, backpack });

describe('store purchase (spec 03 §4 store, §5 store purchase, §8 store toasts)', () => {
  it('refuses an offer already sold', () => {
    const error = caught(() => purchase({ ...gearOffer, sold: true }, copper(100_000), inventory()));
    expect(error).toMatchObject({
      code: 'offer_sold',
      title: 'Sold Out',
      status: 409,
      message: 'Rare Iron Helm has already been sold. New items arrive at the next refresh.',
    });
  });

  it("refuses the backpack already equipped ('Equipped')", () => {
    const error = caught(() => purchase(backpackOffer('common'), copper(100_000), inventory()));
    expect(error).toMatchObject({ code: 'backpack_equipped', title: 'Equipped', message: "You already have the Adventurer's Pack equipped." });
  });

  it("refuses short funds with 'Not enough money – You need {price} to buy this item.'", () => {
    const error = caught(() => purchase(gearOffer, copper(4_249), inventory()));
    expect(error).toMatchObject({
      code: 'insufficient_funds',
      title: 'Not enough money',
      message: 'Not enough money – You need 42s 50c to buy this item.',
    });
    const legendary = caught(() => purchase(backpackOffer('legendary'), copper(0), inventory()));
    expect(legendary.message).toBe('Not enough money – You need 15g to buy this item.');
  });

  it('refuses a backpack with fewer slots than the unequipped entries', () => {
    const state = inventory([...filler(13), ...filler(3, true).map((e) => ({ ...e, id: `eq${e.id}` }))], BACKPACKS.rare);
    const error = caught(() => purchase(backpackOffer('uncommon'), copper(100_000), state));
    expect(error).toMatchObject({
      code: 'backpack_too_small',
      title: 'Backpack Too Small',
      message: "The Traveler's Backpack has only 12 slots, but you carry 13 items. Sell or use some first.",
    });
  });

  it('refuses a new entry when the backpack is full', () => {
    const error = caught(() => purchase(gearOffer, copper(100_000), inventory(filler(8))));
    expect(error).toMatchObject({ code: 'backpack_full', title: 'Backpack Full', message: 'Your backpack is full. Make room before buying Rare Iron Helm.' });
    expect(caught(() => purchase(potionOffer, copper(100_000), inventory(filler(8)))).code).toBe('backpack_full');
  });

  it('buys gear: pays the price, adds an unequipped entry, marks the offer sold', () => {
    const result = purchase(gearOffer, copper(5_000), inventory(filler(7)));
    expect(result).toEqual({
      offer: { ...gearOffer, sold: true },
      spent: 4_250,
      wallet: 750,
      change: { type: 'add', item: helm, quantity: 1 },
      toast: { title: 'Purchase Successful', description: 'You bought Rare Iron Helm for 42s 50c' },
    });
    expect(gearOffer.sold).toBe(false);
  });

  it('spends the exact balance down to 0', () => {
    expect(purchase(foodOffer, copper(108), inventory()).wallet).toBe(0);
  });

  it('buys a potion not yet owned as a new entry', () => {
    const result = purchase(potionOffer, copper(125), inventory());
    expect(result.change).toEqual({ type: 'add', item: potion, quantity: 1 });
    expect(result.toast.description).toBe('You bought Potent Health Potion for 1s 25c');
  });

  it('stacks a potion or food already owned (+1), even with a full backpack', () => {
    const owned: InventoryEntry[] = [...filler(7), { id: 'stew', item: stew, quantity: 2, equipped: false }];
    const result = purchase(foodOffer, copper(1_000), inventory(owned));
    expect(result.change).toEqual({ type: 'stack', entryId: 'stew', quantity: 3 });
    expect(result.wallet).toBe(892);
    const rarePotion: InventoryEntry = { id: 'p', item: { ...potion, tier: 'epic' }, quantity: 1, equipped: false };
    expect(purchase(potionOffer, copper(1_000), inventory([rarePotion])).change.type).toBe('add');
  });

  it('buys a backpack: it replaces the current one', () => {
    const result = purchase(backpackOffer('rare'), copper(10_000), inventory(filler(8)));
    expect(result.change).toEqual({ type: 'backpack', backpack: BACKPACKS.rare, previous: DEFAULT_BACKPACK });
    expect(result.wallet).toBe(4_000);
    expect(result.toast).toEqual({ title: 'Purchase Successful', description: 'You bought Enchanted Satchel for 60s' });
  });

  it('allows a smaller backpack when the unequipped entries still fit', () => {
    const result = purchase(
      backpackOffer('uncommon'),
      copper(10_000),
      inventory([...filler(12), ...filler(4, true).map((e) => ({ ...e, id: `eq${e.id}` }))], BACKPACKS.epic),
    );
    expect(result.change).toMatchObject({ type: 'backpack', backpack: BACKPACKS.uncommon, previous: BACKPACKS.epic });
  });
});
