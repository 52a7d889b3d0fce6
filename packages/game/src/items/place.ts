import type { InventoryEntry, ItemData } from '../types.ts';
import { backpackUsage, findStack, stackKey } from './stack.ts';

/** Items to put away: what a won adventure drops, what a craft makes. */
export interface LootStack {
  item: ItemData;
  quantity: number;
}

/** Where one stack of loot goes: onto an entry already in the backpack, or into a free slot (null). */
export interface Placement extends LootStack {
  stackOnto: string | null;
}

export interface PlacedLoot {
  placed: Placement[];
  /** What found neither an identical stack nor a free slot. */
  leftBehind: LootStack[];
}

/**
 * Spec 02 §5 (a stack takes one slot; a full backpack takes nothing more) and §3 (stacks):
 * what of `loot` goes into a backpack of `capacity` slots holding `entries`, and what is
 * left behind. Identical stackables in the loot are put together first; each then stacks
 * onto an identical unequipped entry without needing a slot, or takes a free slot in the
 * order found, and what finds neither is left behind. Gear never stacks. Quantities of 0
 * or less are skipped.
 */
export function placeLoot(entries: readonly InventoryEntry[], capacity: number, loot: readonly LootStack[]): PlacedLoot {
  const merged: LootStack[] = [];
  const byKey = new Map<string, LootStack>();
  for (const { item, quantity } of loot) {
    if (quantity <= 0) continue;
    const key = stackKey(item);
    const same = key === null ? undefined : byKey.get(key);
    if (same) {
      same.quantity += quantity;
      continue;
    }
    const stack = { item, quantity };
    merged.push(stack);
    if (key !== null) byKey.set(key, stack);
  }

  let used = backpackUsage(entries);
  const result: PlacedLoot = { placed: [], leftBehind: [] };
  for (const stack of merged) {
    const onto = findStack(entries, stack.item);
    if (onto) {
      result.placed.push({ ...stack, stackOnto: onto.id });
    } else if (used < capacity) {
      used += 1;
      result.placed.push({ ...stack, stackOnto: null });
    } else {
      result.leftBehind.push(stack);
    }
  }
  return result;
}
