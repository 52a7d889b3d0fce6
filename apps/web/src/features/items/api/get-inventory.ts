import { queryKeys, inventoryViewSchema, type InventoryView } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/characters/:id/inventory: every entry (equipped too), capacity and effective stats. */
export function fetchInventory(characterId: string, signal?: AbortSignal): Promise<InventoryView> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/inventory`, inventoryViewSchema, { signal });
}

/** The inventory of `characterId`; idle while there is none. */
export function useInventoryQuery(characterId: string | null) {
  return useQuery({
    queryKey: queryKeys.inventory(characterId ?? ''),
    queryFn: ({ signal }) => fetchInventory(characterId ?? '', signal),
    enabled: characterId !== null,
  });
}
