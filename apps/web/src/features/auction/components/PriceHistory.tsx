import { CoinAmount } from '@/components/CoinAmount';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { usePriceHistory } from '../api/get-price-history';

const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The last sales of the picked item's name, so a seller can price sensibly. */
export function PriceHistory({ name }: { name: string }) {
  const history = usePriceHistory(name);
  const sales = history.data?.sales;
  return (
    <section aria-labelledby="price-history-title" className="rounded-lg border border-ink-600 bg-ink-950/40 p-3">
      <h3 id="price-history-title" className="text-sm font-semibold text-gold-200">
        Recent sales of {name}
      </h3>
      {history.isPending ? (
        <p className="mt-1 text-xs text-parchment-300">Loading price history...</p>
      ) : !sales ? (
        <LoadErrorAlert title="Price history is unavailable right now." onRetry={() => void history.refetch()} className="mt-2" />
      ) : sales.length === 0 ? (
        <p className="mt-1 text-xs text-parchment-300">No sales yet. You set the market price.</p>
      ) : (
        <ul className="mt-2 max-h-32 space-y-1 overflow-y-auto text-sm" aria-label={`Last sales of ${name}`}>
          {sales.map((sale, index) => (
            <li key={`${sale.soldAt}-${index}`} className="flex items-baseline justify-between gap-3">
              <span className="text-xs text-parchment-300">
                {dateFormat.format(new Date(sale.soldAt))}
                {sale.quantity > 1 ? ` · x${sale.quantity}` : ''}
              </span>
              <CoinAmount compact coins={sale.coins} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
