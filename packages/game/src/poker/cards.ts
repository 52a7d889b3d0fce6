import type { Rng } from '../rng.ts';

/** Spec 02 §3 "Poker game state": Card { suit, value, display }. */
export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];
export const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' };

/** Card values from lowest to highest; the ace also plays low in the wheel A-2-3-4-5. */
export const CARD_VALUES = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type CardValue = (typeof CARD_VALUES)[number];

export interface Card {
  suit: Suit;
  value: CardValue;
  /** 'A♠', '10♥'. */
  display: string;
}

export function makeCard(value: CardValue, suit: Suit): Card {
  return { suit, value, display: `${value}${SUIT_SYMBOLS[suit]}` };
}

/** 2 for a two up to 14 for an ace. */
export function cardRank(card: Pick<Card, 'value'>): number {
  return CARD_VALUES.indexOf(card.value) + 2;
}

/** A compact code 0..51 (rank index x 4 + suit index), the evaluator's input. */
export function cardCode(card: Pick<Card, 'value' | 'suit'>): number {
  return CARD_VALUES.indexOf(card.value) * 4 + SUITS.indexOf(card.suit);
}

export function cardFromCode(code: number): Card {
  const value = CARD_VALUES[code >> 2];
  const suit = SUITS[code & 3];
  if (value === undefined || suit === undefined || !Number.isInteger(code)) throw new RangeError(`card code must be 0..51, got ${code}`);
  return makeCard(value, suit);
}

/** Parses 'A♠', 'As', '10h', 'Td' (the test and debugging notation). */
export function parseCard(text: string): Card {
  const match = /^(10|[2-9TJQKA])([♠♥♦♣shdc])$/i.exec(text.trim());
  if (!match) throw new RangeError(`not a card: ${text}`);
  const rawValue = (match[1] as string).toUpperCase();
  const value = (rawValue === 'T' ? '10' : rawValue) as CardValue;
  const letter = (match[2] as string).toLowerCase();
  const suit = SUITS.find((s) => SUIT_SYMBOLS[s] === letter || s[0] === letter) as Suit;
  return makeCard(value, suit);
}

/** 'A♠ K♥ 2♣'. */
export function formatCards(cards: readonly Card[]): string {
  return cards.map((card) => card.display).join(' ');
}

/** The 52 cards in a fixed order (2♠ 2♥ 2♦ 2♣ 3♠ ... A♣). */
export function createDeck(): Card[] {
  return CARD_VALUES.flatMap((value) => SUITS.map((suit) => makeCard(value, suit)));
}

/** A freshly shuffled deck: the seed and the generator's position decide the order. */
export function shuffledDeck(rng: Rng): Card[] {
  return rng.shuffle(createDeck());
}
