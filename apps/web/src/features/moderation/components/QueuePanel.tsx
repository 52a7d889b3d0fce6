import { useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useQueueQuery } from '../api/get-queue';
import { QueueItemCard } from './QueueItemCard';

/** The open reports, oldest first, a page at a time. */
export function QueuePanel() {
  const [wanted, setPage] = useState(1);
  const queue = useQueueQuery(wanted);
  if (queue.isPending) return <CenteredSpinner label="Loading reports" />;
  if (queue.isError) return <LoadErrorAlert title="The reports could not be loaded." onRetry={() => void queue.refetch()} />;
  const { items, openItems, page, pageCount } = queue.data;
  // Actions empty the last page: back to the last one there is.
  if (wanted > pageCount) {
    setPage(pageCount);
    return null;
  }
  if (items.length === 0) return <p className="py-10 text-center text-parchment-300">No open reports. The realm is at peace.</p>;
  return (
    <section aria-label="Open reports" className="space-y-4">
      <p className="text-sm text-parchment-300">
        {openItems} open {openItems === 1 ? 'item' : 'items'}
      </p>
      {items.map((item) => (
        <QueueItemCard key={`${item.kind}-${item.itemId}`} item={item} />
      ))}
      {pageCount > 1 ? (
        <nav aria-label="Report pages" className="flex items-center justify-between">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Older
          </Button>
          <span className="text-sm text-parchment-300">
            Page {page} of {pageCount}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
            Newer
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
