import { cn } from '@/lib/cn';
import { useRealtimeStatus } from '../hooks/realtime-context';
import type { ConnectionState } from '../lib/protocol';

const LOOK: Record<ConnectionState, { label: string; dot: string }> = {
  open: { label: 'Live updates: connected', dot: 'bg-moss-400 shadow-[0_0_6px_rgb(127_192_138/0.8)]' },
  connecting: { label: 'Live updates: connecting', dot: 'bg-gold-400 animate-pulse' },
  reconnecting: { label: 'Live updates: reconnecting', dot: 'bg-ember-500 animate-pulse' },
  closed: { label: 'Live updates: offline', dot: 'bg-ink-500' },
};

/** A small dot for the socket's state (its label is the accessible name and the tooltip), and "Reconnecting..." while it reconnects. */
export function ConnectionIndicator({ className }: { className?: string }) {
  const state = useRealtimeStatus();
  const { label, dot } = LOOK[state];

  return (
    <span className="inline-flex items-center gap-1">
      <span role="img" aria-label={label} title={label} data-state={state} className={cn('inline-flex size-6 items-center justify-center', className)}>
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', dot)} />
      </span>
      {/* A server restart or a lost network: said in words until the socket is back (issue 28). */}
      {state === 'reconnecting' && (
        <span role="status" className="text-xs text-ember-300">
          Reconnecting...
        </span>
      )}
    </span>
  );
}
