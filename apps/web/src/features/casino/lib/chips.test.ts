import { describe, expect, it } from 'vitest';
import {
  buyConfirmText,
  buyProblem,
  cashOutConfirmText,
  cashOutPreview,
  cashOutProblem,
  maxAffordableChips,
  parseCashOutAmount,
  roundChipAmount,
} from './chips';

describe('buy amount (spec 02 section 5 "Chips": multiples of 100, at least 100)', () => {
  it('turns what is not a number, or too little, into the minimum of 100', () => {
    expect(roundChipAmount('')).toBe(100);
    expect(roundChipAmount('abc')).toBe(100);
    expect(roundChipAmount('-300')).toBe(100);
    expect(roundChipAmount('0')).toBe(100);
    expect(roundChipAmount('99')).toBe(100);
  });

  it('rounds down to a multiple of 100', () => {
    expect(roundChipAmount('100')).toBe(100);
    expect(roundChipAmount('199')).toBe(100);
    expect(roundChipAmount('250.7')).toBe(200);
    expect(roundChipAmount(' 10000 ')).toBe(10_000);
    expect(roundChipAmount('12345')).toBe(12_300);
  });

  it("refuses a purchase above the funds with the spec's text, and counts what the funds buy", () => {
    expect(buyProblem(500, 499)).toBe('Not enough currency. You need 500 copper to buy 500 chips.');
    expect(buyProblem(500, 500)).toBeNull();
    expect(maxAffordableChips(0)).toBe(0);
    expect(maxAffordableChips(99)).toBe(0);
    expect(maxAffordableChips(1_299)).toBe(1_200);
  });

  it('asks to confirm with the cost in gold, silver and copper', () => {
    expect(buyConfirmText(100)).toBe('Confirm purchase of 100 chips for 1s?');
    expect(buyConfirmText(10_000)).toBe('Confirm purchase of 10000 chips for 1g?');
    expect(buyConfirmText(12_300)).toBe('Confirm purchase of 12300 chips for 1g 23s?');
  });
});

describe('cash out (spec 02 sections 5 and 9: up to the chips held, 5% fee, floor of 95%)', () => {
  it('refuses nothing, zero, negatives and more than the chips held', () => {
    expect(parseCashOutAmount('')).toBeNull();
    expect(parseCashOutAmount('x')).toBeNull();
    // The rules' words, the same the server answers (spec 02 section 8).
    expect(cashOutProblem(null, 300)).toBe('Please enter a positive chip amount to cash out');
    expect(cashOutProblem(0, 300)).toBe('Please enter a positive chip amount to cash out');
    expect(cashOutProblem(-5, 300)).toBe('Please enter a positive chip amount to cash out');
    expect(cashOutProblem(301, 300)).toBe('You only have 300 chips available to cash out');
  });

  it('takes whole chips and accepts up to the chips held', () => {
    expect(parseCashOutAmount('130.9')).toBe(130);
    expect(cashOutProblem(300, 300)).toBeNull();
    expect(cashOutProblem(1, 300)).toBeNull();
  });

  it('pays the floor of 95% and keeps the rest as the fee', () => {
    expect(cashOutPreview(100)).toEqual({ received: 95, fee: 5 });
    expect(cashOutPreview(130)).toEqual({ received: 123, fee: 7 });
    expect(cashOutPreview(1)).toEqual({ received: 0, fee: 1 });
    expect(cashOutPreview(10_000)).toEqual({ received: 9_500, fee: 500 });
  });

  it('asks to confirm with the copper received', () => {
    expect(cashOutConfirmText(100)).toBe('Confirm cash out of 100 chips for 95c?');
    expect(cashOutConfirmText(1_000)).toBe('Confirm cash out of 1000 chips for 9s 50c?');
  });
});
