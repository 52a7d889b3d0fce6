import { auctionBrowseSchema, queryKeys, type AuctionBrowse, type AuctionSort } from '@rpg/contract';
import type { GearSlot, Tier } from '@rpg/game';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export interface BrowseParams {
  search: string;
  tier: Tier | '';
  slot: GearSlot | 'other' | '';
  sort: AuctionSort;
  page: number;
}

/** The query string of a browse (empty filters left out). */
export function browseQueryString(params: BrowseParams): string {
  const query = new URLSearchParams();
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.tier) query.set('tier', params.tier);
  if (params.slot) query.set('slot', params.slot);
  query.set('sort', params.sort);
  if (params.page > 1) query.set('page', String(params.page));
  return query.toString();
}

/** GET /api/auction/listings: other players' active listings (spec 03 section 2 'Browse Auctions'). */
export function fetchListings(params: BrowseParams, signal?: AbortSignal): Promise<AuctionBrowse> {
  return apiFetch(`/api/auction/listings?${browseQueryString(params)}`, auctionBrowseSchema, { signal });
}

/** One page; the previous page stays on screen while the next loads. Pushes refetch it live. */
export function useAuctionListings(params: BrowseParams) {
  return useQuery({
    queryKey: queryKeys.auctionBrowse(browseQueryString(params)),
    queryFn: ({ signal }) => fetchListings(params, signal),
    placeholderData: keepPreviousData,
  });
}
