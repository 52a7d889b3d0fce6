import type { ModerationQueueItem } from '@rpg/contract';
import { Card } from '@/components/ui/Card';
import { cn } from '@/lib/cn';
import { KIND_LABEL, staffTime } from '../lib/texts';
import { ActionForm } from './ActionForm';

/** The player's standing: reported and acted on before, muted or suspended now. */
function Standing({ target, history }: Pick<ModerationQueueItem, 'target' | 'history'>) {
  return (
    <p className="text-xs text-parchment-300">
      {target.username} ({target.role}) · reported for {history.reportedItems} {history.reportedItems === 1 ? 'item' : 'items'} · acted on {history.actions}{' '}
      {history.actions === 1 ? 'time' : 'times'} before
      {target.mutedUntil ? <span className="text-ember-300"> · muted until {staffTime(target.mutedUntil)}</span> : null}
      {target.suspended ? (
        <span className="text-ember-300"> · suspended {target.suspendedUntil ? `until ${staffTime(target.suspendedUntil)}` : 'for good'}</span>
      ) : null}
    </p>
  );
}

/** One open item of the queue: what was reported (as it was), its surroundings, who reported it, and the action form. */
export function QueueItemCard({ item }: { item: ModerationQueueItem }) {
  const heading = `${KIND_LABEL[item.kind]} by ${item.snapshot.authorName}`;
  return (
    <Card role="article" aria-label={heading} data-testid="report-item" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display text-lg font-semibold text-gold-300">{heading}</h2>
        <span className="rounded bg-ember-500/20 px-2 py-0.5 text-xs font-semibold text-ember-300">
          {item.reporterCount} {item.reporterCount === 1 ? 'report' : 'reports'}
        </span>
      </div>
      <Standing target={item.target} history={item.history} />
      <figure>
        <blockquote
          className="rounded-md border-l-4 border-ember-500 bg-ink-900/70 px-3 py-2 text-sm break-words whitespace-pre-wrap text-parchment-50"
          data-testid="reported-text"
        >
          {item.snapshot.text}
        </blockquote>
        {item.snapshot.imageUrl ? (
          <img src={item.snapshot.imageUrl} alt="The reported post's image" className="mt-2 max-h-48 rounded border border-ink-600" />
        ) : null}
        <figcaption className="mt-1 text-xs text-parchment-400">
          {item.snapshot.characterName ? `${item.snapshot.characterName} · ` : ''}written {staffTime(item.snapshot.writtenAt)}
          {item.exists ? '' : ' · deleted since (kept as it was when reported)'}
        </figcaption>
      </figure>
      {item.post ? (
        <div className="text-sm">
          <p className="text-xs font-semibold text-parchment-300">On the post by {item.post.authorName}:</p>
          <p className="rounded bg-ink-900/50 px-2 py-1 break-words whitespace-pre-wrap text-parchment-200">{item.post.text}</p>
        </div>
      ) : null}
      {item.context.length > 0 ? (
        <details className="text-sm" open={item.kind === 'chat'}>
          <summary className="cursor-pointer text-xs font-semibold text-parchment-300 focus-visible:outline-2 focus-visible:outline-gold-300">
            {item.kind === 'chat' ? 'The chat around it' : item.kind === 'dm' ? 'The conversation around it' : 'Comments'}
          </summary>
          <ol className="mt-1 space-y-0.5" aria-label="Context">
            {item.context.map((line) => (
              <li
                key={line.id}
                aria-current={line.reported ? 'true' : undefined}
                className={cn('rounded px-2 py-0.5 break-words', line.reported ? 'bg-ember-500/15 text-parchment-50' : 'text-parchment-300')}
              >
                <span className="font-semibold">{line.authorName}:</span> {line.text}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <div>
        <p className="text-xs font-semibold text-parchment-300">Reported by</p>
        <ul className="text-xs text-parchment-200">
          {item.reporters.map((r) => (
            <li key={`${r.username}-${r.createdAt}`}>
              {r.username} · {staffTime(r.createdAt)}
              {r.reason ? ` · “${r.reason}”` : ''}
            </li>
          ))}
        </ul>
      </div>
      <ActionForm item={item} />
    </Card>
  );
}
