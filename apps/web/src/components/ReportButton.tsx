import { okResponseSchema } from '@rpg/contract';
import type { ReportKind } from '@rpg/game';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

/** The answer to a report, as the chat's report says it. */
export const REPORTED_TOAST = { title: 'Reported', description: 'Thank you. A moderator will review it.' } as const;

/** POST /api/reports (issue 28): a post, a comment or a direct message for the moderators' queue. */
export function reportItem(body: { kind: ReportKind; itemId: string }) {
  return apiFetch('/api/reports', okResponseSchema, { method: 'POST', body });
}

/**
 * A flag that reports someone else's post, comment or direct message at once (the chat's report
 * works the same way); a second report of the same item is refused with the server's text.
 */
export function ReportButton({ kind, itemId, label, className }: { kind: ReportKind; itemId: string; label: string; className?: string }) {
  const report = useMutation({
    mutationFn: reportItem,
    onSuccess: () => toast.success(REPORTED_TOAST.title, { description: REPORTED_TOAST.description }),
    onError: (error) => toastApiError(error, 'Report Failed'),
  });
  return (
    <button
      type="button"
      onClick={() => report.mutate({ kind, itemId })}
      disabled={report.isPending}
      aria-label={label}
      title="Report"
      className={cn(
        'rounded p-1 text-parchment-400 hover:bg-ink-700 hover:text-ember-400 focus-visible:outline-2 focus-visible:outline-gold-300 disabled:opacity-50',
        className,
      )}
    >
      <Flag className="size-3.5" aria-hidden="true" />
    </button>
  );
}
