import type { InventoryView } from '@rpg/contract';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { SpinnerRing } from '@/components/ui/Spinner';
import { useBuyOffer } from '../api/buy-offer';
import { useStoreQuery } from '../api/get-store';
import { RefreshCountdown } from './RefreshCountdown';
import { StoreTabs } from './StoreTabs';
import { WalletBox } from './WalletBox';

/** Spec 03 section 2: 'Loading Store...' while the store loads. */
export function StoreLoading() {
  return (
    <div role="status" className="flex min-h-[40dvh] flex-col items-center justify-center gap-4 text-parchment-200">
      <SpinnerRing />
      <p>Loading Store...</p>
    </div>
  );
}

interface StoreProps {
  characterId: string;
  characterName: string;
  /** What the character wears, by slot (the page reads the inventory): gear offers are compared with it. */
  worn?: InventoryView['equipped'];
}

/** /store for the active character: heading, countdown, wallet and the four sections of offers. */
export function Store({ characterId, characterName, worn }: StoreProps) {
  const store = useStoreQuery(characterId);
  const buy = useBuyOffer(characterId);
  const failed = store.isError && !store.data;

  useEffect(() => {
    if (failed) toast.error('Error', { id: 'store-load-failed', description: 'Failed to load store items.' });
  }, [failed]);

  if (store.isPending) return <StoreLoading />;
  if (!store.data) {
    return <LoadErrorAlert title="Failed to load store items." onRetry={() => void store.refetch()} className="mx-auto max-w-xl" />;
  }

  const view = store.data;
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <h1 id="page-title" className="text-3xl font-bold break-words text-gold-300 sm:text-4xl">
            {characterName}&apos;s Shop
          </h1>
          <p className="text-parchment-200">Browse and buy items to enhance your adventure</p>
          <RefreshCountdown nextRefresh={view.nextRefresh} onExpire={() => void store.refetch()} />
        </div>
        <WalletBox wallet={view.wallet} />
      </div>
      <StoreTabs
        sections={view.sections}
        wallet={view.wallet.copper}
        pendingOfferId={buy.isPending ? buy.variables : undefined}
        onBuy={(offerId) => buy.mutate(offerId)}
        worn={worn}
      />
    </section>
  );
}
