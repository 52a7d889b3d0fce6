import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { cardCode, cardFromCode, cardRank, createDeck, formatCards, makeCard, parseCard, shuffledDeck } from './cards.ts';

describe('spec 02 §3 poker state: cards', () => {
  it('refuses what is not a card', () => {
    expect(() => parseCard('1s')).toThrow(RangeError);
    expect(() => parseCard('Ax')).toThrow(RangeError);
    expect(() => cardFromCode(52)).toThrow(RangeError);
    expect(() => cardFromCode(-1)).toThrow(RangeError);
  });

  it('shows a card as value and suit symbol', () => {
    expect(makeCard('A', 'spades')).toEqual({ suit: 'spades', value: 'A', display: 'A♠' });
    expect(makeCard('10', 'hearts').display).toBe('10♥');
    expect(parseCard('Td')).toEqual(makeCard('10', 'diamonds'));
    expect(parseCard('K♣')).toEqual(makeCard('K', 'clubs'));
    expect(formatCards([parseCard('As'), parseCard('2h')])).toBe('A♠ 2♥');
  });

  it('ranks 2 to ace as 2..14 and codes every card 0..51 once', () => {
    expect(cardRank(parseCard('2c'))).toBe(2);
    expect(cardRank(parseCard('As'))).toBe(14);
    const deck = createDeck();
    expect(deck).toHaveLength(52);
    expect(new Set(deck.map((card) => card.display)).size).toBe(52);
    expect(deck.map(cardCode)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    for (const card of deck) expect(cardFromCode(cardCode(card))).toEqual(card);
  });

  it('shuffles reproducibly from a seed', () => {
    const a = shuffledDeck(createRng(7));
    expect(shuffledDeck(createRng(7))).toEqual(a);
    expect(shuffledDeck(createRng(8))).not.toEqual(a);
    expect(a.map(cardCode).sort((x, y) => x - y)).toEqual(createDeck().map(cardCode));
  });
});
