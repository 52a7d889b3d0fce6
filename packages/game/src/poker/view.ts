import type { Card } from './cards.ts';
import type { PokerPlayer, PokerState } from './game.ts';

export interface PublicPokerPlayer extends Omit<PokerPlayer, 'cards'> {
  /** null while the cards are face down. */
  cards: Card[] | null;
}

export interface PublicPokerState extends Omit<PokerState, 'deck' | 'players'> {
  players: [PublicPokerPlayer, PublicPokerPlayer];
  /** How many cards are left undealt. */
  deckSize: number;
}

/**
 * What the player's browser may see: no deck, and the bot's cards only once
 * the hand reaches the showdown (never after a fold).
 */
export function publicPokerView(state: PokerState): PublicPokerState {
  const { deck, players, ...rest } = state;
  const reveal = state.phase === 'showdown';
  const [human, bot] = players;
  return {
    ...rest,
    players: [
      { ...human, cards: human.cards.slice() },
      { ...bot, cards: reveal ? bot.cards.slice() : null },
    ],
    communityCards: state.communityCards.slice(),
    deckSize: deck.length,
  };
}
