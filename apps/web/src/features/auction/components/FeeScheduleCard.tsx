import { AUCTION_FEE_BRACKETS } from '@rpg/game';
import { Info } from 'lucide-react';

/** Spec 03 section 2: the 5% sales note and the listing fee schedule (DECISIONS section 2: brackets in gold). */
export function FeeScheduleCard() {
  return (
    <>
      <p className="flex gap-2 rounded-xl border border-sky-700/40 bg-sky-950/30 p-3 text-sm text-sky-100">
        <Info className="mt-0.5 size-4 shrink-0 text-sky-300" aria-hidden="true" />
        <span>The auction house takes a 5% fee on all sales.</span>
      </p>
      <section aria-labelledby="fee-title" className="rounded-xl border border-gold-700/50 bg-ink-850/90 p-4">
        <h2 id="fee-title" className="text-lg font-semibold text-gold-200">
          Listing Fees
        </h2>
        <p className="mt-1 text-xs text-parchment-300">Paid when you list, rounded up, and not refunded.</p>
        <table className="mt-3 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Price</th>
              <th scope="col">Fee</th>
            </tr>
          </thead>
          <tbody>
            {AUCTION_FEE_BRACKETS.map((bracket) => (
              <tr key={bracket.label} className="border-t border-ink-600 first:border-t-0">
                <td className="py-1.5 text-parchment-200">{bracket.label}</td>
                <td className="py-1.5 text-right font-semibold text-gold-300 tabular-nums">{Math.round(bracket.rate * 100)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
