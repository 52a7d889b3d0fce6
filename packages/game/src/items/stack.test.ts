import { describe, expect, it } from 'vitest';
import { copper } from '../currency/copper.ts';
import type { InventoryEntry, ItemData } from '../types.ts';
import { backpackFill, backpackUsage, findStack, stackKey } from './stack.ts';

const potion: ItemData = { kind: 'potion', name: 'Minor Health Potion', tier: 'common', target: 'health', potency: 3, description: '', price: copper(10) };
const sword: ItemData = { kind: 'gear', name: 'Common Iron Sword', tier: 'common', slot: 'mainHand', stats: { attack: 3 }, description: '', price: copper(10) };
const entry = (id: string, item: ItemData, equipped = false, quantity = 1): InventoryEntry => ({ id, item, equipped, quantity });

describe('stacking and backpack usage (spec 02 §3 inventory item, §5 items)', () => {
  it('gear never stacks', () => {
    expect(stackKey(sword)).toBeNull();
    expect(findStack([entry('a', sword)], sword)).toBeUndefined();
  });

  it('does not stack a cheap food onto a better one of the same name (spec 02 §3 inventory item, §5 items)', () => {
    const feast: ItemData = { kind: 'food', name: 'Bread Loaf', tier: 'common', healthRestore: 15, description: 'A plain loaf.', price: copper(23) };
    const crumbs: ItemData = { ...feast, healthRestore: 5, price: copper(8) };
    expect(stackKey(crumbs)).not.toBe(stackKey(feast));
    expect(findStack([entry('good', feast, false, 3)], crumbs)).toBeUndefined();
    expect(findStack([entry('good', feast, false, 3)], { ...potion, price: copper(9) })).toBeUndefined();
    expect(findStack([entry('good', feast, false, 3)], { ...feast, sellPrice: copper(20) })).toBeUndefined();
  });

  it('stacks consumables, materials and scrolls onto an identical item only, whatever the key order', () => {
    expect(stackKey({ ...potion, name: 'MINOR health potion' })).not.toBe(stackKey(potion));
    expect(stackKey({ ...potion, tier: 'rare' })).not.toBe(stackKey(potion));
    expect(stackKey({ kind: 'food', name: 'Minor Health Potion', tier: 'common', healthRestore: 5, description: '', price: copper(8) })).not.toBe(
      stackKey(potion),
    );
    const reordered: ItemData = {
      price: copper(10),
      description: '',
      potency: 3,
      target: 'health',
      tier: 'common',
      name: 'Minor Health Potion',
      kind: 'potion',
    };
    expect(stackKey(reordered)).toBe(stackKey(potion));
    const scroll: ItemData = { kind: 'scroll', name: 'Recipe: Steel Sword', tier: 'uncommon', recipeId: 'steel-sword', description: '', price: copper(0) };
    expect(stackKey({ ...scroll })).toBe(stackKey(scroll));
    const entries = [entry('a', sword), entry('b', { ...potion, tier: 'rare' }), entry('c', potion, false, 4)];
    expect(findStack(entries, { ...potion })?.id).toBe('c');
    expect(findStack([entry('d', potion, true)], potion)).toBeUndefined();
  });

  it('counts unequipped entries, a stack as one slot', () => {
    expect(backpackUsage([])).toBe(0);
    expect(backpackUsage([entry('a', sword, true), entry('b', potion, false, 9), entry('c', { ...sword, name: 'Other' })])).toBe(2);
  });

  it('colours the capacity bar yellow from 75% and red from 90%', () => {
    expect(backpackFill(5, 8)).toBe('normal');
    expect(backpackFill(6, 8)).toBe('warning');
    expect(backpackFill(10, 12)).toBe('warning');
    expect(backpackFill(11, 12)).toBe('danger');
    expect(backpackFill(8, 8)).toBe('danger');
    expect(backpackFill(0, 0)).toBe('danger');
  });
});
