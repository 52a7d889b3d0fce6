import { RuleError } from '../errors.ts';
import type { GearItem, InventoryEntry } from '../types.ts';
import { backpackUsage } from './stack.ts';

export interface EquipResult {
  entries: InventoryEntry[];
  /** The entry that left the same slot, if one did. */
  unequippedId: string | null;
}

export interface UnequipResult {
  entries: InventoryEntry[];
}

/** Toast 'Item Not Found' / 'This item is not in your inventory' (spec 02 §8). */
export function itemNotFound(): RuleError {
  return new RuleError('item_not_found', 'This item is not in your inventory', { title: 'Item Not Found', status: 404 });
}

/** The entry, or 'Item Not Found' (spec 02 §8). */
export function findEntry(entries: readonly InventoryEntry[], entryId: string): InventoryEntry {
  const entry = entries.find((candidate) => candidate.id === entryId);
  if (!entry) throw itemNotFound();
  return entry;
}

function asGear(entry: InventoryEntry): InventoryEntry & { item: GearItem } {
  if (entry.item.kind !== 'gear') {
    throw new RuleError('not_equippable', `${entry.item.name} cannot be equipped. Only gear can be equipped.`, { title: 'Cannot Equip' });
  }
  return entry as InventoryEntry & { item: GearItem };
}

/**
 * Spec 02 §4/§5: equips a gear entry. Any item already in the same slot goes
 * back to the backpack (the swap needs no free slot). Refused for an entry
 * already equipped and for anything that is not gear.
 */
export function equip(entries: readonly InventoryEntry[], entryId: string): EquipResult {
  const entry = asGear(findEntry(entries, entryId));
  if (entry.equipped) {
    throw new RuleError('already_equipped', `${entry.item.name} is already equipped.`, { title: 'Item Already Equipped' });
  }
  let unequippedId: string | null = null;
  const next = entries.map((candidate) => {
    if (candidate.id === entryId) return { ...candidate, equipped: true };
    if (candidate.equipped && candidate.item.kind === 'gear' && candidate.item.slot === entry.item.slot) {
      unequippedId = candidate.id;
      return { ...candidate, equipped: false };
    }
    return candidate;
  });
  return { entries: next, unequippedId };
}

/**
 * Spec 02 §5: takes an equipped item off into the backpack; refused with
 * 'Backpack Full' when the unequipped entries already fill every slot.
 */
export function unequip(entries: readonly InventoryEntry[], entryId: string, capacity: number): UnequipResult {
  const entry = findEntry(entries, entryId);
  if (!entry.equipped) {
    throw new RuleError('not_equipped', `${entry.item.name} is not equipped.`, { title: 'Not Equipped' });
  }
  if (backpackUsage(entries) >= capacity) {
    throw new RuleError('backpack_full', `Your backpack is full. Make room before unequipping ${entry.item.name}.`, {
      title: 'Backpack Full',
    });
  }
  return { entries: entries.map((candidate) => (candidate.id === entryId ? { ...candidate, equipped: false } : candidate)) };
}
