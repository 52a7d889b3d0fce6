import { RuleError } from '../errors.ts';
import type { Card } from './cards.ts';

/**
 * Spec 02 §3 "Poker game state" and §4 "Poker": a heads-up Texas Hold'em hand
 * between the character and 'AI Bot'. The state is plain JSON: the server
 * stores it whole (deck included) and sends players `publicPokerView(state)`.
 * Each operation returns the new state and the console lines to post.
 */
export const BOT_NAME = 'AI Bot';
/** Spec 02 §9: the bot starts every game with 1000 chips. */
export const BOT_STARTING_CHIPS = 1000;
/**
 * docs/decisions/casino-poker.md, "The house does not lose": each hand opens with an ante
 * of 10 chips from each player (the bot matches what the human could post), so waiting for
 * aces costs chips; and the house keeps a rake of 10% (rounded up) of what the human wins: the
 * chips a won pot (or the human's share of a split one) pays beyond the human's own.
 */
export const POKER_ANTE = 10;
export const POKER_RAKE_PERCENT = 10;
/**
 * And a table fee at each deal, kept by the house: 1% of the chips at stake (what the human
 * brings, up to the bot's 1000), rounded up, so 10 chips at a full table; never the chips the
 * ante needs.
 */
export const POKER_TABLE_FEE_PERCENT = 1;

/** The table fee of a hand the human sits down to with `chips`. */
export function pokerTableFee(chips: number): number {
  const fee = Math.ceil((Math.min(chips, BOT_STARTING_CHIPS) * POKER_TABLE_FEE_PERCENT) / 100);
  return Math.max(0, Math.min(fee, chips - POKER_ANTE));
}

/** The rake on `won` chips of winnings. */
export function pokerRake(won: number): number {
  return won > 0 ? Math.ceil((won * POKER_RAKE_PERCENT) / 100) : 0;
}

/** Index of the human and the bot in `players`. */
export const HUMAN = 0;
export const BOT = 1;

export const POKER_PHASES = ['preflop', 'flop', 'turn', 'river', 'showdown'] as const;
export type PokerPhase = (typeof POKER_PHASES)[number];

export interface PokerPlayer {
  name: string;
  cards: Card[];
  /** Chips behind, not yet in the pot. */
  chips: number;
  /** Chips put in during the current betting round. */
  currentBet: number;
  folded: boolean;
  isAllIn: boolean;
  /** Whether the player has acted in the current betting round. */
  hasActed: boolean;
}

export interface PokerState {
  isActive: boolean;
  players: [PokerPlayer, PokerPlayer];
  /** Whose turn it is; always the human (0) while the game is active, as the bot acts at once. */
  currentPlayerIndex: number;
  /** The bot deals; the human acts first in every round (spec 02 §4). */
  dealerIndex: number;
  communityCards: Card[];
  /** The undealt cards, top first. Server-side only. */
  deck: Card[];
  pot: number;
  /** The highest round bet a player must match. */
  currentBet: number;
  phase: PokerPhase;
  lastAction: string | null;
  /** The winner's name; null while playing and on a split pot. */
  winner: string | null;
  /** The winning hand's name at showdown ('Flush'); null on a fold. */
  winningHand: string | null;
  split: boolean;
  /** How the game ended. */
  endedBy: 'fold' | 'showdown' | null;
  /** The character's chips brought to the table, for the settlement. */
  startingChips: number;
  /** Each player's ante this hand (0 in hands dealt before antes existed). */
  ante?: number;
  /** Chips the house kept from the human's winnings this hand. */
  rake?: number;
  /** The table fee the house took at the deal. */
  fee?: number;
}

/** What every poker operation returns: the new state and the console lines. */
export interface PokerStep {
  state: PokerState;
  messages: string[];
}

export const NO_ACTIVE_GAME = 'No active poker game. Type /poker to start a new game.';

/** Refuses an action when no hand is being played (spec 02 §8 "Chat"). */
export function requireActiveGame(state: PokerState | null | undefined): PokerState {
  if (!state || !state.isActive) throw new RuleError('no_poker_game', NO_ACTIVE_GAME);
  return state;
}

/** A copy deep enough that an operation never changes its input. */
export function cloneState(state: PokerState): PokerState {
  const [human, bot] = state.players;
  return {
    ...state,
    players: [
      { ...human, cards: human.cards.slice() },
      { ...bot, cards: bot.cards.slice() },
    ],
    communityCards: state.communityCards.slice(),
    deck: state.deck.slice(),
  };
}

/** 'You' for the human, the bot's name otherwise: how console lines name a player. */
export function subject(index: number): string {
  return index === HUMAN ? 'You' : BOT_NAME;
}
