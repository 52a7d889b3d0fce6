import type { InventoryEntryView } from '@rpg/contract';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { itemKindLabel, TIER_TEXT } from '@/lib/item-display';
import { TierBadge } from './TierBadge';
import { NumberInput } from './ui/NumberInput';

interface ItemPickerProps {
  /** The radio group's name (one per dialog). */
  name: string;
  options: readonly InventoryEntryView[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The quantity typed for a stack (the field shows when the picked entry holds more than one). */
  quantityText: string;
  onQuantityText: (text: string) => void;
  /** Shown instead of the list (loading, empty). */
  status?: ReactNode;
}

/** Pick one backpack entry, and how many of a stack (the auction's listing and the gift dialogs). */
export function ItemPicker({ name, options, selectedId, onSelect, quantityText, onQuantityText, status }: ItemPickerProps) {
  const legendId = useId();
  const quantityId = useId();
  const picked = options.find((option) => option.id === selectedId);
  return (
    <fieldset className="space-y-3">
      <legend id={legendId} className="mb-2 text-sm font-medium text-parchment-200">
        Item
      </legend>
      {status ?? (
        <div role="radiogroup" aria-labelledby={legendId} className="max-h-56 space-y-1 overflow-y-auto pr-1">
          {options.map((option) => (
            <label
              key={option.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-gold-300',
                option.id === selectedId ? 'border-gold-400 bg-gold-500/10' : 'border-ink-600 hover:bg-ink-700',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={option.id === selectedId}
                onChange={() => {
                  onSelect(option.id);
                  // A new pick starts at one of its stack.
                  onQuantityText('1');
                }}
                className="sr-only"
              />
              <span className={cn('min-w-0 flex-1 truncate font-medium', TIER_TEXT[option.item.tier])}>
                {option.item.name}
                {option.quantity > 1 ? <span className="text-parchment-300"> x{option.quantity}</span> : null}
              </span>
              <span className="hidden text-xs text-parchment-300 sm:inline">{itemKindLabel(option.item)}</span>
              <TierBadge tier={option.item.tier} />
            </label>
          ))}
        </div>
      )}
      {picked && picked.quantity > 1 ? (
        <div className="space-y-1">
          <label htmlFor={quantityId} className="block text-sm font-medium text-parchment-200">
            Quantity (of {picked.quantity})
          </label>
          <NumberInput id={quantityId} min={1} max={picked.quantity} step={1} value={quantityText} onValueChange={onQuantityText} className="h-10 w-24 px-3" />
        </div>
      ) : null}
    </fieldset>
  );
}
