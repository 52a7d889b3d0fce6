import type { Coins } from '@rpg/game';
import { Coins as CoinsIcon } from 'lucide-react';

const ROWS = [
  { key: 'gold', label: 'Gold', colour: 'text-gold-300' },
  { key: 'silver', label: 'Silver', colour: 'text-slate-300' },
  { key: 'copper', label: 'Copper', colour: 'text-orange-400' },
] as const;

/** Spec 03 section 2: the 'Your Funds' card (gold, silver, copper of the active character). */
export function FundsCard({ coins }: { coins: Coins }) {
  return (
    <section aria-labelledby="funds-title" className="rounded-xl border border-gold-700/50 bg-ink-850/90 p-4">
      <h2 id="funds-title" className="flex items-center gap-2 text-lg font-semibold text-gold-200">
        <CoinsIcon className="size-5 text-gold-400" aria-hidden="true" />
        Your Funds
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center" data-testid="auction-funds">
        {ROWS.map((row) => (
          <div key={row.key} className="rounded-md bg-ink-950/50 px-2 py-1.5">
            <dt className="text-xs text-parchment-300">{row.label}</dt>
            <dd className={`font-semibold tabular-nums ${row.colour}`}>{coins[row.key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
