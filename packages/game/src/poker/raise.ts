import { RuleError } from '../errors.ts';
import type { Rng } from '../rng.ts';
import { contribute } from './betting.ts';
import { continueHand } from './flow.ts';
import { cloneState, HUMAN, requireActiveGame, type PokerState, type PokerStep } from './game.ts';

export const INVALID_RAISE = 'Invalid raise amount. Usage: /raise [amount]';

/**
 * Spec 02 §5 "Poker": /raise R brings the player's bet to the current bet + R.
 * It needs current bet + R <= the player's chips, counting the chips the
 * player has already bet in this round.
 */
export function pokerRaise(current: PokerState | null | undefined, amount: number, rng: Rng): PokerStep {
  const state = cloneState(requireActiveGame(current));
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RuleError('invalid_raise', INVALID_RAISE);
  const human = state.players[HUMAN];
  const target = state.currentBet + amount;
  const pay = target - human.currentBet;
  if (pay > human.chips) {
    throw new RuleError('raise_exceeds_chips', `You can't raise by ${amount}: a bet of ${target} needs ${pay} more chips and you only have ${human.chips}.`);
  }
  const before = state.currentBet;
  contribute(state, HUMAN, pay);
  human.hasActed = true;
  const suffix = human.isAllIn ? ' You are all-in!' : '';
  const line = before === 0 ? `You bet ${amount} chips.${suffix}` : `You raise by ${amount} to ${target} chips.${suffix}`;
  state.lastAction = line;
  return continueHand(state, rng, [line]);
}
