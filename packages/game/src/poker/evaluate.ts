import { cardCode, cardRank, type Card } from './cards.ts';

/**
 * DECISIONS §2 "Poker hand ranking": full Texas Hold'em ranking, best 5 of 7,
 * with kickers. Every five-card hand gets one number: its category times 16^5
 * plus up to five ranks (2..14) in significance order, so a larger number is
 * a stronger hand and equal numbers split the pot. There are exactly 7,462
 * distinct values.
 */
export const HAND_CATEGORIES = [
  'High Card',
  'One Pair',
  'Two Pair',
  'Three of a Kind',
  'Straight',
  'Flush',
  'Full House',
  'Four of a Kind',
  'Straight Flush',
  'Royal Flush',
] as const;
export type HandName = (typeof HAND_CATEGORIES)[number];

const CATEGORY_UNIT = 1 << 20;
const HIGH_CARD = 0;
const ONE_PAIR = 1;
const TWO_PAIR = 2;
const THREE_OF_A_KIND = 3;
const STRAIGHT = 4;
const FLUSH = 5;
const FULL_HOUSE = 6;
const FOUR_OF_A_KIND = 7;
const STRAIGHT_FLUSH = 8;
const ROYAL_FLUSH = 9;

const ACE = 14;
const WHEEL_MASK = (1 << ACE) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5);

function score(category: number, a: number, b = 0, c = 0, d = 0, e = 0): number {
  return category * CATEGORY_UNIT + a * 65536 + b * 4096 + c * 256 + d * 16 + e;
}

/** The top card of the straight a five-distinct-rank mask makes, or 0. */
function straightHigh(mask: number): number {
  if (mask === WHEEL_MASK) return 5;
  const low = mask & -mask;
  return mask === low * 31 ? 31 - Math.clz32(low) + 4 : 0;
}

/** Scratch counts per rank, always left zeroed between calls. */
const counts = new Uint8Array(15);

/**
 * The value of five cards given as codes 0..51 (see cardCode). Allocation-free,
 * the hot path of the exhaustive test.
 */
