import type { InventoryEntryView } from '@rpg/contract';
import { GearComparison } from '@/components/GearComparison';
import { ItemStats } from '@/components/ItemStats';
import { ItemPicture } from '@/components/item-picture/ItemPicture';
import { Button } from '@/components/ui/Button';
import { itemKindLabel, TIER_LABELS, TIER_TEXT } from '@/lib/item-display';
import { ItemName } from './ItemName';
import { SellItemDialog } from './SellItemDialog';

export interface ItemActions {
  onEquip: (entryId: string) => void;
  onUse: (entryId: string) => void;
  onSell: (entryId: string, quantity: number) => void;
  /** An action is under way: every button waits for it. */
  busy: boolean;
}

/** One backpack entry: name (tooltip with stats), quantity, kind, stats, and Equip / Use / Sell. */
export function BackpackItemRow({ entry, worn, onEquip, onUse, onSell, busy }: { entry: InventoryEntryView; worn?: InventoryEntryView } & ItemActions) {
  const { item } = entry;
  const usable = item.kind === 'potion' || item.kind === 'food';

  return (
    <li className="flex items-center gap-3 rounded-lg border border-ink-600 bg-ink-900/60 p-3">
      <ItemPicture subject={item} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <ItemName entry={entry} className="min-w-0" />
          {entry.quantity > 1 ? (
            <span className="shrink-0 text-sm font-semibold text-parchment-200 tabular-nums" title="Quantity">
              x{entry.quantity}
            </span>
          ) : null}
        </div>
        <p className="text-xs text-parchment-300">
          <span className={TIER_TEXT[item.tier]}>{TIER_LABELS[item.tier]}</span> · {itemKindLabel(item)}
        </p>
        <ItemStats item={item} className="mt-1 text-xs" />
        {item.kind === 'gear' ? <GearComparison item={item} worn={worn} className="mt-0.5" /> : null}
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-2">
        {item.kind === 'gear' ? (
          <Button size="sm" disabled={busy} aria-label={`Equip ${item.name}`} onClick={() => onEquip(entry.id)}>
            Equip
          </Button>
        ) : null}
        {usable ? (
          <Button size="sm" disabled={busy} aria-label={`Use ${item.name}`} onClick={() => onUse(entry.id)}>
            Use
          </Button>
        ) : null}
        {item.kind === 'chest' ? (
          <Button size="sm" disabled={busy} aria-label={`Open ${item.name}`} onClick={() => onUse(entry.id)}>
            Open
          </Button>
        ) : null}
        <SellItemDialog entry={entry} disabled={busy} onSell={(quantity) => onSell(entry.id, quantity)} />
      </div>
    </li>
  );
}
