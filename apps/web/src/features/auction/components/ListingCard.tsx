import type { AuctionListingView } from '@rpg/contract';
import { hoursLeft } from '@rpg/game';
import { Clock, User } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { CoinAmount } from '@/components/CoinAmount';
import { ItemStats } from '@/components/ItemStats';
import { TierBadge } from '@/components/TierBadge';
import { cn } from '@/lib/cn';
import { itemKindLabel, TIER_TEXT } from '@/lib/item-display';
import { ItemPicture } from '@/components/item-picture/ItemPicture';

/** Spec 03 section 2: time left in hours. */
export function timeLeftText(listing: Pick<AuctionListingView, 'expiresAt'>, now = Date.now()): string {
  const hours = hoursLeft(Date.parse(listing.expiresAt), now);
  return hours === 1 ? '1 hour left' : `${hours} hours left`;
}

interface ListingCardProps {
  listing: AuctionListingView;
  /** The action row: 'Buy Now' or 'Cancel Listing'. */
  action?: ReactNode;
  /** Shown under the price (fee paid, can't afford). */
  note?: ReactNode;
  showSeller?: boolean;
}

/** One listing: name in its tier colour, tier badge, slot, stats (+value), seller, time left, price as g/s/c. */
export function ListingCard({ listing, action, note, showSeller = true }: ListingCardProps) {
  const nameId = useId();
  const { item } = listing;
  return (
    <article aria-labelledby={nameId} className="flex flex-col gap-2 rounded-xl border border-gold-700/40 bg-ink-850/90 p-4">
      <div className="flex items-start justify-between gap-2">
        <ItemPicture subject={item} />
        <h3 id={nameId} className={cn('min-w-0 flex-1 text-lg leading-snug font-semibold break-words', TIER_TEXT[item.tier])}>
          {item.name}
          {listing.quantity > 1 ? <span className="ml-1 text-sm text-parchment-200">x{listing.quantity}</span> : null}
        </h3>
        <TierBadge tier={item.tier} />
      </div>
      <p className="text-xs tracking-wide text-parchment-300 uppercase">{itemKindLabel(item)}</p>
      <ItemStats item={item} />
      <dl className="grid gap-1 text-sm text-parchment-200">
        {showSeller ? (
          <div className="flex items-center gap-1.5">
            <dt>
              <User className="size-4 text-parchment-400" aria-hidden="true" />
              <span className="sr-only">Seller</span>
            </dt>
            <dd className="min-w-0 truncate">{listing.seller}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-1.5">
          <dt>
            <Clock className="size-4 text-parchment-400" aria-hidden="true" />
            <span className="sr-only">Time left</span>
          </dt>
          <dd>{timeLeftText(listing)}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-ink-600 pt-3">
        <span className="flex flex-col text-sm">
          <span>
            <span className="sr-only">Price: </span>
            <CoinAmount coins={listing.coins} />
          </span>
          {note}
        </span>
        {action}
      </div>
    </article>
  );
}
