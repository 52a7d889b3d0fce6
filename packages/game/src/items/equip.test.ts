import { describe, expect, it } from 'vitest';
import { copper } from '../currency/copper.ts';
import type { GearSlot, InventoryEntry, ItemData } from '../types.ts';
import { equip, unequip } from './equip.ts';
import { ruleErrorOf as caught } from '../errors.testutil.ts';

const gear = (name: string, slot: GearSlot): ItemData => ({
  kind: 'gear',
  name,
  tier: 'common',
  slot,
  stats: { defense: 1 },
  description: '',
  price: copper(10),
});
const potion: ItemData = { kind: 'potion', name: 'Minor Health Potion', tier: 'common', target: 'health', potency: 3, description: '', price: copper(10) };
const entry = (id: string, item: ItemData, equipped = false): InventoryEntry => ({ id, item, equipped, quantity: 1 });

describe('equip (spec 02 §4 items, §5 items, potions, equipment)', () => {
  it('refuses an entry that is not in the inventory', () => {
    const error = caught(() => equip([], 'missing'));
    expect(error).toMatchObject({ code: 'item_not_found', title: 'Item Not Found', message: 'This item is not in your inventory' });
  });

  it('refuses anything that is not gear', () => {
    const error = caught(() => equip([entry('p', potion)], 'p'));
    expect(error).toMatchObject({
      code: 'not_equippable',
      title: 'Cannot Equip',
      message: 'Minor Health Potion cannot be equipped. Only gear can be equipped.',
    });
  });

  it("refuses an item already equipped with 'Item Already Equipped'", () => {
    const error = caught(() => equip([entry('h', gear('Iron Helm', 'head'), true)], 'h'));
    expect(error).toMatchObject({ code: 'already_equipped', title: 'Item Already Equipped', message: 'Iron Helm is already equipped.' });
  });

  it('equips into an empty slot', () => {
    const entries = [entry('h', gear('Iron Helm', 'head')), entry('b', gear('Boots', 'feet'), true)];
    const result = equip(entries, 'h');
    expect(result.unequippedId).toBeNull();
    expect(result.entries.map((e) => [e.id, e.equipped])).toEqual([
      ['h', true],
      ['b', true],
    ]);
    expect(entries[0]?.equipped).toBe(false);
  });

  it('unequips the item in the same slot, even with a full backpack', () => {
    const entries = [entry('old', gear('Old Helm', 'head'), true), entry('new', gear('New Helm', 'head')), entry('c', gear('Cape', 'cloak'), true)];
    const result = equip(entries, 'new');
    expect(result.unequippedId).toBe('old');
    expect(result.entries.map((e) => [e.id, e.equipped])).toEqual([
      ['old', false],
      ['new', true],
      ['c', true],
    ]);
  });
});

describe('unequip (spec 02 §5 items, potions, equipment)', () => {
  it('refuses an entry that is not in the inventory', () => {
    expect(caught(() => unequip([], 'x', 8))).toMatchObject({ code: 'item_not_found', title: 'Item Not Found' });
  });

  it('refuses an item that is not equipped', () => {
    const error = caught(() => unequip([entry('h', gear('Iron Helm', 'head'))], 'h', 8));
    expect(error).toMatchObject({ code: 'not_equipped', title: 'Not Equipped', message: 'Iron Helm is not equipped.' });
  });

  it("refuses with 'Backpack Full' when unequipped entries already fill every slot", () => {
    const entries = [entry('h', gear('Iron Helm', 'head'), true), entry('a', potion), entry('b', gear('Boots', 'feet'))];
    const error = caught(() => unequip(entries, 'h', 2));
    expect(error).toMatchObject({
      code: 'backpack_full',
      title: 'Backpack Full',
      message: 'Your backpack is full. Make room before unequipping Iron Helm.',
    });
  });

  it('moves the item to the backpack when a slot is free', () => {
    const entries = [entry('h', gear('Iron Helm', 'head'), true), entry('a', potion)];
    const result = unequip(entries, 'h', 2);
    expect(result.entries.map((e) => [e.id, e.equipped])).toEqual([
      ['h', false],
      ['a', false],
    ]);
  });
});
