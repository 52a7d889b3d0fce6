import { describe, expect, it } from 'vitest';
import { feeFor } from './price';

describe('listing fee preview', () => {
  it('previews the fee of the bracket, none for no price (DECISIONS §2)', () => {
    expect(feeFor(0)).toBe(0);
    expect(feeFor(100)).toBe(5);
    expect(feeFor(100_000)).toBe(10_000);
  });
});
