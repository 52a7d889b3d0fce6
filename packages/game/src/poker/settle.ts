import { HUMAN, type PokerState } from './game.ts';

export interface PokerSettlement {
  /** The character's casino chips after the game. */
  playerChips: number;
  /** Chips won (positive) or lost (negative) against the chips brought. */
  net: number;
  /** False when an unfinished game is settled as a forfeit. */
  finished: boolean;
}

/**
 * The chips go back to the character: everything the human holds once the
 * game is over. An unfinished game (a new /poker during a hand, a character
 * switch) is settled as a forfeit: the chips already in the pot are lost, the
 * chips behind come back.
 */
export function settlePoker(state: PokerState): PokerSettlement {
  const playerChips = state.players[HUMAN].chips;
  return { playerChips, net: playerChips - state.startingChips, finished: !state.isActive };
}
