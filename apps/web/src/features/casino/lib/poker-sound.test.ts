import { makeCard } from '@rpg/game';
import { describe, expect, it } from 'vitest';
import type { PokerGame } from './poker';
import { pokerSoundFor } from './poker-sound';

function seat(name: string, chips: number) {
  return { name, cards: null, chips, currentBet: 0, folded: false, isAllIn: false, hasActed: false };
}

function game(overrides: Partial<PokerGame> = {}): PokerGame {
  return {
    isActive: true,
    players: [seat('Aria', 100), seat('AI Bot', 1000)],
    currentPlayerIndex: 0,
    dealerIndex: 1,
    communityCards: [],
    pot: 0,
    currentBet: 0,
    phase: 'preflop',
    lastAction: null,
    winner: null,
    winningHand: null,
    split: false,
    endedBy: null,
    startingChips: 100,
    deckSize: 48,
    ...overrides,
  };
}

const flop = [makeCard('A', 'hearts'), makeCard('7', 'spades'), makeCard('2', 'clubs')];

describe('poker sounds follow the hand at the table (spec 02 sections 4-5)', () => {
  it('says nothing about the hand already there when the table loads', () => {
    expect(pokerSoundFor(undefined, game())).toBeNull();
    expect(pokerSoundFor(undefined, game({ isActive: false, players: [seat('Aria', 300), seat('AI Bot', 800)] }))).toBeNull();
  });

  it('deals: the first hand, a new hand after a finished one, and each new street', () => {
    expect(pokerSoundFor(null, game())).toBe('pokerDeal');
    expect(pokerSoundFor(game({ isActive: false }), game())).toBe('pokerDeal');
    expect(pokerSoundFor(game({ deckSize: 40, communityCards: flop }), game({ deckSize: 48 }))).toBe('pokerDeal');
    expect(pokerSoundFor(game(), game({ phase: 'flop', communityCards: flop, deckSize: 44 }))).toBe('pokerDeal');
    expect(pokerSoundFor(game(), game({ currentBet: 20, pot: 20 }))).toBeNull();
  });

  it('wins: a hand that ends with more chips than it started with; a lost or split hand is quiet', () => {
    const won = game({ isActive: false, endedBy: 'showdown', winner: 'Aria', players: [seat('Aria', 160), seat('AI Bot', 940)] });
    expect(pokerSoundFor(game(), won)).toBe('pokerWin');
    const lost = game({ isActive: false, endedBy: 'fold', players: [seat('Aria', 80), seat('AI Bot', 1020)] });
    expect(pokerSoundFor(game(), lost)).toBeNull();
    expect(pokerSoundFor(game(), game({ isActive: false, split: true }))).toBeNull();
    expect(pokerSoundFor(won, won)).toBeNull();
  });
});
