import { describe, expect, it } from 'vitest';
import { parseQuantity, sellValueText } from './sell';

describe('sell value (spec 02 section 9: the unit value times the quantity)', () => {
  it('shows one unit as coins and a stack with its unit price', () => {
    expect(sellValueText(6, 1)).toBe('6c');
    expect(sellValueText(60, 3)).toBe('1s 80c (60c each)');
    expect(sellValueText(5_000, 2)).toBe('1g (50s each)');
  });
});

describe('the quantity picker', () => {
  it('refuses what is not a whole number from 1 to the stack size', () => {
    expect(parseQuantity('', 3)).toBeNull();
    expect(parseQuantity('0', 3)).toBeNull();
    expect(parseQuantity('4', 3)).toBeNull();
    expect(parseQuantity('1.5', 3)).toBeNull();
    expect(parseQuantity('-1', 3)).toBeNull();
    expect(parseQuantity('two', 3)).toBeNull();
  });

  it('accepts 1 to the stack size', () => {
    expect(parseQuantity('1', 3)).toBe(1);
    expect(parseQuantity(' 3 ', 3)).toBe(3);
  });
});
