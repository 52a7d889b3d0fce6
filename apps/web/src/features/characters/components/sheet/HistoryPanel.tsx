import { ArrowDownLeft, ArrowUpRight, ScrollText } from 'lucide-react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { flattenHistory, useHistoryQuery } from '../../api/character-history';
import { historyAmount, historyLabel } from '../../lib/history-labels';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The character's History (issue 29): where its copper, chips and items came from and went,
 * newest first, a page at a time, with the other player's name on gifts and trades (as text).
 */
export function HistoryPanel({ characterId }: { characterId: string }) {
  const query = useHistoryQuery(characterId);
  const entries = flattenHistory(query.data);

  return (
    <Card className="p-4 sm:p-5" aria-labelledby="history-title" role="region">
      <h2 id="history-title" className="flex items-center gap-2 font-display text-lg font-semibold text-gold-200">
        <ScrollText className="size-5" aria-hidden="true" />
        History
      </h2>
      {query.isPending ? (
        <Spinner label="Loading the history" className="mt-3" />
      ) : query.isError ? (
        <LoadErrorAlert title="The history could not be loaded." onRetry={() => void query.refetch()} className="mt-3" />
      ) : entries.length === 0 ? (
        <p className="mt-3 text-sm text-parchment-300">Nothing has come or gone yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-gold-700/20" aria-label="Copper, chips and items, newest first">
          {entries.map((entry) => {
            const incoming = entry.direction === 'in';
            const Arrow = incoming ? ArrowDownLeft : ArrowUpRight;
            return (
              <li key={entry.id} className="flex items-start gap-3 py-2 text-sm">
                <Arrow className={cn('mt-0.5 size-4 shrink-0', incoming ? 'text-moss-300' : 'text-ember-300')} aria-label={incoming ? 'In' : 'Out'} />
                <div className="min-w-0 flex-1">
                  <p className="break-words text-parchment-100">{historyLabel(entry)}</p>
                  <p className="text-xs text-parchment-300">
                    <time dateTime={entry.at}>{when(entry.at)}</time>
                  </p>
                </div>
                <span className={cn('shrink-0 text-right font-medium break-words', incoming ? 'text-moss-300' : 'text-ember-300')}>{historyAmount(entry)}</span>
              </li>
            );
          })}
        </ol>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" size="sm" className="mt-3" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      )}
    </Card>
  );
}
