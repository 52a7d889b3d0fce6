import type { StoreView } from '@rpg/contract';
import { Coins } from 'lucide-react';
import { cn } from '@/lib/cn';

const ROWS = [
  { key: 'gold', label: 'Gold', colour: 'text-gold-300' },
  { key: 'silver', label: 'Silver', colour: 'text-slate-300' },
  { key: 'copper', label: 'Copper', colour: 'text-orange-400' },
] as const;

/** Spec 03 section 2: the 'Your Gold' box: gold, silver, copper and casino chips. */
export function WalletBox({ wallet }: { wallet: StoreView['wallet'] }) {
  return (
    <section aria-labelledby="wallet-title" className="w-full rounded-xl border border-gold-700/50 bg-ink-850/90 p-4 sm:w-auto sm:min-w-72">
      <h2 id="wallet-title" className="flex items-center gap-2 text-lg font-semibold text-gold-200">
        <Coins className="size-5 text-gold-400" aria-hidden="true" />
        Your Gold
      </h2>
      <dl className="mt-3 grid grid-cols-4 gap-2 text-center">
        {ROWS.map((row) => (
          <div key={row.key} className="rounded-md bg-ink-950/50 px-2 py-1.5">
            <dt className="text-xs text-parchment-300">{row.label}</dt>
            <dd className={cn('font-semibold tabular-nums', row.colour)}>{wallet.coins[row.key]}</dd>
          </div>
        ))}
        <div className="rounded-md bg-ink-950/50 px-2 py-1.5">
          <dt className="text-xs text-parchment-300">
            <span className="sr-only">Casino </span>Chips
          </dt>
          <dd className="font-semibold text-sky-300 tabular-nums">{wallet.casinoChips}</dd>
        </div>
      </dl>
    </section>
  );
}
