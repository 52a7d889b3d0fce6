import type { InventoryEntryView } from '@rpg/contract';
import { ItemPicture } from '@/components/item-picture/ItemPicture';
import { ItemName } from './ItemName';

interface EquippedItemProps {
  entry: InventoryEntryView;
  busy: boolean;
  onUnequip: (entryId: string) => void;
}

/** A filled slot of the sheet's gear grid: the name (stats in its tooltip) and 'Unequip'. */
export function EquippedItem({ entry, busy, onUnequip }: EquippedItemProps) {
  return (
    <span className="flex flex-col items-center gap-1">
      <ItemPicture subject={entry.item} />
      <ItemName entry={entry} className="text-center text-sm" />
      <button
        type="button"
        disabled={busy}
        onClick={() => onUnequip(entry.id)}
        aria-label={`Unequip ${entry.item.name}`}
        className="rounded px-2 py-0.5 text-xs text-parchment-300 underline-offset-4 hover:text-gold-200 hover:underline disabled:cursor-not-allowed disabled:opacity-55"
      >
        Unequip
      </button>
    </span>
  );
}
