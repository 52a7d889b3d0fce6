import { toCoins, type Copper } from '@rpg/game';
import { Fragment } from 'react';
import { cn } from '@/lib/cn';

export interface CoinSplit {
  gold: number;
  silver: number;
  copper: number;
}

const coinColours = {
  gold: 'text-gold-300',
  silver: 'text-slate-300',
  copper: 'text-orange-400',
} as const;

type Unit = keyof CoinSplit;
const UNITS: readonly Unit[] = ['gold', 'silver', 'copper'];

/** The units to show: all three, or (compact) from the first non-zero unit to the last, '0c' for nothing. */
export function shownUnits(coins: CoinSplit, compact: boolean): Unit[] {
  if (!compact) return [...UNITS];
  const present = UNITS.filter((unit) => coins[unit] !== 0);
  if (present.length === 0) return ['copper'];
  return UNITS.slice(UNITS.indexOf(present[0] as Unit), UNITS.indexOf(present[present.length - 1] as Unit) + 1);
}

interface CoinAmountProps {
  coins: CoinSplit;
  className?: string;
  /** Leave out zero units at either end: a price of 1s 25c instead of 0g 1s 25c. */
  compact?: boolean;
}

/** Money as '12g 3s 40c' (spec 01 section 9), read out as '12 gold, 3 silver, 40 copper'. */
export function CoinAmount({ coins, className, compact = false }: CoinAmountProps) {
  const units = shownUnits(coins, compact);
  const spoken = units.map((unit) => `${coins[unit]} ${unit}`).join(', ');
  return (
    <span className={cn('inline-flex items-baseline gap-1.5 font-semibold tabular-nums', className)} aria-label={spoken} role="img">
      {units.map((unit) => (
        <span key={unit} className={coinColours[unit]}>
          {coins[unit]}
          {unit.charAt(0)}
        </span>
      ))}
    </span>
  );
}

/** A dialog's money summary: 'label  amount' lines (a price, a fee, the funds), amounts in copper. */
export function CoinSummary({ rows }: { rows: ReadonlyArray<readonly [label: string, amount: Copper]> }) {
  return (
    <dl className="grid grid-cols-2 gap-y-1 rounded-lg bg-ink-950/40 p-3 text-sm">
      {rows.map(([label, amount]) => (
        <Fragment key={label}>
          <dt className="text-parchment-300">{label}</dt>
          <dd className="text-right">
            <CoinAmount compact coins={toCoins(amount)} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
