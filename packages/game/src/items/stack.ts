import type { InventoryEntry, ItemData } from '../types.ts';

/** JSON with object keys sorted, so two equal items give the same text whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${fields.map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Spec 02 §3/§5 stacks (a quantity on one row): consumables, materials and scrolls stack
 * only onto an identical item, every field equal (name, tier, restore, potency, price,
 * sell price, description), since a stack keeps one item's data: a cheap Bread Loaf
 * must never merge into a better one and sell at its price. Gear never stacks (null).
 */
export function stackKey(item: ItemData): string | null {
  if (item.kind === 'gear') return null;
  return `${item.kind}:${canonical(item)}`;
}

/** The unequipped entry `item` would stack onto, if any. */
export function findStack(entries: readonly InventoryEntry[], item: ItemData): InventoryEntry | undefined {
  const key = stackKey(item);
  if (key === null) return undefined;
  return entries.find((entry) => !entry.equipped && stackKey(entry.item) === key);
}

/** Spec 02 §5: backpack slots in use = unequipped entries (a stack takes one slot). */
export function backpackUsage(entries: readonly InventoryEntry[]): number {
  return entries.filter((entry) => !entry.equipped).length;
}

export type BackpackFill = 'normal' | 'warning' | 'danger';

/** Spec 02 §2: the capacity bar turns yellow at 75% full or more and red at 90% or more. */
export function backpackFill(used: number, capacity: number): BackpackFill {
  if (capacity <= 0) return 'danger';
  const ratio = used / capacity;
  if (ratio >= 0.9) return 'danger';
  if (ratio >= 0.75) return 'warning';
  return 'normal';
}
