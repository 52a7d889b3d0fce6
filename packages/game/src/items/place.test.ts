import { describe, expect, it } from 'vitest';
import { copper } from '../currency/copper.ts';
import type { InventoryEntry, ItemData } from '../types.ts';
import { placeLoot } from './place.ts';

const ore: ItemData = { kind: 'material', name: 'Iron Ore', tier: 'common', materialId: 'iron-ore', biome: 'caves', description: '', price: copper(4) };
const herb: ItemData = { kind: 'material', name: 'Forest Herb', tier: 'common', materialId: 'forest-herb', biome: 'forest', description: '', price: copper(2) };
const sword: ItemData = { kind: 'gear', name: 'Common Iron Sword', tier: 'common', slot: 'mainHand', stats: { attack: 3 }, description: '', price: copper(10) };
const entry = (id: string, item: ItemData, equipped = false): InventoryEntry => ({ id, item, equipped, quantity: 1 });

describe('putting loot away (spec 02 §5 backpack slots, §3 stacks; what is left behind when the pack is full)', () => {
  it('leaves behind what finds no free slot and no identical stack, in the order found', () => {
    const full = [entry('a', sword), entry('b', { ...sword, name: 'B' })];
    const out = placeLoot(full, 2, [
      { item: herb, quantity: 2 },
      { item: sword, quantity: 1 },
    ]);
    expect(out.placed).toEqual([]);
    expect(out.leftBehind).toEqual([
      { item: herb, quantity: 2 },
      { item: sword, quantity: 1 },
    ]);
  });

  it('stacks onto an identical unequipped entry even when the backpack is full', () => {
    const full = [entry('a', ore), entry('b', sword)];
    const out = placeLoot(full, 2, [
      { item: { ...ore }, quantity: 3 },
      { item: herb, quantity: 1 },
    ]);
    expect(out.placed).toEqual([{ item: ore, quantity: 3, stackOnto: 'a' }]);
    expect(out.leftBehind).toEqual([{ item: herb, quantity: 1 }]);
  });

  it('fills free slots in order, puts identical loot together first, never stacks gear, skips empty stacks', () => {
    const out = placeLoot([entry('worn', sword, true)], 2, [
      { item: herb, quantity: 1 },
      { item: ore, quantity: 0 },
      { item: herb, quantity: 2 },
      { item: sword, quantity: 1 },
      { item: sword, quantity: 1 },
    ]);
    expect(out.placed).toEqual([
      { item: herb, quantity: 3, stackOnto: null },
      { item: sword, quantity: 1, stackOnto: null },
    ]);
    expect(out.leftBehind).toEqual([{ item: sword, quantity: 1 }]);
  });
});
