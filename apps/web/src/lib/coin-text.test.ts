import { describe, expect, it } from 'vitest';
import { coinTextToCopper, parseCoin, parseCoinText } from './coin-text';

describe('coin inputs (spec 03 §5: numeric, non-numeric as 0, silver and copper 0-99; auction prices and gifts)', () => {
  it('counts non-numeric, empty and negative input as 0', () => {
    expect(parseCoin('')).toBe(0);
    expect(parseCoin('abc')).toBe(0);
    expect(parseCoin('-5')).toBe(0);
    expect(parseCoin(' 7 ')).toBe(7);
    expect(parseCoin('2.9')).toBe(2);
  });

  it('holds silver and copper at 99 and gold at 0 or more', () => {
    expect(parseCoinText({ gold: '3', silver: '150', copper: '100' })).toEqual({ gold: 3, silver: 99, copper: 99 });
    expect(coinTextToCopper({ gold: '1', silver: '2', copper: '3' })).toBe(10_203);
    expect(coinTextToCopper({ gold: 'x', silver: '', copper: '0' })).toBe(0);
    expect(coinTextToCopper({ gold: '', silver: '', copper: '7' })).toBe(7);
  });
});
