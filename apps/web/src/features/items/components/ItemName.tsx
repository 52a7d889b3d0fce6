import type { InventoryEntryView } from '@rpg/contract';
import { copper, toCoins } from '@rpg/game';
import { CoinAmount } from '@/components/CoinAmount';
import { ItemStats } from '@/components/ItemStats';
import { Tooltip } from '@/components/ui/Tooltip';
import { cn } from '@/lib/cn';
import { itemKindLabel, TIER_LABELS, TIER_TEXT } from '@/lib/item-display';

/** The tooltip's body: name and tier in the tier's colour, kind, stats, description and sell value. */
export function ItemDetails({ entry }: { entry: InventoryEntryView }) {
  const { item } = entry;
  return (
    <div className="space-y-1.5">
      <p className={cn('font-semibold', TIER_TEXT[item.tier])}>{item.name}</p>
      <p className="text-xs text-parchment-300">
        <span className={TIER_TEXT[item.tier]}>{TIER_LABELS[item.tier]}</span> · {itemKindLabel(item)}
      </p>
      <ItemStats item={item} />
      {item.description ? <p className="text-xs text-parchment-300">{item.description}</p> : null}
      <p className="flex items-baseline gap-1.5 text-xs text-parchment-300">
        Sells for <CoinAmount compact coins={toCoins(copper(entry.unitSellValue))} />
        {entry.quantity > 1 ? 'each' : null}
      </p>
    </div>
  );
}

/** The item's name in its tier colour; hover or focus shows its details. */
export function ItemName({ entry, className }: { entry: InventoryEntryView; className?: string }) {
  return (
    <Tooltip content={<ItemDetails entry={entry} />}>
      <button
        type="button"
        className={cn('cursor-help rounded-sm text-left font-semibold break-words underline-offset-4 hover:underline', TIER_TEXT[entry.item.tier], className)}
      >
        {entry.item.name}
      </button>
    </Tooltip>
  );
}
