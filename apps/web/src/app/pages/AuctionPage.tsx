import { LoadErrorAlert } from '@/components/ui/Alert';
import { AuctionHouse } from '@/features/auction/components/AuctionHouse';
import { useActiveCharacterOrRedirect } from '@/features/characters/hooks/useActiveCharacterOrRedirect';
import { useInventoryQuery } from '@/features/items/api/get-inventory';

const NO_CHARACTER = { title: 'No Character Selected', description: 'Please create or select a character first.', to: '/' };

/**
 * /auction (spec 03 section 2): the shared market, acting for the active character (its money
 * pays, its inventory lists and receives). Without one the player is sent to / with
 * 'No Character Selected'. Pushes keep listings, funds and the backpack live.
 */
export function AuctionPage() {
  const { active, isError, retry } = useActiveCharacterOrRedirect(NO_CHARACTER);
  const inventory = useInventoryQuery(active?.id ?? null);

  if (isError) return <LoadErrorAlert title="Failed to load character data." onRetry={retry} className="mx-auto max-w-xl" />;
  if (!active) {
    return (
      <p role="status" className="py-20 text-center text-parchment-200">
        Loading Auction House...
      </p>
    );
  }
  return <AuctionHouse key={active.id} characterId={active.id} wallet={{ copper: active.copper, coins: active.coins }} inventory={inventory.data?.entries} />;
}
