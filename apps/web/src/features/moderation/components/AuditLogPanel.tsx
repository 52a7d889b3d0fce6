import { useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useAuditLogQuery } from '../api/audit-log';
import { AUDIT_ACTION, staffTime } from '../lib/texts';

/** Every moderator action, newest first, a page at a time (admins). Read only: nothing here edits or deletes. */
export function AuditLogPanel() {
  const [page, setPage] = useState(1);
  const log = useAuditLogQuery(page);
  if (log.isPending) return <CenteredSpinner label="Loading the log" />;
  if (log.isError) return <LoadErrorAlert title="The log could not be loaded." onRetry={() => void log.refetch()} />;
  const { entries, pageCount } = log.data;
  return (
    <section aria-label="Audit log" className="space-y-3">
      {entries.length === 0 ? <p className="py-10 text-center text-parchment-300">No moderator has acted yet.</p> : null}
      <ol className="space-y-2">
        {entries.map((e) => (
          <li key={e.id} className="rounded-md border border-ink-700 bg-ink-900/60 p-2 text-sm" data-testid="audit-entry">
            <p className="text-parchment-100">
              <time dateTime={e.createdAt} className="text-parchment-400">
                {staffTime(e.createdAt)}
              </time>{' '}
              · <span className="font-semibold">{e.actorName}</span> {AUDIT_ACTION[e.action] ?? e.action} <span className="font-semibold">{e.targetName}</span>
              {typeof e.details.until === 'string' ? ` (${e.details.until === 'for good' ? 'for good' : `until ${staffTime(e.details.until)}`})` : ''}
            </p>
            <p className="break-words text-parchment-300">Reason: {e.reason}</p>
          </li>
        ))}
      </ol>
      <nav aria-label="Audit log pages" className="flex items-center justify-between">
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Newer
        </Button>
        <span className="text-sm text-parchment-300">
          Page {page} of {pageCount}
        </span>
        <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
          Older
        </Button>
      </nav>
    </section>
  );
}
