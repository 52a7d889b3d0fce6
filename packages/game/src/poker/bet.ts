import { RuleError } from '../errors.ts';
import type { Rng } from '../rng.ts';
import { contribute } from './betting.ts';
import { continueHand } from './flow.ts';
import { cloneState, HUMAN, requireActiveGame, type PokerState, type PokerStep } from './game.ts';

export const INVALID_BET = 'Invalid bet amount. Usage: /bet [amount]';

/**
 * Spec 02 §5 "Poker": /bet N brings the player's bet in this round to N
 * chips, so /bet with the current bet calls and a larger N raises to N.
 * N above what the player can put in is rejected; N below the current bet is
 * rejected unless it puts the player all-in (a call for less).
 */
export function pokerBet(current: PokerState | null | undefined, amount: number, rng: Rng): PokerStep {
  const state = cloneState(requireActiveGame(current));
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RuleError('invalid_bet', INVALID_BET);
  const human = state.players[HUMAN];
  const pay = amount - human.currentBet;
  if (pay > human.chips) {
    throw new RuleError('bet_exceeds_chips', `You can't bet ${amount} chips: you only have ${human.chips} chips.`);
  }
  const allIn = pay === human.chips;
  if (amount < state.currentBet && !allIn) {
    throw new RuleError('bet_below_current', `Your bet must be at least the current bet of ${state.currentBet} chips.`);
  }
  const before = state.currentBet;
  contribute(state, HUMAN, Math.max(0, pay));
  human.hasActed = true;
  const suffix = human.isAllIn ? ' You are all-in!' : '';
  let line: string;
  if (pay <= 0) line = 'You check.';
  else if (before === 0) line = `You bet ${amount} chips.${suffix}`;
  else if (amount <= before) line = `You call ${pay} chips.${suffix}`;
  else line = `You raise to ${amount} chips.${suffix}`;
  state.lastAction = line;
  return continueHand(state, rng, [line]);
}
