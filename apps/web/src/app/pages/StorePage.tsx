import { LoadErrorAlert } from '@/components/ui/Alert';
import { useActiveCharacterOrRedirect } from '@/features/characters/hooks/useActiveCharacterOrRedirect';
import { useInventoryQuery } from '@/features/items/api/get-inventory';
import { useRealtimeSubscription } from '@/features/realtime/hooks/realtime-context';
import { Store, StoreLoading } from '@/features/store/components/Store';
import { useStoreRefreshedHandler } from '@/features/store/hooks/useStoreRefreshed';

const NO_CHARACTER = { title: 'No Character Selected', description: 'Please create or select a character first.', to: '/' };

/**
 * /store (spec 03 section 2): the active character's shop. Without one the player is sent to /
 * with 'No Character Selected'. The 4-hour 'store-refreshed' push refetches the shop.
 */
export function StorePage() {
  const { active, isError, retry } = useActiveCharacterOrRedirect(NO_CHARACTER);
  useRealtimeSubscription('store-refreshed', useStoreRefreshedHandler());
  // Issue 44 point 8: the gear on sale is compared with what the character wears.
  const inventory = useInventoryQuery(active?.id ?? null);

  if (isError) return <LoadErrorAlert title="Failed to load character data." onRetry={retry} className="mx-auto max-w-xl" />;
  if (!active) return <StoreLoading />;
  return <Store key={active.id} characterId={active.id} characterName={active.name} worn={inventory.data?.equipped} />;
}
