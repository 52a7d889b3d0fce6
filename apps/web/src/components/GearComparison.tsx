import type { InventoryEntryView, ItemDataView } from '@rpg/contract';
import { cn } from '@/lib/cn';
import { gearChanges, SLOT_LABELS } from '@/lib/item-display';

type Gear = Extract<ItemDataView, { kind: 'gear' }>;

interface GearComparisonProps {
  item: Gear;
  /** What is worn in the item's slot, if anything. */
  worn: InventoryEntryView | undefined;
  className?: string;
}

/** Issue 44 point 8: 'Against Iron Helm (equipped): +2 Attack, -1 Speed', shown where gear is chosen. */
export function GearComparison({ item, worn, className }: GearComparisonProps) {
  const wornGear = worn?.item.kind === 'gear' ? worn.item : null;
  const changes = gearChanges(item.stats, wornGear?.stats ?? null);
  const against = wornGear ? `Against ${wornGear.name} (equipped)` : `${SLOT_LABELS[item.slot]} slot empty`;
  return (
    <p
      className={cn('text-xs text-parchment-300', className)}
      aria-label={`${against}: ${changes.length ? changes.map((c) => `${c.text} ${c.label}`).join(', ') : 'no change'}`}
    >
      <span>{against}:</span>{' '}
      {changes.length === 0 ? (
        <span>no change</span>
      ) : (
        changes.map((change, i) => (
          <span key={change.stat} className={change.better ? 'text-moss-300' : 'text-ember-300'}>
            {i > 0 ? ', ' : ''}
            <span className="font-semibold tabular-nums">{change.text}</span> {change.label}
          </span>
        ))
      )}
    </p>
  );
}
