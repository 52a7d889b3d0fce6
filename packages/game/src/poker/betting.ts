import { HUMAN, BOT, subject, type PokerState } from './game.ts';

/**
 * Betting-round bookkeeping shared by the actions. These helpers change the
 * state they are given: callers pass a clone (see cloneState).
 */

/** Moves up to `amount` chips from a player into the pot; returns what was paid. */
export function contribute(state: PokerState, index: number, amount: number): number {
  const player = state.players[index === HUMAN ? HUMAN : BOT];
  const paid = Math.min(amount, player.chips);
  player.chips -= paid;
  player.currentBet += paid;
  state.pot += paid;
  if (player.chips === 0) player.isAllIn = true;
  if (player.currentBet > state.currentBet) state.currentBet = player.currentBet;
  return paid;
}

/** Chips a player still has to put in to match the current bet. */
export function toCall(state: PokerState, index: number): number {
  return Math.max(0, state.currentBet - state.players[index === HUMAN ? HUMAN : BOT].currentBet);
}

/** Whether a player still has a decision to make in this betting round. */
export function needsToAct(state: PokerState, index: number): boolean {
  const player = state.players[index === HUMAN ? HUMAN : BOT];
  if (player.folded || player.isAllIn) return false;
  return !player.hasActed || player.currentBet < state.currentBet;
}

/**
 * Spec 02 §4: the round advances when every player who is neither folded nor
 * all-in has a bet equal to the current bet (and, so that a round is played
 * at all, has acted in it).
 */
export function isRoundComplete(state: PokerState): boolean {
  return !needsToAct(state, HUMAN) && !needsToAct(state, BOT);
}

/** Players who can still bet: neither folded nor all-in. */
export function playersAbleToBet(state: PokerState): number {
  return state.players.filter((p) => !p.folded && !p.isAllIn).length;
}

/**
 * Ends a betting round: a bet the all-in opponent could not match is returned
 * to its owner (heads-up, so there is never a side pot), and round bets reset.
 */
export function closeRound(state: PokerState): string[] {
  const messages: string[] = [];
  const [human, bot] = state.players;
  const diff = human.currentBet - bot.currentBet;
  if (diff !== 0) {
    const index = diff > 0 ? HUMAN : BOT;
    const over = state.players[index];
    const refund = Math.abs(diff);
    over.chips += refund;
    over.isAllIn = over.chips === 0;
    state.pot -= refund;
    messages.push(`${refund} uncalled chips return to ${index === HUMAN ? 'you' : subject(index)}.`);
  }
  for (const player of state.players) {
    player.currentBet = 0;
    player.hasActed = false;
  }
  state.currentBet = 0;
  return messages;
}
