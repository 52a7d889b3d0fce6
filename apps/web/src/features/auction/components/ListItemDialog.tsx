import type { InventoryEntryView } from '@rpg/contract';
import { toCoins } from '@rpg/game';
import { AlertDialog, Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { CoinAmount, CoinSummary } from '@/components/CoinAmount';
import { Button, buttonClasses } from '@/components/ui/Button';
import { AlertDialogPanel, DialogPanel } from '@/components/ui/DialogPanels';
import { CoinFields } from '@/components/CoinFields';
import { ItemPicker } from '@/components/ItemPicker';
import { coinTextToCopper, EMPTY_COIN_TEXT, parseCoin, type CoinText } from '@/lib/coin-text';
import { useCreateListing } from '../api/create-listing';
import { feeFor, payoutFor } from '../lib/price';
import { PriceHistory } from './PriceHistory';

interface ListItemDialogProps {
  characterId: string;
  /** The active character's inventory (undefined while it loads). */
  entries: InventoryEntryView[] | undefined;
  /** The character's money in copper. */
  wallet: number;
}

/**
 * Spec 03 section 2/5: 'List Items from Inventory' opens the listing dialog (pick an item,
 * a quantity for a stack, a price with gold >= 0 and silver and copper 0-99, non-numeric as 0);
 * 'Create Listing' is disabled until an item is picked and the price is not all zero, then
 * 'Confirm Listing Fee' asks to 'Pay Fee & List Item'.
 */
export function ListItemDialog({ characterId, entries, wallet }: ListItemDialogProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [entryId, setEntryId] = useState<string | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [priceText, setPriceText] = useState<CoinText>(EMPTY_COIN_TEXT);
  const create = useCreateListing(characterId, () => {
    setConfirming(false);
    setOpen(false);
  });

  const listable = (entries ?? []).filter((entry) => !entry.equipped);
  const entry = listable.find((e) => e.id === entryId) ?? null;
  const quantity = entry ? Math.min(Math.max(1, parseCoin(quantityText) || 1), entry.quantity) : 1;
  const price = coinTextToCopper(priceText);
  const fee = feeFor(price);
  const canCreate = entry !== null && price > 0;

  const openDialog = () => {
    if (!entries) {
      toast.error('Character Not Loaded', { description: 'Please try again later.' });
      return;
    }
    if (listable.length === 0) {
      toast.error('No Items Available', { description: "You don't have any items in your inventory to list." });
      return;
    }
    setEntryId(null);
    setQuantityText('1');
    setPriceText(EMPTY_COIN_TEXT);
    setOpen(true);
  };

  const createListing = () => {
    if (!entry) {
      toast.error('No Item Selected', { description: 'Please select an item to list' });
      return;
    }
    if (price <= 0) {
      toast.error('No Price Set', { description: 'Please set a price for your item' });
      return;
    }
    if (fee > wallet) {
      toast.error('Insufficient Funds', { description: "You don't have enough money to pay the listing fee." });
      return;
    }
    setConfirming(true);
  };

  return (
    <>
      <Button onClick={openDialog}>List Items from Inventory</Button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <DialogPanel title="List an Item" description="Choose an item and set its price. Equipped items cannot be listed.">
          <div className="space-y-4 overflow-y-auto p-4">
            <ItemPicker
              name="auction-item"
              options={listable}
              selectedId={entryId}
              onSelect={setEntryId}
              quantityText={quantityText}
              onQuantityText={setQuantityText}
            />

            <CoinFields legend={`Price${entry && quantity > 1 ? ` for all ${quantity}` : ''}`} value={priceText} onChange={setPriceText} />

            <CoinSummary
              rows={[
                ['Price', price],
                ['Listing fee', fee],
                ['You receive on a sale (95%)', payoutFor(price)],
              ]}
            />

            {entry ? <PriceHistory name={entry.item.name} /> : null}
          </div>
          <div className="flex flex-wrap justify-end gap-3 border-t border-ink-600 p-4">
            <Dialog.Close className={buttonClasses('secondary')}>Cancel</Dialog.Close>
            <Button disabled={!canCreate || create.isPending} onClick={createListing}>
              Create Listing
            </Button>
          </div>
        </DialogPanel>
      </Dialog.Root>

      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialogPanel>
          <AlertDialog.Title className="font-display text-xl font-semibold text-gold-300">Confirm Listing Fee</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 space-y-2 text-sm text-parchment-200">
              <p>
                Listing {entry?.item.name}
                {quantity > 1 ? ` x${quantity}` : ''} for <CoinAmount compact coins={toCoins(price)} /> costs a fee of{' '}
                <CoinAmount compact coins={toCoins(fee)} />.
              </p>
              <p>The fee is not refunded if you cancel or the listing expires.</p>
            </div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>Cancel</AlertDialog.Cancel>
            <Button
              disabled={create.isPending}
              onClick={() => {
                if (entry) create.mutate({ entryId: entry.id, price, ...(entry.quantity > 1 ? { quantity } : {}) });
              }}
            >
              {create.isPending ? 'Listing...' : 'Pay Fee & List Item'}
            </Button>
          </div>
        </AlertDialogPanel>
      </AlertDialog.Root>
    </>
  );
}
