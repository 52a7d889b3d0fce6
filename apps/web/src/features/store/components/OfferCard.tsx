import type { BackpackOfferView, InventoryView, ItemOfferView } from '@rpg/contract';
import { useId } from 'react';
import { CoinAmount } from '@/components/CoinAmount';
import { GearComparison } from '@/components/GearComparison';
import { ItemStats } from '@/components/ItemStats';
import { TierBadge } from '@/components/TierBadge';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { itemKindLabel, TIER_TEXT } from '@/lib/item-display';
import { ItemPicture } from '@/components/item-picture/ItemPicture';

export type Offer = ItemOfferView | BackpackOfferView;

interface OfferCardProps {
  offer: Offer;
  /** The wallet covers the price (an unaffordable price shows in red; buying still asks the server). */
  affordable: boolean;
  pending: boolean;
  onBuy: (offerId: string) => void;
  /** What the character wears, by slot: a gear offer is compared with it. */
  worn?: InventoryView['equipped'];
}

const isBackpack = (offer: Offer): offer is BackpackOfferView => 'equipped' in offer;

/** The button's text: 'Equipped' for the backpack carried, 'Sold' once bought, else 'Buy'. */
export function offerButtonText(offer: Offer): 'Buy' | 'Sold' | 'Equipped' {
  if (isBackpack(offer) && offer.equipped) return 'Equipped';
  return offer.sold ? 'Sold' : 'Buy';
}

/** One offer: name in its tier colour, tier, kind, stats or effect, description, price and 'Buy'. */
export function OfferCard({ offer, affordable, pending, onBuy, worn }: OfferCardProps) {
  const nameId = useId();
  const { item } = offer;
  const backpack = isBackpack(offer) ? offer : null;
  const goods = isBackpack(offer) ? null : offer.item;
  const text = offerButtonText(offer);
  const closed = text !== 'Buy';

  return (
    <article
      aria-labelledby={nameId}
      className={cn('flex flex-col gap-2 rounded-xl border bg-ink-850/90 p-4', closed ? 'border-ink-600 opacity-75' : 'border-gold-700/40')}
    >
      <div className="flex items-start justify-between gap-2">
        <ItemPicture subject={goods ?? { kind: 'backpack', tier: item.tier }} />
        <h3 id={nameId} className={cn('min-w-0 flex-1 text-lg leading-snug font-semibold break-words', TIER_TEXT[item.tier])}>
          {item.name}
        </h3>
        <TierBadge tier={item.tier} />
      </div>
      <p className="text-xs tracking-wide text-parchment-300 uppercase">{goods ? itemKindLabel(goods) : 'Backpack'}</p>
      {goods ? <ItemStats item={goods} /> : null}
      {goods?.kind === 'gear' && worn ? <GearComparison item={goods} worn={worn[goods.slot]} /> : null}
      {backpack ? <p className="text-sm text-moss-300">Holds {backpack.item.slots} items</p> : null}
      {item.description ? <p className="text-sm text-parchment-300">{item.description}</p> : null}
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-ink-600 pt-3">
        <span className="flex flex-col text-sm">
          <span>
            <span className="sr-only">Price: </span>
            <CoinAmount compact coins={offer.coins} />
          </span>
          {!affordable && !closed ? <span className="text-xs text-ember-300">Can't afford</span> : null}
        </span>
        <Button
          size="sm"
          variant={closed ? 'secondary' : 'primary'}
          disabled={closed || pending}
          aria-label={`${text} ${item.name}`}
          onClick={() => onBuy(offer.offerId)}
        >
          {pending ? 'Buying...' : text}
        </Button>
      </div>
    </article>
  );
}
