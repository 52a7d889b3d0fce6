import type { ConsoleAnswer } from '@rpg/contract';
import { NO_CHIPS_HINT } from '@rpg/game';
import { ChevronDown, Spade } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert, LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { usePokerQuery } from '../api/get-poker';
import { usePokerCommand } from '../api/post-console-command';
import { usePokerSounds } from '../hooks/usePokerSounds';
import { PHASE_LABELS, commandText, handNet, handResult, type PokerCommand, type PokerGame } from '../lib/poker';
import { PokerActions } from './PokerActions';
import { PokerSeats } from './PokerSeats';
import { TableStakes } from './TableStakes';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-ink-600 bg-ink-950/50 px-3 py-2">
      <dt className="text-xs tracking-wide text-parchment-400 uppercase">{label}</dt>
      <dd className="font-semibold text-parchment-50 tabular-nums">{value}</dd>
    </div>
  );
}

function HandResult({ game }: { game: PokerGame }) {
  const result = handResult(game);
  if (!result) return null;
  const net = handNet(game);
  return (
    <Alert tone={net > 0 ? 'success' : net < 0 ? 'error' : 'gold'} role="status" title={result}>
      <p className="tabular-nums">{net === 0 ? 'You kept your chips.' : net > 0 ? `+${net} chips` : `${net} chips`}</p>
    </Alert>
  );
}

/** The lines of a refused command ('error' lines), shown under the table until the next command. */
function refusals(answer: ConsoleAnswer): string | null {
  const lines = answer.messages.filter((message) => message.kind === 'error').map((message) => message.content);
  return lines.length ? lines.join(' ') : null;
}

/**
 * Spec 02 sections 2-4: the poker hand as a table. The buttons type the console's commands, so the
 * console shows every line; the table follows the hand through ['casino', id].
 */
export function PokerTable({ characterId }: { characterId: string }) {
  const [open, setOpen] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  const bodyId = useId();
  const poker = usePokerQuery(characterId);
  const command = usePokerCommand(characterId, (answer) => setNotice(refusals(answer)));
  const send = (next: PokerCommand) => {
    setNotice(null);
    command.mutate(commandText(next));
  };

  const game = poker.data?.game ?? null;
  usePokerSounds(poker.data ? game : undefined);
  const chips = poker.data?.chips ?? 0;
  const active = game?.isActive ?? false;

  return (
    <Card className="p-4 sm:p-5" role="region" aria-labelledby={`${bodyId}-title`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${bodyId}-title`} className="flex items-center gap-2 font-display text-xl font-semibold text-gold-300">
          <Spade className="size-5" aria-hidden="true" />
          Poker Table
        </h2>
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show'}
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </Button>
      </div>
      <div id={bodyId} hidden={!open} className="mt-4 space-y-4">
        {poker.isPending ? (
          <Spinner label="Loading the poker table" className="mx-auto my-6 flex justify-center" />
        ) : !poker.data ? (
          <LoadErrorAlert title="The poker table could not be loaded." onRetry={() => void poker.refetch()} />
        ) : (
          <>
            {game ? (
              <>
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  <Stat label="Phase" value={PHASE_LABELS[game.phase]} />
                  <Stat label="Pot" value={game.pot} />
                  <Stat label="Current bet" value={game.currentBet} />
                  <Stat label={active ? 'Your chips' : 'Chips held'} value={active ? game.players[0].chips : chips} />
                </dl>
                <TableStakes game={game} />
                <PokerSeats game={game} />
                {game.lastAction ? (
                  <p className="text-sm text-parchment-200" aria-live="polite">
                    <span className="text-parchment-400">Last action: </span>
                    {game.lastAction}
                  </p>
                ) : null}
                <HandResult game={game} />
              </>
            ) : null}
            {game && active ? (
              <PokerActions key={`${game.phase}:${game.currentBet}:${game.players[0].currentBet}`} game={game} busy={command.isPending} onCommand={send} />
            ) : chips > 0 ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-parchment-200">
                  {game ? 'Play again? ' : "Texas Hold'em against AI Bot. "}A new hand takes all your {chips} chips to the table.
                </p>
                <Button onClick={() => send({ type: 'poker' })} disabled={command.isPending}>
                  New hand
                </Button>
              </div>
            ) : (
              <p className="rounded-lg border border-ink-600 bg-ink-950/40 p-3 text-sm text-parchment-200">{NO_CHIPS_HINT}</p>
            )}
            {notice ? (
              <p role="status" className="text-sm font-medium text-ember-300">
                {notice}
              </p>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}
