import { queryKeys, storeViewSchema, type StoreView } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/characters/:id/store: this window's offers (sold marks kept), the next refresh and the wallet. */
export function fetchStore(characterId: string, signal?: AbortSignal): Promise<StoreView> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/store`, storeViewSchema, { signal });
}

export function useStoreQuery(characterId: string) {
  return useQuery({ queryKey: queryKeys.store(characterId), queryFn: ({ signal }) => fetchStore(characterId, signal) });
}
