import { describe, expect, it } from 'vitest';
import { feeFor, payoutFor } from './price';

describe('listing fee preview', () => {
  it('previews the fee of the bracket, none for no price (DECISIONS §2)', () => {
    expect(feeFor(0)).toBe(0);
    expect(feeFor(100)).toBe(5);
    expect(feeFor(100_000)).toBe(10_000);
  });

  it("previews the seller's payout with the rules' salePayout: floor(95%), none for no price (DECISIONS §2)", () => {
    expect(payoutFor(0)).toBe(0);
    expect(payoutFor(1)).toBe(0);
    expect(payoutFor(19)).toBe(18);
    expect(payoutFor(100)).toBe(95);
    expect(payoutFor(12_345)).toBe(11_727);
  });
});
