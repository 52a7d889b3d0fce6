import type { InventoryEntry, ItemData } from '../types.ts';

/**
 * Consumables, materials and scrolls stack by kind + name (case-insensitive) + tier;
 * gear never stacks (null).
 */
export function stackKey(item: ItemData): string | null {
  if (item.kind === 'gear') return null;
  return `${item.kind}:${item.name.trim().toLowerCase()}:${item.tier}`;
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
