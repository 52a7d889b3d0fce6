import type { InventoryEntryView } from '@rpg/contract';
import { itemKindLabel, TIER_LABELS } from '@/lib/item-display';

/** The backpack's contents: unequipped entries, in the server's order (oldest first). */
export function backpackEntries(entries: readonly InventoryEntryView[]): InventoryEntryView[] {
  return entries.filter((entry) => !entry.equipped);
}

/**
 * The drawer's search: every word of the query must appear, case-insensitively, in the item's
 * name, tier or kind ('rare helm', 'potion', 'main hand'). A blank query matches everything.
 */
export function matchesSearch(entry: InventoryEntryView, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const { item } = entry;
  const haystack = `${item.name} ${TIER_LABELS[item.tier]} ${itemKindLabel(item)}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function searchEntries(entries: readonly InventoryEntryView[], query: string): InventoryEntryView[] {
  return entries.filter((entry) => matchesSearch(entry, query));
}
