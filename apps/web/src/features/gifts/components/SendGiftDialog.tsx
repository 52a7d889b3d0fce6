import type { InventoryEntryView } from '@rpg/contract';
import { copper } from '@rpg/game';
import { Gift } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { CoinSummary } from '@/components/CoinAmount';
import { Button, buttonClasses } from '@/components/ui/Button';
import { DialogPanel } from '@/components/ui/DialogPanels';
import { CoinFields } from '@/components/CoinFields';
import { ItemPicker } from '@/components/ItemPicker';
import { useSendGift } from '../api/send-gift';
import { coinTextToCopper, EMPTY_COIN_TEXT, parseCoin, type CoinText } from '@/lib/coin-text';

export interface SendGiftDialogProps {
  /** The friend who receives it. */
  toUserId: string;
  toName: string;
  /** The giver's active character (null without one), its copper and its inventory (undefined while it loads). */
  characterId: string | null;
  wallet: number;
  entries: InventoryEntryView[] | undefined;
}

type Kind = 'copper' | 'item';

const KIND_BUTTON =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-parchment-200 hover:bg-ink-700 aria-checked:bg-gold-500 aria-checked:text-ink-950 focus-visible:outline-2 focus-visible:outline-gold-300';

/**
 * DECISIONS §4 gifts: on a friend's profile, 'Send Gift' opens a dialog to give copper (gold,
 * silver and copper fields like the auction's price) or an item from the active character's
 * backpack (never an equipped one). The server decides; its toast or refusal is shown.
 */
export function SendGiftDialog({ toUserId, toName, characterId, wallet, entries }: SendGiftDialogProps) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind>('copper');
  const [coins, setCoins] = useState<CoinText>(EMPTY_COIN_TEXT);
  const [entryId, setEntryId] = useState<string | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  // One id per opened dialog: a retried request gives once.
  const [requestId, setRequestId] = useState('');
  const send = useSendGift(characterId ?? '', () => setOpen(false));

  const backpack = (entries ?? []).filter((entry) => !entry.equipped);
  const entry = backpack.find((e) => e.id === entryId) ?? null;
  const quantity = entry ? Math.min(Math.max(1, parseCoin(quantityText, entry.quantity) || 1), entry.quantity) : 1;
  const amount = coinTextToCopper(coins);
  const canSend = !send.isPending && (kind === 'copper' ? amount > 0 : entry !== null);

  const openDialog = () => {
    if (!characterId) {
      toast.error('No Character Selected', { description: 'Please create or select a character first.' });
      return;
    }
    setKind('copper');
    setCoins(EMPTY_COIN_TEXT);
    setEntryId(null);
    setQuantityText('1');
    setRequestId(crypto.randomUUID());
    setOpen(true);
  };

  const submit = () => {
    if (!canSend) return;
    if (kind === 'copper') send.mutate({ toUserId, copper: amount, requestId });
    else if (entry) send.mutate({ toUserId, entryId: entry.id, ...(entry.quantity > 1 ? { quantity } : {}), requestId });
  };

  return (
    <>
      <Button size="sm" variant="secondary" onClick={openDialog} aria-label={`Send Gift to ${toName}`}>
        <Gift className="size-4" aria-hidden="true" />
        Send Gift
      </Button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <DialogPanel
          title={`Send a Gift to ${toName}`}
          description="Give copper or an item from your active character's backpack. Equipped items cannot be given."
        >
          <form
            className="flex min-h-0 flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <div className="space-y-4 overflow-y-auto p-4">
              <div role="radiogroup" aria-label="Gift type" className="flex gap-1 rounded-lg border border-ink-600 p-1">
                {(['copper', 'item'] as const).map((value) => (
                  <button key={value} type="button" role="radio" aria-checked={kind === value} className={KIND_BUTTON} onClick={() => setKind(value)}>
                    {value === 'copper' ? 'Coins' : 'Item'}
                  </button>
                ))}
              </div>

              {kind === 'copper' ? (
                <div className="space-y-3">
                  <CoinFields legend="Amount" value={coins} onChange={setCoins} />
                  <CoinSummary
                    rows={[
                      ['Gift', amount],
                      ['Your funds', copper(wallet)],
                    ]}
                  />
                </div>
              ) : (
                <ItemPicker
                  name="gift-item"
                  options={backpack}
                  selectedId={entryId}
                  onSelect={setEntryId}
                  quantityText={quantityText}
                  onQuantityText={setQuantityText}
                  status={
                    entries === undefined ? (
                      <p role="status" className="text-sm text-parchment-300">
                        Loading backpack...
                      </p>
                    ) : backpack.length === 0 ? (
                      <p className="text-sm text-parchment-300">Your backpack is empty.</p>
                    ) : undefined
                  }
                />
              )}
            </div>
            <div className="flex flex-wrap justify-end gap-3 border-t border-ink-600 p-4">
              <Dialog.Close type="button" className={buttonClasses('secondary')}>
                Cancel
              </Dialog.Close>
              <Button type="submit" disabled={!canSend}>
                {send.isPending ? 'Sending...' : 'Send Gift'}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </Dialog.Root>
    </>
  );
}
