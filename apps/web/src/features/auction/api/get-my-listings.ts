import { myAuctionsSchema, queryKeys, type MyAuctions } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/auction/mine: the player's active listings and the last ones that ended. */
export function fetchMyListings(signal?: AbortSignal): Promise<MyAuctions> {
  return apiFetch('/api/auction/mine', myAuctionsSchema, { signal });
}

export function useMyListings() {
  return useQuery({ queryKey: queryKeys.auctionMine, queryFn: ({ signal }) => fetchMyListings(signal) });
}
