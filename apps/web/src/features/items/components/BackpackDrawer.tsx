import { Backpack, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Drawer } from '@/components/ui/Drawer';
import { Spinner } from '@/components/ui/Spinner';
import { useEquipItem } from '../api/equip-item';
import { useInventoryQuery } from '../api/get-inventory';
import { useSellItem } from '../api/sell-item';
import { useUseItem } from '../api/use-item';
import { backpackEntries, searchEntries } from '../lib/search';
import { BackpackItemRow } from './BackpackItemRow';
import { CapacityBar } from './CapacityBar';

export const EMPTY_BACKPACK_TEXT = 'Your inventory is empty. Visit the store to purchase equipment.';
export const NO_MATCH_TEXT = 'No matching items found.';

function BackpackContents({ characterId }: { characterId: string }) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const inventory = useInventoryQuery(characterId);
  const equip = useEquipItem(characterId);
  const use = useUseItem(characterId);
  const sell = useSellItem(characterId);

  if (inventory.isPending) return <Spinner label="Loading your backpack" className="mx-auto my-10" />;
  if (!inventory.data) {
    return <LoadErrorAlert title="Your backpack could not be loaded." onRetry={() => void inventory.refetch()} />;
  }

  const view = inventory.data;
  const carried = backpackEntries(view.entries);
  const shown = searchEntries(carried, query);
  const busy = equip.isPending || use.isPending || sell.isPending;

  return (
    <>
      <div className="space-y-4 border-b border-ink-600 px-4 pb-4 sm:px-5">
        <CapacityBar name={view.backpack.name} used={view.used} capacity={view.capacity} fill={view.fill} />
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search items
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-parchment-400" aria-hidden="true" />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search items..."
            className="h-10 w-full rounded-md border border-ink-500 bg-ink-950/70 pr-3 pl-9 text-parchment-50 placeholder:text-parchment-400/80 focus-visible:border-gold-400"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-5">
        {carried.length === 0 ? (
          <p className="py-8 text-center text-parchment-300">
            {EMPTY_BACKPACK_TEXT}{' '}
            <Link to="/store" className="text-gold-300 underline underline-offset-4 hover:text-gold-200">
              Go to the store
            </Link>
          </p>
        ) : shown.length === 0 ? (
          <p className="py-8 text-center text-parchment-300">{NO_MATCH_TEXT}</p>
        ) : (
          <ul className="space-y-2" aria-label="Items in your backpack">
            {shown.map((entry) => (
              <BackpackItemRow
                key={entry.id}
                entry={entry}
                worn={entry.item.kind === 'gear' ? view.equipped[entry.item.slot] : undefined}
                busy={busy}
                onEquip={(id) => equip.mutate(id)}
                onUse={(id) => use.mutate(id)}
                onSell={(entryId, quantity) => sell.mutate({ entryId, quantity })}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** Spec 02 section 2: the backpack drawer, a side panel over the sheet opened by 'Backpack'. */
export function BackpackDrawer({ characterId }: { characterId: string }) {
  return (
    <Drawer title="Backpack" icon={Backpack} description="The items you carry but do not wear." closeLabel="Close backpack">
      <BackpackContents characterId={characterId} />
    </Drawer>
  );
}
