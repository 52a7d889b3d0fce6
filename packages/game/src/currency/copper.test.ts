import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.ts';
import { copper, formatCoins, spendCopper, toCoins, toCopper } from './copper.ts';

describe('currency (spec 01 §9)', () => {
  it('refuses negative, fractional and unsafe amounts', () => {
    expect(() => copper(-1)).toThrow(RangeError);
    expect(() => copper(1.5)).toThrow(RangeError);
    expect(() => copper(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('refuses to spend more than the balance, leaving 0 as the floor', () => {
    expect(() => spendCopper(copper(99), copper(100))).toThrow(RuleError);
    expect(spendCopper(copper(100), copper(100))).toBe(0);
  });

  it('counts total funds as gold*10000 + silver*100 + copper', () => {
    expect(toCopper({ gold: 1, silver: 2, copper: 3 })).toBe(10203);
  });

  it('splits copper into gold, silver and copper', () => {
    expect(toCoins(copper(10203))).toEqual({ gold: 1, silver: 2, copper: 3 });
    expect(toCoins(copper(99))).toEqual({ gold: 0, silver: 0, copper: 99 });
    expect(toCoins(copper(10000))).toEqual({ gold: 1, silver: 0, copper: 0 });
  });

  it('formats amounts as g/s/c', () => {
    expect(formatCoins(copper(0))).toBe('0c');
    expect(formatCoins(copper(10203))).toBe('1g 2s 3c');
    expect(formatCoins(copper(500))).toBe('5s');
  });
});
