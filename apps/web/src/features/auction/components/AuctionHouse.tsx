import type { InventoryEntryView } from '@rpg/contract';
import type { Coins } from '@rpg/game';
import { Tabs } from 'radix-ui';
import { cn } from '@/lib/cn';
import { BrowseAuctions } from './BrowseAuctions';
import { FeeScheduleCard } from './FeeScheduleCard';
import { FundsCard } from './FundsCard';
import { ListItemDialog } from './ListItemDialog';
import { YourListings } from './YourListings';

interface AuctionHouseProps {
  characterId: string;
  wallet: { copper: number; coins: Coins };
  /** The active character's inventory, for the listing dialog (undefined while it loads). */
  inventory: InventoryEntryView[] | undefined;
}

const tabClass = cn(
  'inline-flex min-h-10 items-center justify-center rounded-lg px-3',
  'py-2 text-sm font-medium text-parchment-200 transition-colors',
  'hover:bg-ink-700 hover:text-parchment-50 data-[state=active]:bg-gold-500 data-[state=active]:text-ink-950',
);

/** /auction (spec 03 section 2): funds, the fee note and schedule on the left; 'Browse Auctions' and 'Your Listings'. */
export function AuctionHouse({ characterId, wallet, inventory }: AuctionHouseProps) {
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <div className="space-y-1">
        <h1 id="page-title" className="text-3xl font-bold text-gold-300 sm:text-4xl">
          Auction House
        </h1>
        <p className="text-parchment-200">Buy from other adventurers and sell what you no longer need.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside className="space-y-4">
          <FundsCard coins={wallet.coins} />
          <FeeScheduleCard />
        </aside>
        <Tabs.Root defaultValue="browse" className="min-w-0">
          <Tabs.List aria-label="Auction House" className="grid grid-cols-2 gap-1 rounded-xl border border-gold-700/40 bg-ink-850/90 p-1">
            <Tabs.Trigger value="browse" className={tabClass}>
              Browse Auctions
            </Tabs.Trigger>
            <Tabs.Trigger value="mine" className={tabClass}>
              Your Listings
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="browse" className="mt-4 rounded-xl focus-visible:outline-offset-4">
            <h2 className="sr-only">Browse Auctions</h2>
            <BrowseAuctions characterId={characterId} wallet={wallet.copper} />
          </Tabs.Content>
          <Tabs.Content value="mine" className="mt-4 rounded-xl focus-visible:outline-offset-4">
            <h2 className="sr-only">Your Listings</h2>
            <YourListings characterId={characterId} listButton={<ListItemDialog characterId={characterId} entries={inventory} wallet={wallet.copper} />} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </section>
  );
}
