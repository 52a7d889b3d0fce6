import type { ItemDataView } from '@rpg/contract';
import { cn } from '@/lib/cn';
import { effectText, statLines } from '@/lib/item-display';

/** A gear item's stats ('+3 Attack', negatives in red) or what a potion or food restores. */
export function ItemStats({ item, className }: { item: ItemDataView; className?: string }) {
  const effect = effectText(item);
  if (effect) return <p className={cn('text-sm text-moss-300', className)}>{effect}</p>;
  if (item.kind !== 'gear') return null;
  const lines = statLines(item.stats);
  if (lines.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-x-3 gap-y-0.5 text-sm', className)} aria-label="Stats">
      {lines.map((line) => (
        <li key={line.stat} className={line.negative ? 'text-ember-300' : 'text-moss-300'}>
          <span className="font-semibold tabular-nums">{line.text}</span> {line.label}
        </li>
      ))}
    </ul>
  );
}
