import { describe, expect, it } from 'vitest';
import { feeFor, parseCoin, parsePrice, priceInCopper } from './price';

describe('listing price inputs (spec 03 §5: numeric, non-numeric as 0, silver and copper 0-99)', () => {
  it('counts non-numeric, empty and negative input as 0', () => {
    expect(parseCoin('')).toBe(0);
    expect(parseCoin('abc')).toBe(0);
    expect(parseCoin('-5')).toBe(0);
    expect(parseCoin(' 7 ')).toBe(7);
    expect(parseCoin('2.9')).toBe(2);
  });

  it('holds silver and copper at 99 and gold at 0 or more', () => {
    expect(parsePrice({ gold: '3', silver: '150', copper: '100' })).toEqual({ gold: 3, silver: 99, copper: 99 });
    expect(priceInCopper({ gold: '1', silver: '2', copper: '3' })).toBe(10_203);
    expect(priceInCopper({ gold: 'x', silver: '', copper: '0' })).toBe(0);
  });

  it('previews the fee of the bracket, none for no price (DECISIONS §2)', () => {
    expect(feeFor(0)).toBe(0);
    expect(feeFor(100)).toBe(5);
    expect(feeFor(100_000)).toBe(10_000);
  });
});
