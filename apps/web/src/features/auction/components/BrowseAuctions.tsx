import { AUCTION_SORTS, type AuctionSort } from '@rpg/contract';
import { GEAR_SLOTS, TIERS, type GearSlot, type Tier } from '@rpg/game';
import { ChevronLeft, ChevronRight, Gavel, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SLOT_LABELS, TIER_LABELS } from '@/lib/item-display';
import { useBuyListing } from '../api/buy-listing';
import { useAuctionListings, type BrowseParams } from '../api/get-listings';
import { ListingCard } from './ListingCard';

const SORT_LABELS: Record<AuctionSort, string> = {
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'time-left': 'Time left: ending soonest',
  newest: 'Newest first',
};

const selectClass = 'h-10 w-full rounded-md border border-ink-500 bg-ink-950/70 px-2 text-sm text-parchment-50 focus-visible:border-gold-400';

/** Waits `ms` after the last change (a search typed letter by letter asks once). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface BrowseAuctionsProps {
  characterId: string;
  /** The buyer's money in copper (a price above it is marked). */
  wallet: number;
}

/** Spec 03 section 2 'Browse Auctions': other sellers' listings with search, tier and slot filters, sort and pages. */
export function BrowseAuctions({ characterId, wallet }: BrowseAuctionsProps) {
  const ids = { search: useId(), tier: useId(), slot: useId(), sort: useId() };
  const [search, setSearch] = useState('');
  const [tier, setTier] = useState<Tier | ''>('');
  const [slot, setSlot] = useState<GearSlot | 'other' | ''>('');
  const [sort, setSort] = useState<AuctionSort>('newest');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 300);
  const params: BrowseParams = { search: debounced, tier, slot, sort, page };
  const listings = useAuctionListings(params);
  const buy = useBuyListing(characterId);

  // A new search or filter starts at the first page.
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const data = listings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // The last listing of the last page sold: show the page before (adjusted while rendering).
  if (data && !listings.isPlaceholderData && page > pages) setPage(pages);

  return (
    <div className="space-y-4">
      <div className="grid gap-3 rounded-xl border border-gold-700/30 bg-ink-850/70 p-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1 sm:col-span-2 lg:col-span-1">
          <label htmlFor={ids.search} className="block text-xs font-medium text-parchment-300">
            Search by name
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-parchment-400" aria-hidden="true" />
            <input
              id={ids.search}
              type="search"
              value={search}
              maxLength={100}
              onChange={(event) => resetPage(setSearch)(event.target.value)}
              placeholder="Item name"
              className={`${selectClass} pl-8`}
            />
          </div>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.tier} className="block text-xs font-medium text-parchment-300">
            Tier
          </label>
          <select id={ids.tier} value={tier} onChange={(event) => resetPage(setTier)(event.target.value as Tier | '')} className={selectClass}>
            <option value="">All tiers</option>
            {TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.slot} className="block text-xs font-medium text-parchment-300">
            Slot
          </label>
          <select id={ids.slot} value={slot} onChange={(event) => resetPage(setSlot)(event.target.value as GearSlot | 'other' | '')} className={selectClass}>
            <option value="">All slots</option>
            {GEAR_SLOTS.map((s) => (
              <option key={s} value={s}>
                {SLOT_LABELS[s]}
              </option>
            ))}
            <option value="other">No slot (potions, food, materials)</option>
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.sort} className="block text-xs font-medium text-parchment-300">
            Sort by
          </label>
          <select id={ids.sort} value={sort} onChange={(event) => resetPage(setSort)(event.target.value as AuctionSort)} className={selectClass}>
            {AUCTION_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {listings.isPending ? (
        <p role="status" className="py-10 text-center text-parchment-300">
          Loading auctions...
        </p>
      ) : !data ? (
        <LoadErrorAlert title="Failed to load auctions." onRetry={() => void listings.refetch()} />
      ) : data.listings.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-ink-500 py-12 text-center">
          <Gavel className="size-8 text-parchment-400" aria-hidden="true" />
          <p className="text-lg font-semibold text-parchment-100">No Auctions Available</p>
          <p className="text-sm text-parchment-300">
            {debounced || tier || slot ? 'Nothing matches your search. Try other filters.' : 'Check back later for new listings from other players.'}
          </p>
        </div>
      ) : (
        <>
          <p className="text-sm text-parchment-300" aria-live="polite">
            {data.totalCapped ? `${data.total}+ listings` : data.total === 1 ? '1 listing' : `${data.total} listings`}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.listings.map((listing) => {
              const pending = buy.isPending && buy.variables === listing.id;
              return (
                <ListingCard
                  key={listing.id}
                  listing={listing}
                  note={listing.price > wallet ? <span className="text-xs text-ember-300">Can&apos;t afford</span> : null}
                  action={
                    <Button size="sm" disabled={buy.isPending} aria-label={`Buy Now ${listing.item.name}`} onClick={() => buy.mutate(listing.id)}>
                      {pending ? 'Buying...' : 'Buy Now'}
                    </Button>
                  }
                />
              );
            })}
          </div>
          {pages > 1 ? (
            <nav aria-label="Auction pages" className="flex items-center justify-center gap-3">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <ChevronLeft className="size-4" aria-hidden="true" />
                Previous
              </Button>
              <span className="text-sm text-parchment-200 tabular-nums">
                Page {data.page} of {pages}
                {data.totalCapped ? '+' : ''}
              </span>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
