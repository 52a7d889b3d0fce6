import { POKER_RAKE_PERCENT } from '@rpg/game';
import type { PokerGame } from '../lib/poker';

/** Issue 42: what the table takes, said before a hand is played: the ante, the table fee and the rake. */
export function TableStakes({ game }: { game: PokerGame }) {
  const taken = game.rake ?? 0;
  return (
    <p className="text-sm text-parchment-300" aria-label="Table stakes">
      Ante {game.ante ?? 0} chips each · Table fee {game.fee ?? 0} chips · The house keeps {POKER_RAKE_PERCENT}% of what you win
      {taken > 0 ? ` (${taken} chips this hand)` : ''}.
    </p>
  );
}
