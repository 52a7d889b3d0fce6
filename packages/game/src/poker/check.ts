import { RuleError } from '../errors.ts';
import type { Rng } from '../rng.ts';
import { toCall } from './betting.ts';
import { continueHand } from './flow.ts';
import { cloneState, HUMAN, requireActiveGame, type PokerState, type PokerStep } from './game.ts';

/** Spec 02 §5 "Poker": check is refused while a bet is outstanding. */
export function pokerCheck(current: PokerState | null | undefined, rng: Rng): PokerStep {
  const state = cloneState(requireActiveGame(current));
  if (toCall(state, HUMAN) > 0) {
    throw new RuleError(
      'cannot_check',
      `You can't check: there is a bet of ${state.currentBet} chips. Use /bet ${state.currentBet} to call, /raise [amount] or /fold.`,
    );
  }
  state.players[HUMAN].hasActed = true;
  state.lastAction = 'You check.';
  return continueHand(state, rng, ['You check.']);
}
