import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { NumberInput } from '@/components/ui/NumberInput';
import { parseBetAmount, turnOptions, type PokerCommand, type PokerGame } from '../lib/poker';

interface PokerActionsProps {
  game: PokerGame;
  busy: boolean;
  onCommand: (command: PokerCommand) => void;
}

/**
 * Check, Bet, Raise and Fold for the active hand, as the console commands. The amount field starts at
 * the bet to call (or 10); the parent remounts it by the betting situation, so a new round resets it.
 */
export function PokerActions({ game, busy, onCommand }: PokerActionsProps) {
  const options = turnOptions(game);
  const [text, setText] = useState(String(options.suggestedAmount));
  const amountId = useId();
  const helpId = useId();
  const amount = parseBetAmount(text);

  const bet = (event: FormEvent) => {
    event.preventDefault();
    if (amount !== null) onCommand({ type: 'bet', amount });
  };

  return (
    <form onSubmit={bet} className="space-y-3" aria-label="Your move">
      <p id={helpId} className="text-sm text-parchment-300">
        {options.toCall > 0
          ? `${game.players[1].name} bet ${game.currentBet}. Bet ${game.currentBet} to call, raise, or fold.`
          : 'Bet sets your bet for this round; Raise adds the amount to the current bet.'}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="w-full space-y-1 sm:w-24">
          <label htmlFor={amountId} className="block text-xs font-medium text-parchment-200">
            Amount
          </label>
          <NumberInput
            id={amountId}
            min={1}
            step={1}
            value={text}
            onValueChange={setText}
            aria-describedby={helpId}
            invalid={amount === null}
            className="h-10 w-full px-2"
          />
        </div>
        <div className="grid grid-cols-4 gap-2 sm:flex">
          <Button variant="secondary" disabled={busy || !options.canCheck} onClick={() => onCommand({ type: 'check' })}>
            Check
          </Button>
          <Button type="submit" disabled={busy || amount === null}>
            Bet
          </Button>
          <Button variant="secondary" disabled={busy || amount === null} onClick={() => amount !== null && onCommand({ type: 'raise', amount })}>
            Raise
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => onCommand({ type: 'fold' })}>
            Fold
          </Button>
        </div>
      </div>
    </form>
  );
}
