import { describe, expect, it } from 'vitest';
import { coinTextToCopper, parseCoinField } from './coins';

describe('gift amount fields (DECISIONS §4 gifts; coins as the auction reads them, spec 03 §5)', () => {
  it('counts non-numeric and negative input as 0 and caps silver and copper at 99', () => {
    expect(parseCoinField('abc', 99)).toBe(0);
    expect(parseCoinField('-4', 99)).toBe(0);
    expect(parseCoinField('250', 99)).toBe(99);
    expect(coinTextToCopper({ gold: '', silver: '', copper: '' })).toBe(0);
  });

  it('adds gold, silver and copper into copper', () => {
    expect(coinTextToCopper({ gold: '1', silver: '2', copper: '50' })).toBe(10_250);
    expect(coinTextToCopper({ gold: '', silver: '', copper: '7' })).toBe(7);
  });
});
