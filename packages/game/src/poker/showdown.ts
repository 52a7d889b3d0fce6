import { formatCards } from './cards.ts';
import { evaluateHand, type HandResult } from './evaluate.ts';
import { BOT, BOT_NAME, HUMAN, pokerRake, type PokerState } from './game.ts';

/**
 * Issue 42: the house's rake when `paid` chips go to the human: 5% of the winnings in them,
 * what the human gets beyond its own chips in the pot. Recorded on the state.
 */
function takeRake(state: PokerState, paid: number): number {
  const human = state.players[HUMAN];
  const ownInPot = state.startingChips - (state.fee ?? 0) - human.chips;
  const rake = pokerRake(Math.max(0, paid - ownInPot));
  state.rake = (state.rake ?? 0) + rake;
  return rake;
}

function rakeSuffix(rake: number): string {
  return rake > 0 ? ` The house keeps ${rake} chips.` : '';
}

/** The closing line of every finished game. */
function gameOverLine(state: PokerState): string {
  return `Game over. You finish with ${state.players[HUMAN].chips} chips. Type /poker to play again.`;
}

/**
 * Spec 02 §4: a fold leaves the opponent as winner with the pot. Changes
 * `state` (a clone) and returns the console lines.
 */
export function endByFold(state: PokerState, folder: number): string[] {
  const winnerIndex = folder === HUMAN ? BOT : HUMAN;
  const winner = state.players[winnerIndex];
  const pot = state.pot;
  const rake = winnerIndex === HUMAN ? takeRake(state, pot) : 0;
  winner.chips += pot - rake;
  state.pot = 0;
  state.isActive = false;
  state.endedBy = 'fold';
  state.winner = winner.name;
  state.winningHand = null;
  const line = winnerIndex === HUMAN ? `You win the pot of ${pot} chips!${rakeSuffix(rake)}` : `${BOT_NAME} wins the pot of ${pot} chips.`;
  return [line, gameOverLine(state)];
}

function describe(label: string, hand: HandResult, holeCards: string): string {
  return `${label}: ${holeCards} - ${hand.name} (${formatCards(hand.cards)})`;
}

/**
 * DECISIONS §2: both hands are ranked best 5 of 7; the higher value takes the
 * pot, equal values split it, the odd chip going to the human (first to act).
 * Changes `state` (a clone) and returns the console lines.
 */
export function showdown(state: PokerState): string[] {
  const [human, bot] = state.players;
  const humanHand = evaluateHand([...human.cards, ...state.communityCards]);
  const botHand = evaluateHand([...bot.cards, ...state.communityCards]);
  const pot = state.pot;
  const messages = [
    `Showdown! Board: ${formatCards(state.communityCards)}`,
    describe('You', humanHand, formatCards(human.cards)),
    describe(BOT_NAME, botHand, formatCards(bot.cards)),
  ];
  state.phase = 'showdown';
  state.isActive = false;
  state.endedBy = 'showdown';
  state.pot = 0;
  if (humanHand.value === botHand.value) {
    const botShare = Math.floor(pot / 2);
    const humanShare = pot - botShare;
    const rake = takeRake(state, humanShare);
    human.chips += humanShare - rake;
    bot.chips += botShare;
    state.split = true;
    state.winner = null;
    state.winningHand = humanHand.name;
    messages.push(`Split pot! Both players have ${humanHand.name}: you get ${humanShare} chips and ${BOT_NAME} gets ${botShare}.${rakeSuffix(rake)}`);
  } else {
    const humanWins = humanHand.value > botHand.value;
    const hand = humanWins ? humanHand : botHand;
    const rake = humanWins ? takeRake(state, pot) : 0;
    (humanWins ? human : bot).chips += pot - rake;
    state.winner = humanWins ? human.name : bot.name;
    state.winningHand = hand.name;
    messages.push(
      humanWins ? `You win the pot of ${pot} chips with ${hand.name}!${rakeSuffix(rake)}` : `${BOT_NAME} wins the pot of ${pot} chips with ${hand.name}.`,
    );
  }
  messages.push(gameOverLine(state));
  return messages;
}
