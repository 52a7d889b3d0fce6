import type { ModerationActionBody, ModerationQueueItem } from '@rpg/contract';
import { MODERATION_REASON_MAX_LENGTH } from '@rpg/game';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useActOnReport } from '../api/act-on-report';
import { useDismissReporter } from '../api/dismiss-reporter';
import { MUTE_CHOICES, SUSPENSION_CHOICES } from '../lib/texts';

/** What the form does: an action on the report, or (issue 46) every open report of one reporter dismissed. */
type Action = ModerationActionBody['action'] | 'dismiss-reporter';

const ACTIONS: ReadonlyArray<{ action: Action; label: string }> = [
  { action: 'dismiss', label: 'Dismiss' },
  { action: 'dismiss-reporter', label: 'Dismiss all from a reporter' },
  { action: 'delete', label: 'Delete for everyone' },
  { action: 'mute', label: 'Mute in chat' },
  { action: 'suspend', label: 'Suspend account' },
];

const field =
  'block w-full rounded-md border border-ink-600 bg-ink-950/70 px-3 py-2 text-sm text-parchment-50 focus:border-gold-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-300';

/** What to do with one queue item: an action, its length (mute, suspension) and the required reason. */
export function ActionForm({ item }: { item: ModerationQueueItem }) {
  const id = useId();
  const [action, setAction] = useState<Action>('dismiss');
  const [minutes, setMinutes] = useState<number>(MUTE_CHOICES[1].minutes);
  const [days, setDays] = useState<string>(String(SUSPENSION_CHOICES[1].days));
  const [reason, setReason] = useState('');
  const [reporterId, setReporterId] = useState(item.reporters[0]?.userId ?? '');
  const act = useActOnReport();
  const dismissAll = useDismissReporter();

  const submit = () => {
    const why = reason.trim();
    if (action === 'dismiss-reporter') {
      const reporter = item.reporters.find((r) => r.userId === reporterId);
      if (reporter) dismissAll.mutate({ userId: reporter.userId, username: reporter.username, reason: why });
      return;
    }
    const body: ModerationActionBody =
      action === 'mute'
        ? { action, reason: why, minutes }
        : action === 'suspend'
          ? { action, reason: why, days: days === 'forever' ? null : Number(days) }
          : { action, reason: why };
    act.mutate({ reportId: item.reportId, body });
  };

  return (
    <form
      className="space-y-3 border-t border-gold-700/20 pt-3"
      aria-label={`Act on the report about ${item.target.username}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-gold-300">Action</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {ACTIONS.map((a) => (
            <label key={a.action} className="flex items-center gap-1.5 text-sm text-parchment-100">
              <input
                type="radio"
                name={`${id}-action`}
                value={a.action}
                checked={action === a.action}
                onChange={() => setAction(a.action)}
                className="accent-gold-400"
              />
              {a.label}
            </label>
          ))}
        </div>
      </fieldset>
      {action === 'mute' ? (
        <div>
          <label htmlFor={`${id}-minutes`} className="mb-1 block text-sm text-parchment-200">
            Mute for
          </label>
          <select id={`${id}-minutes`} className={field} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
            {MUTE_CHOICES.map((c) => (
              <option key={c.minutes} value={c.minutes}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {action === 'dismiss-reporter' ? (
        <div>
          <label htmlFor={`${id}-reporter`} className="mb-1 block text-sm text-parchment-200">
            Every open report from
          </label>
          <select id={`${id}-reporter`} className={field} value={reporterId} onChange={(e) => setReporterId(e.target.value)}>
            {item.reporters.map((r) => (
              <option key={r.userId} value={r.userId}>
                {r.username}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {action === 'suspend' ? (
        <div>
          <label htmlFor={`${id}-days`} className="mb-1 block text-sm text-parchment-200">
            Suspend for
          </label>
          <select id={`${id}-days`} className={field} value={days} onChange={(e) => setDays(e.target.value)}>
            {SUSPENSION_CHOICES.map((c) => (
              <option key={c.label} value={c.days === null ? 'forever' : String(c.days)}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-reason`} className="mb-1 block text-sm text-parchment-200">
          Reason (the player reads it)
        </label>
        <textarea
          id={`${id}-reason`}
          className={field}
          rows={2}
          required
          maxLength={MODERATION_REASON_MAX_LENGTH}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          size="sm"
          variant={action === 'dismiss' || action === 'dismiss-reporter' ? 'secondary' : 'danger'}
          disabled={act.isPending || dismissAll.isPending || reason.trim() === ''}
        >
          Apply
        </Button>
      </div>
    </form>
  );
}
