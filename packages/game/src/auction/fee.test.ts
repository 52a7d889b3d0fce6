import { describe, expect, it } from 'vitest';
import { copper } from '../currency/copper.ts';
import { AUCTION_FEE_BRACKETS, listingFee, listingFeeRate, salePayout } from './fee.ts';

describe('auction listing fee (spec 03 §9, DECISIONS §2: brackets in gold, ceil)', () => {
  it.each([
    // under 10g: 5%
    [1, 0.05, 1],
    [19, 0.05, 1],
    [20, 0.05, 1],
    [21, 0.05, 2],
    [99_999, 0.05, 5_000],
    // 10g (100,000 copper) - 49g 99s 99c: 10%
    [100_000, 0.1, 10_000],
    [100_001, 0.1, 10_001],
    [499_999, 0.1, 50_000],
    // 50g - 99g 99s 99c: 15%
    [500_000, 0.15, 75_000],
    [500_001, 0.15, 75_001],
    [999_999, 0.15, 150_000],
    // 100g and above: 20%
    [1_000_000, 0.2, 200_000],
    [1_000_001, 0.2, 200_001],
    [10_000_000_000, 0.2, 2_000_000_000],
  ])('a price of %i copper is charged at %f: %i copper', (price, rate, fee) => {
    expect(listingFeeRate(copper(price))).toBe(rate);
    expect(listingFee(copper(price))).toBe(fee);
  });

  it('uses the gold thresholds of the fee card, not 10,000 / 50,000 / 100,000 copper', () => {
    expect(listingFeeRate(copper(10_000))).toBe(0.05);
    expect(listingFeeRate(copper(50_000))).toBe(0.05);
    expect(AUCTION_FEE_BRACKETS.map((b) => b.from)).toEqual([0, 100_000, 500_000, 1_000_000]);
  });
});

describe('auction sale payout (spec 03 §9, DECISIONS §2: floor(0.95 x price))', () => {
  it('rounds the seller’s 95% down; the buyer pays the full price', () => {
    expect(salePayout(copper(1))).toBe(0);
    expect(salePayout(copper(19))).toBe(18);
    expect(salePayout(copper(20))).toBe(19);
    expect(salePayout(copper(100_000))).toBe(95_000);
    expect(salePayout(copper(123_457))).toBe(117_284);
  });
});
