import { cloneState, HUMAN, requireActiveGame, type PokerState, type PokerStep } from './game.ts';
import { endByFold } from './showdown.ts';

/** Spec 02 §4: folding leaves the bot as winner with the pot and ends the game. */
export function pokerFold(current: PokerState | null | undefined): PokerStep {
  const state = cloneState(requireActiveGame(current));
  state.players[HUMAN].folded = true;
  state.lastAction = 'You fold.';
  return { state, messages: ['You fold.', ...endByFold(state, HUMAN)] };
}
