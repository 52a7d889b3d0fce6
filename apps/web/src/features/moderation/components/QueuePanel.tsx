import { LoadErrorAlert } from '@/components/ui/Alert';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useQueueQuery } from '../api/get-queue';
import { QueueItemCard } from './QueueItemCard';

/** The open reports, oldest first. */
export function QueuePanel() {
  const queue = useQueueQuery();
  if (queue.isPending) return <CenteredSpinner label="Loading reports" />;
  if (queue.isError) return <LoadErrorAlert title="The reports could not be loaded." onRetry={() => void queue.refetch()} />;
  const { items, openItems } = queue.data;
  if (items.length === 0) return <p className="py-10 text-center text-parchment-300">No open reports. The realm is at peace.</p>;
  return (
    <section aria-label="Open reports" className="space-y-4">
      <p className="text-sm text-parchment-300">
        {openItems} open {openItems === 1 ? 'item' : 'items'}
        {openItems > items.length ? `, the oldest ${items.length} shown` : ''}
      </p>
      {items.map((item) => (
        <QueueItemCard key={`${item.kind}-${item.itemId}`} item={item} />
      ))}
    </section>
  );
}
