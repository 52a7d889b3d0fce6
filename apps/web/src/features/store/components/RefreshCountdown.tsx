import { Clock } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useCountdown } from '../hooks/useCountdown';
import { formatCountdown, isRefreshingSoon } from '../lib/countdown';

interface RefreshCountdownProps {
  /** ISO time of the next refresh (the server's). */
  nextRefresh: string;
  /** Runs when the countdown reaches zero: refetch the store. */
  onExpire: () => void;
}

/** Spec 03 section 2: the time to the next refresh as hh:mm:ss, with a 'Refreshing soon' pulse. */
export function RefreshCountdown({ nextRefresh, onExpire }: RefreshCountdownProps) {
  const remaining = useCountdown(nextRefresh, onExpire);
  const soon = isRefreshingSoon(remaining);

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <p className="inline-flex items-center gap-2 rounded-full border border-gold-700/50 bg-ink-850/90 px-3 py-1.5">
        <Clock className="size-4 text-gold-400" aria-hidden="true" />
        <span className="text-parchment-300">New stock in</span>
        <time role="timer" dateTime={nextRefresh} className={cn('font-semibold tabular-nums', soon ? 'text-ember-300' : 'text-gold-200')}>
          {formatCountdown(remaining)}
        </time>
      </p>
      {soon ? (
        <span className="animate-pulse rounded-full bg-ember-700/70 px-3 py-1 text-xs font-semibold text-parchment-50 motion-reduce:animate-none">
          Refreshing soon
        </span>
      ) : null}
    </div>
  );
}
