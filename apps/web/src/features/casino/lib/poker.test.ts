import { makeCard } from '@rpg/game';
import { describe, expect, it } from 'vitest';
import { cardName, commandText, handNet, handResult, parseBetAmount, turnOptions, type PokerGame } from './poker';

function seat(name: string, chips: number, currentBet = 0, folded = false) {
  return { name, cards: null, chips, currentBet, folded, isAllIn: false, hasActed: false };
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

describe('the table buttons type the console commands (spec 02 section 9)', () => {
  it('writes /check, /fold, /poker and the amounts of /bet and /raise', () => {
    expect(commandText({ type: 'check' })).toBe('/check');
    expect(commandText({ type: 'fold' })).toBe('/fold');
    expect(commandText({ type: 'poker' })).toBe('/poker');
    expect(commandText({ type: 'bet', amount: 20 })).toBe('/bet 20');
    expect(commandText({ type: 'raise', amount: 10 })).toBe('/raise 10');
  });

  it('accepts only positive whole amounts', () => {
    expect(parseBetAmount('')).toBeNull();
    expect(parseBetAmount('0')).toBeNull();
    expect(parseBetAmount('-5')).toBeNull();
    expect(parseBetAmount('2.5')).toBeNull();
    expect(parseBetAmount(' 30 ')).toBe(30);
  });
});

describe('turn options (spec 02 section 5 "Poker": no check while a bet is outstanding)', () => {
  it('refuses check and suggests calling the current bet when the bot has bet', () => {
    const options = turnOptions(game({ currentBet: 20, players: [seat('Aria', 100), seat('AI Bot', 980, 20)] }));
    expect(options).toEqual({ toCall: 20, canCheck: false, suggestedAmount: 20, stack: 100 });
  });

  it('allows check and suggests 10 with nothing to call, never more than the player can put in', () => {
    expect(turnOptions(game())).toMatchObject({ toCall: 0, canCheck: true, suggestedAmount: 10 });
    expect(turnOptions(game({ players: [seat('Aria', 4), seat('AI Bot', 1000)] })).suggestedAmount).toBe(4);
  });
});

describe('a finished hand', () => {
  it('is not summed up while it is played', () => {
    expect(handResult(game())).toBeNull();
  });

  it('names the folder and the net chips', () => {
    const folded = game({ isActive: false, endedBy: 'fold', winner: 'AI Bot', players: [seat('Aria', 90, 0, true), seat('AI Bot', 1010)] });
    expect(handResult(folded)).toBe('You folded. AI Bot wins the pot.');
    expect(handNet(folded)).toBe(-10);
    const botFolded = game({ isActive: false, endedBy: 'fold', winner: 'Aria', players: [seat('Aria', 120), seat('AI Bot', 980, 0, true)] });
    expect(handResult(botFolded)).toBe('AI Bot folded. You win the pot!');
    expect(handNet(botFolded)).toBe(20);
  });

  it('names the winning hand at the showdown, and a split pot', () => {
    const won = game({ isActive: false, phase: 'showdown', endedBy: 'showdown', winner: 'Aria', winningHand: 'Two Pair' });
    expect(handResult(won)).toBe('You win with Two Pair!');
    expect(handResult({ ...won, winner: 'AI Bot', winningHand: 'Flush' })).toBe('AI Bot wins with Flush.');
    expect(handResult({ ...won, winner: null, split: true, winningHand: 'Pair' })).toBe('Split pot with Pair.');
  });

  it('reads cards out by name', () => {
    expect(cardName(makeCard('A', 'spades'))).toBe('Ace of Spades');
    expect(cardName(makeCard('10', 'hearts'))).toBe('10 of Hearts');
  });
});
