import type { InventoryEntryView, ItemDataView } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { backpackEntries, matchesSearch, searchEntries } from './search';

function entry(id: string, item: Partial<ItemDataView> & Pick<ItemDataView, 'name'>, equipped = false): InventoryEntryView {
  const gear: ItemDataView = { kind: 'gear', tier: 'common', slot: 'mainHand', stats: { attack: 3 }, description: '', price: 10, ...item } as ItemDataView;
  return { id, item: gear, quantity: 1, equipped, unitSellValue: 5 };
}

const sword = entry('1', { name: 'Common Iron Sword' });
const helm = entry('2', { name: 'Rare Steel Helm', tier: 'rare', slot: 'head' } as Partial<ItemDataView> & { name: string });
const potion: InventoryEntryView = {
  id: '3',
  item: { kind: 'potion', name: 'Minor Health Potion', tier: 'common', target: 'health', potency: 3, description: '', price: 10 },
  quantity: 2,
  equipped: false,
  unitSellValue: 6,
};

describe('backpack search (spec 02 section 2: the backpack drawer)', () => {
  it('finds nothing for a word no item carries', () => {
    expect(searchEntries([sword, helm, potion], 'dragon')).toEqual([]);
  });

  it('matches every item on a blank query', () => {
    expect(searchEntries([sword, helm, potion], '   ')).toEqual([sword, helm, potion]);
  });

  it('matches the name case-insensitively and needs every word', () => {
    expect(matchesSearch(sword, 'iron SWORD')).toBe(true);
    expect(matchesSearch(sword, 'iron helm')).toBe(false);
  });

  it('matches the tier and the kind', () => {
    expect(searchEntries([sword, helm, potion], 'rare')).toEqual([helm]);
    expect(searchEntries([sword, helm, potion], 'main hand')).toEqual([sword]);
    expect(searchEntries([sword, helm, potion], 'health potion')).toEqual([potion]);
  });

  it('lists unequipped entries only, in order', () => {
    const worn = entry('4', { name: 'Worn Boots' }, true);
    expect(backpackEntries([sword, worn, potion])).toEqual([sword, potion]);
  });
});
