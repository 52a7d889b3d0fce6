import { queryKeys, inventoryViewSchema, type InventoryView } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { characterPath } from './paths';

/**
 * GET /api/characters/:id/inventory, read for the recipe scrolls. It shares the ['inventory', id]
 * cache entry with the items feature, so it parses the same contract shape and never changes it.
 */
function fetchInventory(characterId: string, signal?: AbortSignal): Promise<InventoryView> {
  return apiFetch(characterPath(characterId, 'inventory'), inventoryViewSchema, { signal });
}

export interface ScrollEntry {
  /** The inventory entry id, for POST .../crafting/scrolls/:entryId/read. */
  id: string;
  name: string;
  recipeId: string;
  quantity: number;
}

export function selectScrolls(view: InventoryView): ScrollEntry[] {
  return view.entries.flatMap((entry) =>
    entry.item.kind === 'scroll' && !entry.equipped ? [{ id: entry.id, name: entry.item.name, recipeId: entry.item.recipeId, quantity: entry.quantity }] : [],
  );
}

/** The recipe scrolls in the backpack of `characterId`. */
export function useRecipeScrolls(characterId: string) {
  return useQuery({ queryKey: queryKeys.inventory(characterId), queryFn: ({ signal }) => fetchInventory(characterId, signal), select: selectScrolls });
}
