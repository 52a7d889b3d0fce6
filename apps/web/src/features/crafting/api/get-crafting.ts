import { queryKeys, craftingViewSchema, type CraftingView } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { characterPath } from './paths';

/** GET /api/characters/:id/crafting: level, bonuses, recipes and the craft (a due craft is settled first). */
export function fetchCrafting(characterId: string, signal?: AbortSignal): Promise<CraftingView> {
  return apiFetch(characterPath(characterId, 'crafting'), craftingViewSchema, { signal });
}

export function useCraftingQuery(characterId: string) {
  return useQuery({ queryKey: queryKeys.crafting(characterId), queryFn: ({ signal }) => fetchCrafting(characterId, signal) });
}
