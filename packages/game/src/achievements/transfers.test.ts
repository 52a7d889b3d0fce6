import { describe, expect, it } from 'vitest';
import { CHARITY_COPPER } from '../content/achievements.ts';
import { materialItem } from '../content/materials.ts';
import { applyEvents } from './counters.ts';
import { newlyUnlocked } from './evaluate.ts';
import type { AchievementEvent } from './events.ts';
import { PAIR_SALES_PER_DAY, countGift, countSale, giftValue, utcDay, type GiftLedger, type SaleLedger } from './transfers.ts';

const herb = materialItem('healing_herb'); // price 15, sells to the store for 7
const NOW = new Date('2026-11-26T21:00:00Z');
const points = (events: AchievementEvent[]) => newlyUnlocked(applyEvents({}, events), new Set()).reduce((sum, a) => sum + a.points, 0);
const unlockedIds = (events: AchievementEvent[]) => newlyUnlocked(applyEvents({}, events), new Set()).map((a) => a.id);

/** Two friends' gift ledgers, each toward the other, as the server keeps them. */
function pair() {
  const ledgers: Record<'a' | 'b', GiftLedger> = { a: { given: 0, counted: 0 }, b: { given: 0, counted: 0 } };
  const events: Record<'a' | 'b', AchievementEvent[]> = { a: [], b: [] };
  const give = (from: 'a' | 'b', copper: number) => {
    const to = from === 'a' ? 'b' : 'a';
    const counted = countGift({ value: copper, copper }, ledgers[from], ledgers[to].given);
    ledgers[from] = counted.ledger;
    events[from].push(...counted.events);
    return counted;
  };
  return { ledgers, events, give };
}

describe('gifts between the same two friends (spec 03 §3 Generous Soul and hidden-charity, DECISIONS §4)', () => {
  it('counts nothing for a gift that only returns what the friend gave', () => {
    const p = pair();
    p.give('a', 50_000);
    const back = p.give('b', 50_000);
    expect(back.events).toEqual([]);
    expect(back.credited).toBe(0);
    expect(p.ledgers.b).toEqual({ given: 50_000, counted: 0 });
  });

  it('40 gifts of 5 gold back and forth count the first one only: no hidden-charity, no Generous Soul for the one who gave back', () => {
    const p = pair();
    for (let i = 0; i < 20; i += 1) {
      p.give('a', 50_000);
      p.give('b', 50_000);
    }
    expect(p.events.a).toEqual([{ type: 'gift-sent', copper: 50_000 }]);
    expect(p.events.b).toEqual([]);
    expect(unlockedIds(p.events.a)).toEqual(['social-generous']);
    expect(points(p.events.a)).toBe(25);
    expect(points(p.events.b)).toBe(0);
  });

  it('counts a friend who gives back more than they received for the difference only', () => {
    const p = pair();
    p.give('a', 1_000);
    const more = p.give('b', 1_500);
    expect(more.credited).toBe(500);
    expect(more.events).toEqual([{ type: 'gift-sent', copper: 500 }]);
    // A gives again: A's net is 1,000 + 800 - 1,500 = 300, under the 1,000 already counted.
    expect(p.give('a', 800).events).toEqual([]);
  });

  it('counts every real gift in full: 100 gold given to a friend, in several gifts, reaches hidden-charity', () => {
    const p = pair();
    for (let i = 0; i < 4; i += 1) expect(p.give('a', CHARITY_COPPER / 4).credited).toBe(CHARITY_COPPER / 4);
    expect(unlockedIds(p.events.a)).toEqual(expect.arrayContaining(['social-generous', 'hidden-charity']));
  });

  it('counts an item gift at its sell value as a gift, and not toward the gold given', () => {
    const ledger = { given: 0, counted: 0 };
    const value = giftValue({ item: herb, quantity: 3 });
    expect(value).toBe(21);
    expect(countGift({ value, copper: 0 }, ledger, 0)).toEqual({
      events: [{ type: 'gift-sent', copper: 0 }],
      ledger: { given: 21, counted: 21 },
      credited: 21,
    });
    expect(giftValue({ copper: 1_234 })).toBe(1_234);
  });
});

describe('auction sales between the same two players (spec 03 §3 Open for Business, Merchant, hidden-master-trader)', () => {
  const fresh: SaleLedger = { day: null, counted: 0 };

  it('does not count a sale below what the store pays for the item (a gift to the buyer)', () => {
    expect(countSale({ item: herb, quantity: 1, price: 1, payout: 0 }, fresh, NOW)).toEqual({ seller: [], buyer: [], ledger: fresh });
    expect(countSale({ item: herb, quantity: 2, price: 13, payout: 12 }, fresh, NOW).seller).toEqual([]);
  });

  it('ten one-copper herb sales count nothing: no Open for Business', () => {
    let ledger = fresh;
    const seller: AchievementEvent[] = [];
    for (let i = 0; i < 10; i += 1) {
      const counted = countSale({ item: herb, quantity: 1, price: 1, payout: 0 }, ledger, NOW);
      ledger = counted.ledger;
      seller.push(...counted.seller);
    }
    expect(points(seller)).toBe(0);
  });

  it(`counts at most ${PAIR_SALES_PER_DAY} sales from one seller to one buyer a day, again the next UTC day`, () => {
    let ledger = fresh;
    const counted: boolean[] = [];
    for (let i = 0; i < PAIR_SALES_PER_DAY + 2; i += 1) {
      const sale = countSale({ item: herb, quantity: 1, price: 10, payout: 9 }, ledger, NOW);
      ledger = sale.ledger;
      counted.push(sale.seller.length > 0);
    }
    expect(counted).toEqual([true, true, true, false, false]);
    expect(ledger).toEqual({ day: '2026-11-26', counted: 3 });
    const tomorrow = countSale({ item: herb, quantity: 1, price: 10, payout: 9 }, ledger, new Date('2026-11-27T00:00:01Z'));
    expect(tomorrow.ledger).toEqual({ day: '2026-11-27', counted: 1 });
    expect(tomorrow.seller).toHaveLength(1);
  });

  it('counts a fair sale for both, the copper earned at most the item store price', () => {
    const sale = countSale({ item: herb, quantity: 2, price: 25, payout: 23 }, fresh, NOW);
    expect(sale).toEqual({
      seller: [{ type: 'auction-sold', copper: 23 }],
      buyer: [{ type: 'auction-bought', copper: 25 }],
      ledger: { day: '2026-11-26', counted: 1 },
    });
    expect(unlockedIds(sale.seller)).toEqual(['social-first-sale']);
    // 1 gold paid for one herb: the seller earned what it is worth (15c); the rest was a gift.
    expect(countSale({ item: herb, quantity: 1, price: 10_000, payout: 9_500 }, fresh, NOW).seller).toEqual([{ type: 'auction-sold', copper: 15 }]);
  });

  it('names the day in UTC', () => {
    expect(utcDay(new Date('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
  });
});
