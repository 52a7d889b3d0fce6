import type { AttributeBonuses } from '@rpg/game';
import { cn } from '@/lib/cn';
import { bonusLines } from '../lib/labels';

/** '+2 Dexterity', '-1 Intelligence', ... (negative ones in red). */
export function BonusList({ bonuses, className }: { bonuses: AttributeBonuses; className?: string }) {
  const lines = bonusLines(bonuses);
  if (lines.length === 0) return <p className={cn('text-sm text-parchment-300', className)}>No bonuses</p>;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)}>
      {lines.map((line) => (
        <li
          key={line.attribute}
          className={cn(
            'rounded-full border px-2 py-0.5 text-xs font-medium',
            line.negative ? 'border-ember-500/50 text-ember-300' : 'border-moss-400/50 text-moss-300',
          )}
        >
          {line.amount} {line.label}
        </li>
      ))}
    </ul>
  );
}