export function evaluateFive(a: number, b: number, c: number, d: number, e: number): number {
  const ra = (a >> 2) + 2;
  const rb = (b >> 2) + 2;
  const rc = (c >> 2) + 2;
  const rd = (d >> 2) + 2;
  const re = (e >> 2) + 2;
  const suit = a & 3;
  const flush = (b & 3) === suit && (c & 3) === suit && (d & 3) === suit && (e & 3) === suit;
  const mask = (1 << ra) | (1 << rb) | (1 << rc) | (1 << rd) | (1 << re);

  let distinct = mask - ((mask >>> 1) & 0x55555555);
  distinct = (distinct & 0x33333333) + ((distinct >>> 2) & 0x33333333);
  distinct = (((distinct + (distinct >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;

  if (distinct === 5) {
    const high = straightHigh(mask);
    if (high) {
      if (!flush) return score(STRAIGHT, high);
      return score(high === ACE ? ROYAL_FLUSH : STRAIGHT_FLUSH, high);
    }
    const r: number[] = [0, 0, 0, 0, 0];
    let n = 0;
    for (let rank = ACE; n < 5; rank--) if (mask & (1 << rank)) r[n++] = rank;
    return score(flush ? FLUSH : HIGH_CARD, r[0] as number, r[1], r[2], r[3], r[4]);
  }

  counts[ra] = (counts[ra] as number) + 1;
  counts[rb] = (counts[rb] as number) + 1;
  counts[rc] = (counts[rc] as number) + 1;
  counts[rd] = (counts[rd] as number) + 1;
  counts[re] = (counts[re] as number) + 1;
  let quad = 0;
  let trips = 0;
  let pairHigh = 0;
  let pairLow = 0;
  let k1 = 0;
  let k2 = 0;
  let k3 = 0;
  for (let rank = ACE; rank >= 2; rank--) {
    const count = counts[rank];
    if (!count) continue;
    counts[rank] = 0;
    if (count === 4) quad = rank;
    else if (count === 3) trips = rank;
    else if (count === 2) {
      if (pairHigh) pairLow = rank;
      else pairHigh = rank;
    } else if (!k1) k1 = rank;
    else if (!k2) k2 = rank;
    else k3 = rank;
  }
  if (quad) return score(FOUR_OF_A_KIND, quad, k1);
  if (trips && pairHigh) return score(FULL_HOUSE, trips, pairHigh);
  if (trips) return score(THREE_OF_A_KIND, trips, k1, k2);
  if (pairLow) return score(TWO_PAIR, pairHigh, pairLow, k1);
  return score(ONE_PAIR, pairHigh, k1, k2, k3);
}

/** The best value among every five of 5 to 7 card codes. */
export function evaluateCodes(codes: readonly number[]): number {
  const n = codes.length;
  if (n < 5 || n > 7) throw new RangeError(`a poker hand needs 5 to 7 cards, got ${n}`);
  let best = -1;
  for (let i = 0; i < n - 4; i++)
    for (let j = i + 1; j < n - 3; j++)
      for (let k = j + 1; k < n - 2; k++)
        for (let l = k + 1; l < n - 1; l++)
          for (let m = l + 1; m < n; m++) {
            const v = evaluateFive(codes[i] as number, codes[j] as number, codes[k] as number, codes[l] as number, codes[m] as number);
            if (v > best) best = v;
          }
  return best;
}

/** 0 (High Card) .. 9 (Royal Flush). */
export function handCategory(value: number): number {
  return Math.floor(value / CATEGORY_UNIT);
}

export function handName(value: number): HandName {
  const name = HAND_CATEGORIES[handCategory(value)];
  if (name === undefined) throw new RangeError(`not a hand value: ${value}`);
  return name;
}

export interface HandResult {
  value: number;
  category: number;
  name: HandName;
  /** The best five cards, most significant first (the wheel's ace last). */
  cards: Card[];
}

/** Orders five cards of a hand for display: bigger groups first, then higher ranks. */
function displayOrder(cards: Card[], value: number): Card[] {
  const byRank = new Map<number, number>();
  for (const card of cards) byRank.set(cardRank(card), (byRank.get(cardRank(card)) ?? 0) + 1);
  const category = handCategory(value);
  const wheel = (category === STRAIGHT || category === STRAIGHT_FLUSH) && ((value >> 16) & 15) === 5;
  const rankOf = (card: Card): number => (wheel && cardRank(card) === ACE ? 1 : cardRank(card));
  return cards.slice().sort((x, y) => (byRank.get(cardRank(y)) ?? 0) - (byRank.get(cardRank(x)) ?? 0) || rankOf(y) - rankOf(x));
}

/** Evaluates 5 to 7 cards: the best hand's value, category, name and five cards. */
export function evaluateHand(cards: readonly Card[]): HandResult {
  const codes = cards.map(cardCode);
  const value = evaluateCodes(codes);
  const n = cards.length;
  for (let i = 0; i < n - 4; i++)
    for (let j = i + 1; j < n - 3; j++)
      for (let k = j + 1; k < n - 2; k++)
        for (let l = k + 1; l < n - 1; l++)
          for (let m = l + 1; m < n; m++) {
            if (evaluateFive(codes[i] as number, codes[j] as number, codes[k] as number, codes[l] as number, codes[m] as number) !== value) continue;
            const five = [i, j, k, l, m].map((index) => cards[index] as Card);
            return { value, category: handCategory(value), name: handName(value), cards: displayOrder(five, value) };
          }
  throw new Error('unreachable: the best value comes from one of the combinations');
}

/** Positive when hand a beats hand b, negative when b wins, 0 for a split pot. */
export function compareHands(a: readonly Card[], b: readonly Card[]): number {
  return evaluateCodes(a.map(cardCode)) - evaluateCodes(b.map(cardCode));
}
