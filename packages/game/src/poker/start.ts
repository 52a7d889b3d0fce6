import { RuleError } from '../errors.ts';
import type { Rng } from '../rng.ts';
import { contribute } from './betting.ts';
import { formatCards, shuffledDeck, type Card } from './cards.ts';
import { yourTurnLine } from './flow.ts';
import {
  BOT,
  BOT_NAME,
  BOT_STARTING_CHIPS,
  HUMAN,
  POKER_ANTE,
  POKER_RAKE_PERCENT,
  pokerTableFee,
  type PokerPlayer,
  type PokerState,
  type PokerStep,
} from './game.ts';

export interface StartPokerInput {
  /** The character's casino chips, all brought to the table. */
  playerChips: number;
  /** The name stored as the human player's; 'You' when not given. */
  playerName?: string;
}

/** Spec 02 §2: the hint the console shows a player without chips. */
export const NEED_CHIPS_MESSAGE = 'You need chips to play poker. Use /buy [amount] to purchase casino chips.';

/** Refusal of /poker while a hand is being played (docs/decisions/casino-poker.md, "The hand"). */
export const HAND_IN_PROGRESS = "You're already playing a hand. Finish it with /check, /bet [amount] or /raise [amount], or give it up with /fold.";

/** Spec 02 §4 "/poker starts a new game", refused while a hand is active. */
export function checkNoHandInProgress(current: { isActive: boolean } | undefined): void {
  if (current?.isActive) throw new RuleError('poker_in_progress', HAND_IN_PROGRESS, { status: 409 });
}

function seat(name: string, chips: number, cards: Card[]): PokerPlayer {
  return { name, cards, chips, currentBet: 0, folded: false, isAllIn: false, hasActed: false };
}

/**
 * Spec 02 §4 "/poker starts a new game": shuffles a deck with the seeded
 * generator, deals two cards each (human first, alternating), and gives the
 * human the first turn of the preflop round. First (issue 42) the house takes its table fee
 * and both ante POKER_ANTE: the human what it can, the bot as much; antes are in the pot but
 * are no bet to call.
 */
export function startPoker(input: StartPokerInput, rng: Rng): PokerStep {
  const { playerChips } = input;
  if (!Number.isSafeInteger(playerChips) || playerChips <= 0) {
    throw new RuleError('no_chips', NEED_CHIPS_MESSAGE, { title: 'No chips' });
  }
  const fee = pokerTableFee(playerChips);
  const deck = shuffledDeck(rng);
  const [h1, b1, h2, b2] = deck as [Card, Card, Card, Card];
  const state: PokerState = {
    isActive: true,
    players: [seat(input.playerName ?? 'You', playerChips - fee, [h1, h2]), seat(BOT_NAME, BOT_STARTING_CHIPS, [b1, b2])],
    currentPlayerIndex: HUMAN,
    dealerIndex: 1,
    communityCards: [],
    deck: deck.slice(4),
    pot: 0,
    currentBet: 0,
    phase: 'preflop',
    lastAction: null,
    winner: null,
    winningHand: null,
    split: false,
    endedBy: null,
    startingChips: playerChips,
    ante: Math.min(POKER_ANTE, playerChips),
    rake: 0,
    fee,
  };
  const ante = state.ante ?? 0;
  contribute(state, HUMAN, ante);
  contribute(state, BOT, ante);
  for (const player of state.players) player.currentBet = 0;
  state.currentBet = 0;
  return {
    state,
    messages: [
      `New poker game! You have ${playerChips} chips; ${BOT_NAME} has ${BOT_STARTING_CHIPS}.`,
      `Ante: ${ante} chips each (pot ${state.pot}). Table fee: ${fee} chips. The house keeps ${POKER_RAKE_PERCENT}% of what you win.`,
      `Your cards: ${formatCards(state.players[HUMAN].cards)}`,
      yourTurnLine(state),
    ],
  };
}
