import type { AuctionListingView } from '@rpg/contract';
import { copper, formatCoins } from '@rpg/game';
import { PackageOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useCancelListing } from '../api/cancel-listing';
import { useMyListings } from '../api/get-my-listings';
import { ListingCard } from './ListingCard';

function endedText(listing: AuctionListingView): string {
  if (listing.status === 'sold') return `Sold for ${formatCoins(copper(listing.price))}. You received ${formatCoins(copper(listing.payout ?? 0))}.`;
  if (listing.status === 'expired') return 'Expired unsold. The item was returned to your inventory.';
  return 'Cancelled. The item was returned to your inventory.';
}

interface YourListingsProps {
  characterId: string;
  /** The 'List Items from Inventory' button (with its dialog). */
  listButton: ReactNode;
}

/** Spec 03 section 2 'Your Listings': own active listings with time left and 'Cancel Listing', then the recently ended. */
export function YourListings({ characterId, listButton }: YourListingsProps) {
  const mine = useMyListings();
  const cancel = useCancelListing(characterId);
  const data = mine.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-parchment-300">Listings last 48 hours. Unsold items come back to your inventory; the fee is kept.</p>
        {listButton}
      </div>
      {mine.isPending ? (
        <p role="status" className="py-10 text-center text-parchment-300">
          Loading your listings...
        </p>
      ) : !data ? (
        <LoadErrorAlert title="Failed to load your listings." onRetry={() => void mine.refetch()} />
      ) : (
        <>
          {data.active.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-ink-500 py-12 text-center">
              <PackageOpen className="size-8 text-parchment-400" aria-hidden="true" />
              <p className="text-lg font-semibold text-parchment-100">No Active Listings</p>
              <p className="text-sm text-parchment-300">List an item from your inventory to sell it to other players.</p>
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {data.active.map((listing) => (
                <ListingCard
                  key={listing.id}
                  listing={listing}
                  showSeller={false}
                  note={listing.fee !== undefined ? <span className="text-xs text-parchment-300">Fee paid: {formatCoins(copper(listing.fee))}</span> : null}
                  action={
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={cancel.isPending}
                      aria-label={`Cancel Listing ${listing.item.name}`}
                      onClick={() => cancel.mutate(listing.id)}
                    >
                      {cancel.isPending && cancel.variables === listing.id ? 'Cancelling...' : 'Cancel Listing'}
                    </Button>
                  }
                />
              ))}
            </div>
          )}
          {data.recent.length > 0 ? (
            <section aria-labelledby="recent-title" className="space-y-2">
              <h3 id="recent-title" className="text-base font-semibold text-gold-200">
                Recently ended
              </h3>
              <ul className="divide-y divide-ink-600 rounded-xl border border-ink-600 bg-ink-850/70">
                {data.recent.map((listing) => (
                  <li key={listing.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">
                    <span className="font-medium text-parchment-100">
                      {listing.item.name}
                      {listing.quantity > 1 ? ` x${listing.quantity}` : ''}
                    </span>
                    <span className={listing.status === 'sold' ? 'text-moss-300' : 'text-parchment-300'}>{endedText(listing)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
