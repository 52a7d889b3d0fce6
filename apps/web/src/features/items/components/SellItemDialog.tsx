import type { InventoryEntryView } from '@rpg/contract';
import { AlertDialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '@/components/ui/Button';
import { AlertDialogPanel } from '@/components/ui/DialogPanels';
import { NumberInput } from '@/components/ui/NumberInput';
import { parseQuantity, sellValueText } from '../lib/sell';

interface SellItemDialogProps {
  entry: InventoryEntryView;
  disabled: boolean;
  onSell: (quantity: number) => void;
}

/** 'Sell' behind a confirmation that shows the value; a stack gets a quantity picker (1 by default). */
export function SellItemDialog({ entry, disabled, onSell }: SellItemDialogProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('1');
  const quantityId = useId();
  const { item, quantity: owned, unitSellValue } = entry;
  const stack = owned > 1;
  const quantity = stack ? parseQuantity(text, owned) : 1;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setText('1');
  };
  const confirm = (event?: FormEvent) => {
    event?.preventDefault();
    if (quantity === null) return;
    setOpen(false);
    onSell(quantity);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" size="sm" disabled={disabled} aria-label={`Sell ${item.name}`}>
          Sell
        </Button>
      </AlertDialog.Trigger>
      <AlertDialogPanel>
        <form onSubmit={confirm}>
          <AlertDialog.Title className="font-display text-xl font-semibold text-gold-300">Sell {item.name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-sm text-parchment-200">
            {stack ? `You have ${owned}. Choose how many to sell.` : 'It leaves your inventory for good.'}
          </AlertDialog.Description>
          {stack ? (
            <div className="mt-4 flex flex-wrap items-end gap-2">
              <div className="space-y-1">
                <label htmlFor={quantityId} className="block text-sm font-medium text-parchment-200">
                  Quantity
                </label>
                <NumberInput
                  id={quantityId}
                  min={1}
                  max={owned}
                  step={1}
                  value={text}
                  onValueChange={setText}
                  invalid={quantity === null}
                  className="h-10 w-24 px-3"
                />
              </div>
              <Button variant="ghost" size="sm" onClick={() => setText(String(owned))}>
                All ({owned})
              </Button>
            </div>
          ) : null}
          <p className="mt-4 text-sm text-parchment-100" aria-live="polite">
            {quantity === null ? (
              <span className="text-ember-300">Choose a quantity from 1 to {owned}.</span>
            ) : (
              <>
                You will receive <strong className="text-gold-300">{sellValueText(unitSellValue, quantity)}</strong>.
              </>
            )}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>Cancel</AlertDialog.Cancel>
            <button type="submit" className={buttonClasses('primary')} disabled={quantity === null}>
              Sell
            </button>
          </div>
        </form>
      </AlertDialogPanel>
    </AlertDialog.Root>
  );
}
