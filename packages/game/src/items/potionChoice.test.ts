import { describe, expect, it } from 'vitest';
import { storePotion } from '../content/potions.ts';
import { copper } from '../currency/copper.ts';
import type { InventoryEntry, ItemData } from '../types.ts';
import { weakestPotion } from './potionChoice.ts';

const entry = (id: string, item: ItemData): InventoryEntry => ({ id, item, equipped: false, quantity: 1 });
const elixir = (potency: number): ItemData => ({
  kind: 'potion',
  name: `Elixir ${potency}`,
  tier: 'rare',
  target: 'both',
  potency,
  description: '',
  price: copper(100),
});

describe('/potion picks the weakest potion (spec 02 §5 "/potion [health|mana]")', () => {
  it('finds nothing without a potion for the target or an elixir', () => {
    expect(weakestPotion([entry('m', storePotion('mana', 'common'))], 'health')).toBeUndefined();
    expect(weakestPotion([], 'mana')).toBeUndefined();
  });

  it('drinks the lowest potency, then the cheapest, then the oldest', () => {
    const entries = [
      entry('strong', storePotion('health', 'rare')),
      entry('weak-old', storePotion('health', 'common')),
      entry('weak-new', storePotion('health', 'common')),
      entry('weak-dear', { ...storePotion('health', 'common'), price: copper(99) }),
      entry('mana', storePotion('mana', 'common')),
    ];
    expect(weakestPotion(entries, 'health')?.id).toBe('weak-old');
    expect(weakestPotion(entries, 'mana')?.id).toBe('mana');
  });

  it('drinks an elixir only when no potion of the target is left, the weakest first', () => {
    const entries = [entry('big', elixir(20)), entry('small', elixir(5)), entry('h', storePotion('health', 'legendary'))];
    expect(weakestPotion(entries, 'health')?.id).toBe('h');
    expect(weakestPotion(entries, 'mana')?.id).toBe('small');
  });
});
