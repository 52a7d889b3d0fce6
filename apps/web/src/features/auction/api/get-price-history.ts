import { auctionHistorySchema, queryKeys, type AuctionHistory } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/auction/history?name=: the last sales of an item name, newest first. */
export function fetchPriceHistory(name: string, signal?: AbortSignal): Promise<AuctionHistory> {
  return apiFetch(`/api/auction/history?${new URLSearchParams({ name })}`, auctionHistorySchema, { signal });
}

/** Idle until an item is picked. */
export function usePriceHistory(name: string | null) {
  return useQuery({
    queryKey: queryKeys.auctionHistory(name ?? ''),
    queryFn: ({ signal }) => fetchPriceHistory(name ?? '', signal),
    enabled: name !== null,
  });
}
