import type { ModerationTarget } from '@rpg/contract';
import { MODERATION_REASON_MAX_LENGTH } from '@rpg/game';
import { useId, useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useLiftPenalty, usePenaltiesQuery } from '../api/penalties';
import { staffTime } from '../lib/texts';

function LiftForm({ player, what }: { player: ModerationTarget; what: 'mute' | 'suspension' }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const lift = useLiftPenalty();
  const label = what === 'mute' ? 'Lift mute' : 'Lift suspension';
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        lift.mutate({ userId: player.id, body: { what, reason: reason.trim() } });
      }}
    >
      <div className="min-w-48 flex-1">
        <label htmlFor={id} className="mb-1 block text-xs text-parchment-300">
          Reason to lift the {what} of {player.username}
        </label>
        <input
          id={id}
          required
          maxLength={MODERATION_REASON_MAX_LENGTH}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className={cn(
            'block w-full rounded-md border border-ink-600 bg-ink-950/70 px-2 py-1.5 text-sm text-parchment-50',
            'focus:border-gold-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-300',
          )}
        />
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={lift.isPending || reason.trim() === ''}>
        {label}
      </Button>
    </form>
  );
}

/** The players muted or suspended now, each with a way to lift it. */
export function PenaltiesPanel() {
  const penalties = usePenaltiesQuery();
  if (penalties.isPending) return <CenteredSpinner label="Loading" />;
  if (penalties.isError) return <LoadErrorAlert title="The list could not be loaded." onRetry={() => void penalties.refetch()} />;
  const { players } = penalties.data;
  if (players.length === 0) return <p className="py-10 text-center text-parchment-300">Nobody is muted or suspended.</p>;
  return (
    <ul aria-label="Muted and suspended players" className="space-y-3">
      {players.map((p) => (
        <li key={p.id}>
          <Card className="space-y-2">
            <p className="font-semibold text-parchment-50">{p.username}</p>
            {p.mutedUntil ? (
              <>
                <p className="text-sm text-parchment-200">
                  Muted until {staffTime(p.mutedUntil)} · {p.muteReason}
                </p>
                <LiftForm player={p} what="mute" />
              </>
            ) : null}
            {p.suspended ? (
              <>
                <p className="text-sm text-parchment-200">
                  Suspended {p.suspendedUntil ? `until ${staffTime(p.suspendedUntil)}` : 'for good'} · {p.suspensionReason}
                </p>
                <LiftForm player={p} what="suspension" />
              </>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
