import type { PokerResponse } from '@rpg/contract';
import type { CardValue, PokerPhase, Suit } from '@rpg/game';

export type PokerGame = NonNullable<PokerResponse['game']>;

/** Spec 02 section 4: preflop, flop, turn, river, showdown. */
export const PHASE_LABELS: Readonly<Record<PokerPhase, string>> = {
  preflop: 'Pre-flop',
  flop: 'Flop',
  turn: 'Turn',
  river: 'River',
  showdown: 'Showdown',
};

const VALUE_NAMES: Readonly<Partial<Record<CardValue, string>>> = { J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };
const SUIT_NAMES: Readonly<Record<Suit, string>> = { spades: 'Spades', hearts: 'Hearts', diamonds: 'Diamonds', clubs: 'Clubs' };

/** A card read out: 'Ace of Spades', '10 of Hearts'. */
export function cardName(card: { value: CardValue; suit: Suit }): string {
  return `${VALUE_NAMES[card.value] ?? card.value} of ${SUIT_NAMES[card.suit]}`;
}

export function isRedSuit(suit: Suit): boolean {
  return suit === 'hearts' || suit === 'diamonds';
}

/** The console command a table button types: '/check', '/bet 20', '/raise 10', '/fold', '/poker'. */
export type PokerCommand = { type: 'check' | 'fold' | 'poker' } | { type: 'bet' | 'raise'; amount: number };

export function commandText(command: PokerCommand): string {
  return 'amount' in command ? `/${command.type} ${command.amount}` : `/${command.type}`;
}

export interface TurnOptions {
  /** Chips the player must add to match the current bet (0: nothing outstanding). */
  toCall: number;
  /** Check is refused while a bet is outstanding (spec 02 section 5). */
  canCheck: boolean;
  /** The amount field's starting value: the current bet when there is one to call, else 10. */
  suggestedAmount: number;
  /** The player's chips not yet in the pot. */
  stack: number;
}

export const DEFAULT_BET = 10;

/** What the player may do now in an active hand. */
export function turnOptions(game: PokerGame): TurnOptions {
  const [you] = game.players;
  const toCall = Math.max(0, game.currentBet - you.currentBet);
  const suggested = toCall > 0 ? game.currentBet : DEFAULT_BET;
  return { toCall, canCheck: toCall === 0, suggestedAmount: Math.max(1, Math.min(suggested, you.chips + you.currentBet)), stack: you.chips };
}

/** A positive whole number of chips typed in the amount field, or null. */
export function parseBetAmount(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** How a finished hand ended, from the player's side; null while it is being played. */
export function handResult(game: PokerGame): string | null {
  if (game.isActive) return null;
  const [you, bot] = game.players;
  const hand = game.winningHand ? ` with ${game.winningHand}` : '';
  if (game.split) return `Split pot${hand}.`;
  if (game.endedBy === 'fold') return you.folded ? `You folded. ${bot.name} wins the pot.` : `${bot.name} folded. You win the pot!`;
  return game.winner === you.name ? `You win${hand}!` : `${game.winner ?? bot.name} wins${hand}.`;
}

/** The chips won (positive) or lost (negative) over a finished hand. */
export function handNet(game: PokerGame): number {
  return game.players[0].chips - game.startingChips;
}
