import type { InventoryView, StoreView } from '@rpg/contract';
import { Backpack, FlaskConical, Swords, Utensils, type LucideIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { cn } from '@/lib/cn';
import { OfferCard, type Offer } from './OfferCard';

type Section = keyof StoreView['sections'];

/** Spec 03 section 2: the four tabs, labelled with the spec's texts. */
const TABS: readonly { section: Section; label: string; icon: LucideIcon }[] = [
  { section: 'gear', label: 'Weapons & Armor', icon: Swords },
  { section: 'potions', label: 'Potions & Elixirs', icon: FlaskConical },
  { section: 'food', label: 'Food & Provisions', icon: Utensils },
  { section: 'backpacks', label: 'Backpacks', icon: Backpack },
];

interface StoreTabsProps {
  sections: StoreView['sections'];
  /** The wallet in copper, to mark what the player cannot afford. */
  wallet: number;
  /** The offer being bought, if any. */
  pendingOfferId: string | undefined;
  onBuy: (offerId: string) => void;
  /** What the character wears, by slot: each gear offer is compared with it (absent while it loads). */
  worn?: InventoryView['equipped'];
}

export function StoreTabs({ sections, wallet, pendingOfferId, onBuy, worn }: StoreTabsProps) {
  return (
    <Tabs.Root defaultValue="gear">
      <Tabs.List aria-label="Store sections" className="grid grid-cols-2 gap-1 rounded-xl border border-gold-700/40 bg-ink-850/90 p-1 sm:grid-cols-4">
        {TABS.map(({ section, label, icon: Icon }) => (
          <Tabs.Trigger
            key={section}
            value={section}
            className={cn(
              'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg',
              'px-3 py-2 text-sm font-medium text-parchment-200 transition-colors',
              'hover:bg-ink-700 hover:text-parchment-50 data-[state=active]:bg-gold-500 data-[state=active]:text-ink-950',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map(({ section, label }) => {
        const offers: readonly Offer[] = sections[section];
        return (
          <Tabs.Content key={section} value={section} className="mt-4 rounded-xl focus-visible:outline-offset-4">
            <h2 className="sr-only">{label}</h2>
            {offers.length === 0 ? (
              <p className="py-10 text-center text-parchment-300">Nothing on sale here until the next refresh.</p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {offers.map((offer) => (
                  <OfferCard
                    key={offer.offerId}
                    offer={offer}
                    affordable={offer.price <= wallet}
                    pending={pendingOfferId === offer.offerId}
                    onBuy={onBuy}
                    worn={worn}
                  />
                ))}
              </div>
            )}
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}
