import type { Rng } from '../rng.ts';
import { closeRound, isRoundComplete, needsToAct, playersAbleToBet, toCall } from './betting.ts';
import { botAct } from './bot.ts';
import { formatCards, type Card } from './cards.ts';
import { BOT, HUMAN, type PokerPhase, type PokerState, type PokerStep } from './game.ts';
import { endByFold, showdown } from './showdown.ts';

/** Spec 02 §4: each phase and the community cards it deals. */
const NEXT_PHASE: Record<Exclude<PokerPhase, 'showdown'>, { phase: PokerPhase; cards: number; label: string }> = {
  preflop: { phase: 'flop', cards: 3, label: 'Flop' },
  flop: { phase: 'turn', cards: 1, label: 'Turn' },
  turn: { phase: 'river', cards: 1, label: 'River' },
  river: { phase: 'showdown', cards: 0, label: 'Showdown' },
};

/** Deals the next street from the top of the deck (no burn cards). */
function dealStreet(state: PokerState): string | null {
  if (state.phase === 'showdown') return null;
  const next = NEXT_PHASE[state.phase];
  state.phase = next.phase;
  if (next.cards === 0) return null;
  const dealt: Card[] = state.deck.slice(0, next.cards);
  state.deck = state.deck.slice(next.cards);
  state.communityCards = [...state.communityCards, ...dealt];
  const board = next.cards === 3 ? '' : ` (board: ${formatCards(state.communityCards)})`;
  return `${next.label}: ${formatCards(dealt)}${board}`;
}

/** The line that hands the turn back to the human. */
export function yourTurnLine(state: PokerState): string {
  const owed = toCall(state, HUMAN);
  const chips = state.players[HUMAN].chips;
  if (owed === 0) {
    return `Your turn (pot ${state.pot}, you have ${chips} chips): /check, /bet [amount], /raise [amount] or /fold.`;
  }
  return `Your turn (pot ${state.pot}, ${owed} to call, you have ${chips} chips): /bet ${state.currentBet} to call, /raise [amount] or /fold.`;
}

/**
 * What happens after the human has acted: the bot answers when its turn
 * comes, completed rounds deal the next street, a fold ends the game, and when
 * at most one player can still bet the board is dealt out to the showdown.
 * Changes `state` (a clone) and returns the step.
 */
export function continueHand(state: PokerState, rng: Rng, messages: string[]): PokerStep {
  for (;;) {
    const folder = state.players.findIndex((p) => p.folded);
    if (folder !== -1) {
      messages.push(...endByFold(state, folder));
      return { state, messages };
    }
    if (!isRoundComplete(state)) {
      if (needsToAct(state, BOT)) {
        state.currentPlayerIndex = BOT;
        messages.push(botAct(state, rng));
        continue;
      }
      state.currentPlayerIndex = HUMAN;
      messages.push(yourTurnLine(state));
      return { state, messages };
    }
    messages.push(...closeRound(state));
    const runOut = playersAbleToBet(state) < 2;
    do {
      const line = dealStreet(state);
      if (line) messages.push(line);
    } while (runOut && state.phase !== 'showdown');
    if (state.phase === 'showdown') {
      messages.push(...showdown(state));
      return { state, messages };
    }
    state.currentPlayerIndex = HUMAN;
    messages.push(yourTurnLine(state));
    return { state, messages };
  }
}
