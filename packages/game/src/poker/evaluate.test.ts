import { describe, expect, it } from 'vitest';
import { parseCard } from './cards.ts';
import { compareHands, evaluateCodes, evaluateFive, evaluateHand, HAND_CATEGORIES, handCategory, handName } from './evaluate.ts';

const cards = (text: string) => text.split(' ').map(parseCard);
const hand = (text: string) => evaluateHand(cards(text));

describe('DECISIONS §2 poker hand ranking: every five-card hand', () => {
  it('counts each category over all 2,598,960 hands and finds exactly 7,462 distinct values', () => {
    const started = Date.now();
    const counts = new Array<number>(HAND_CATEGORIES.length).fill(0);
    const seen = new Uint8Array(HAND_CATEGORIES.length << 20);
    let distinct = 0;
    let total = 0;
    for (let a = 0; a < 48; a++)
      for (let b = a + 1; b < 49; b++)
        for (let c = b + 1; c < 50; c++)
          for (let d = c + 1; d < 51; d++)
            for (let e = d + 1; e < 52; e++) {
              const value = evaluateFive(a, b, c, d, e);
              counts[handCategory(value)] = (counts[handCategory(value)] as number) + 1;
              if (!seen[value]) {
                seen[value] = 1;
                distinct++;
              }
              total++;
            }
    const elapsed = Date.now() - started;
    expect(total).toBe(2_598_960);
    expect(Object.fromEntries(HAND_CATEGORIES.map((name, i) => [name, counts[i]]))).toEqual({
      'High Card': 1_302_540,
      'One Pair': 1_098_240,
      'Two Pair': 123_552,
      'Three of a Kind': 54_912,
      Straight: 10_200,
      Flush: 5_108,
      'Full House': 3_744,
      'Four of a Kind': 624,
      'Straight Flush': 36,
      'Royal Flush': 4,
    });
    expect(distinct).toBe(7_462);
    expect(elapsed).toBeLessThan(5_000);
  });
});

describe('DECISIONS §2 poker hand ranking: categories, kickers, best 5 of 7', () => {
  it('refuses fewer than 5 or more than 7 cards', () => {
    expect(() => evaluateCodes([0, 1, 2, 3])).toThrow(RangeError);
    expect(() => evaluateCodes([0, 1, 2, 3, 4, 5, 6, 7])).toThrow(RangeError);
    expect(() => handName(10 << 20)).toThrow(RangeError);
  });

  it('names every category', () => {
    expect(hand('As Ks Qs Js Ts').name).toBe('Royal Flush');
    expect(hand('9h Kh Qh Jh Th').name).toBe('Straight Flush');
    expect(hand('9h 9s 9d 9c 2h').name).toBe('Four of a Kind');
    expect(hand('9h 9s 9d 2c 2h').name).toBe('Full House');
    expect(hand('2h 7h 9h Jh Kh').name).toBe('Flush');
    expect(hand('5d 6h 7h 8c 9h').name).toBe('Straight');
    expect(hand('9h 9s 9d Kc 2h').name).toBe('Three of a Kind');
    expect(hand('9h 9s Kd Kc 2h').name).toBe('Two Pair');
    expect(hand('9h 9s Kd Qc 2h').name).toBe('One Pair');
    expect(hand('9h 3s Kd Qc 2h').name).toBe('High Card');
  });

  it('plays the wheel A-2-3-4-5 as a five-high straight, below 2-6, ace shown last', () => {
    const wheel = hand('Ah 2s 3d 4c 5h');
    expect(wheel.name).toBe('Straight');
    expect(wheel.cards.map((c) => c.display)).toEqual(['5♥', '4♣', '3♦', '2♠', 'A♥']);
    expect(compareHands(cards('2h 3s 4d 5c 6h'), cards('Ah 2s 3d 4c 5h'))).toBeGreaterThan(0);
    expect(hand('Ah 2h 3h 4h 5h').name).toBe('Straight Flush');
    expect(hand('Qh Ks Ad 2c 3h').name).toBe('High Card');
  });

  it('breaks ties with kickers in order', () => {
    expect(compareHands(cards('Ah As Kd Qc 3h'), cards('Ad Ac Kh Qs 2h'))).toBeGreaterThan(0);
    expect(compareHands(cards('Kh Ks 5d 5c 2h'), cards('Kd Kc 4h 4s Ah'))).toBeGreaterThan(0);
    expect(compareHands(cards('Kh Ks 5d 5c 3h'), cards('Kd Kc 5h 5s 2h'))).toBeGreaterThan(0);
    expect(compareHands(cards('9h 9s 9d 9c 3h'), cards('8h 8s 8d 8c As'))).toBeGreaterThan(0);
    expect(compareHands(cards('3h 3s 3d 2c 2h'), cards('2d 2s 2c Ah As'))).toBeGreaterThan(0);
    expect(compareHands(cards('Ah Jh 9h 5h 3h'), cards('As Js 9s 5s 2s'))).toBeGreaterThan(0);
    expect(compareHands(cards('Ah Kd 9h 5c 3h'), cards('As Kc 9s 5s 3d'))).toBe(0);
  });

  it('picks the best five of seven cards', () => {
    const best = hand('Ah Kh 2c 7h 9h Jd Qh');
    expect(best.name).toBe('Flush');
    expect(best.cards.map((c) => c.display)).toEqual(['A♥', 'K♥', 'Q♥', '9♥', '7♥']);
    expect(hand('Ah Kh Qd Jc Ts 2h 3h').name).toBe('Straight');
    const full = hand('Kh Ks Kd 5c 5h 5s 2c');
    expect(full.name).toBe('Full House');
    expect(full.cards.map((c) => c.display)).toEqual(['K♥', 'K♠', 'K♦', '5♣', '5♥']);
  });

  it('splits the pot when both best hands tie in 7-card cases', () => {
    const board = 'As Ks Qs Js Ts';
    expect(compareHands(cards(`2c 3d ${board}`), cards(`4h 5c ${board}`))).toBe(0);
    const pairBoard = '9h 9s Kd 7c 2h';
    expect(compareHands(cards(`Ac 3d ${pairBoard}`), cards(`Ad 4c ${pairBoard}`))).toBe(0);
    expect(compareHands(cards(`Ac Qd ${pairBoard}`), cards(`Ad Jc ${pairBoard}`))).toBeGreaterThan(0);
    const straightBoard = '5h 6s 7d 8c 9h';
    expect(compareHands(cards(`Ac Ad ${straightBoard}`), cards(`2c 2d ${straightBoard}`))).toBe(0);
    expect(compareHands(cards(`Tc Ad ${straightBoard}`), cards(`2c 2d ${straightBoard}`))).toBeGreaterThan(0);
  });
});
