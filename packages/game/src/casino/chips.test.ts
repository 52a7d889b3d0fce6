import { describe, expect, it } from 'vitest';
import { copper } from '../currency/copper.ts';
import {
  buyChips,
  buyChipsRefusal,
  cashOutChips,
  cashOutPayout,
  cashOutRefusal,
  chipRefusalError,
  chipRefusalLine,
  notEnoughCurrency,
  type ChipWallet,
} from './chips.ts';
import { ruleErrorOf as ruleError } from '../errors.testutil.ts';

const wallet = (copperAmount: number, casinoChips: number): ChipWallet & { name: string } => ({
  name: 'Aria',
  copper: copper(copperAmount),
  casinoChips,
});

describe('spec 02 §5/§8/§9 chips: buying', () => {
  it.each([0, 99, -100, 150, 1.5, Number.NaN, Infinity])('refuses %s chips as an invalid amount', (amount) => {
    const error = ruleError(() => buyChips(wallet(100_000, 0), amount));
    expect(error.title).toBe('Invalid amount');
    expect(error.message).toBe('Please enter a positive chip amount in multiples of 100');
  });

  it('refuses more chips than the funds buy, with the console text', () => {
    const error = ruleError(() => buyChips(wallet(99, 0), 100));
    expect(error.title).toBe('Not enough currency');
    expect(error.message).toBe('Error: Not enough currency. You need 100 copper to buy 100 chips.');
    expect(ruleError(() => buyChips(wallet(10_199, 0), 10_200)).message).toBe('Error: Not enough currency. You need 10200 copper to buy 10200 chips.');
  });

  it('buys 100 chips for 100 copper, down to 0 copper', () => {
    const before = wallet(100, 5);
    const result = buyChips(before, 100);
    expect(result.state).toEqual({ name: 'Aria', copper: 0, casinoChips: 105 });
    expect(result).toMatchObject({ chipsBought: 100, copperSpent: 100, title: 'Chips Purchased', message: 'You bought 100 casino chips for 100 copper.' });
    expect(before).toEqual({ name: 'Aria', copper: 100, casinoChips: 5 });
  });

  it('buys the presets at 1 copper per chip', () => {
    expect(buyChips(wallet(20_000, 0), 10_000).state).toMatchObject({ copper: 10_000, casinoChips: 10_000 });
  });
});

describe('spec 02 §5/§8/§9 chips: cashing out', () => {
  it.each([0, -1, 1.5, Number.NaN])('refuses %s as an invalid amount', (amount) => {
    const error = ruleError(() => cashOutChips(wallet(0, 500), amount));
    expect(error.title).toBe('Invalid amount');
    expect(error.message).toBe('Please enter a positive chip amount to cash out');
  });

  it('refuses more chips than held', () => {
    const error = ruleError(() => cashOutChips(wallet(0, 50), 51));
    expect(error.title).toBe('Not enough chips');
    expect(error.message).toBe('You only have 50 chips available to cash out');
    expect(ruleError(() => cashOutChips(wallet(0, 0), 1)).message).toBe('You only have 0 chips available to cash out');
  });

  it('pays the floor of 95% and keeps the rest as the fee: 101 chips -> 95 copper, fee 6', () => {
    const result = cashOutChips(wallet(10, 101), 101);
    expect(result.state).toEqual({ name: 'Aria', copper: 105, casinoChips: 0 });
    expect(result).toMatchObject({
      chipsCashed: 101,
      copperReceived: 95,
      fee: 6,
      title: 'Chips Cashed Out',
      message: 'You cashed out 101 chips and received 95 copper (fee: 6 copper).',
    });
  });

  it('rounds every amount down', () => {
    expect(cashOutPayout(100)).toBe(95);
    expect(cashOutPayout(20)).toBe(19);
    expect(cashOutPayout(19)).toBe(18);
    expect(cashOutPayout(1)).toBe(0);
    expect(cashOutChips(wallet(0, 1), 1)).toMatchObject({ copperReceived: 0, fee: 1, state: { casinoChips: 0, copper: 0 } });
  });

  it('cashes out part of the chips', () => {
    expect(cashOutChips(wallet(0, 1000), 400).state).toMatchObject({ copper: 380, casinoChips: 600 });
  });
});

describe('spec 02 §5/§8 chip refusals, one text for the console, the routes and the dialogs', () => {
  it('refuses a bad amount, too little money and too few chips, in the spec words', () => {
    for (const amount of [0, -100, 150, 99.5, Number.NaN]) {
      expect(buyChipsRefusal(amount, 10_000)).toEqual({
        code: 'invalid_chip_amount',
        title: 'Invalid amount',
        message: 'Please enter a positive chip amount in multiples of 100',
      });
    }
    expect(buyChipsRefusal(500, 499)).toEqual({ code: 'insufficient_funds', title: 'Not enough currency', message: 'You need 500 copper to buy 500 chips.' });
    for (const amount of [0, -1, 1.5]) {
      expect(cashOutRefusal(amount, 300)).toEqual({
        code: 'invalid_chip_amount',
        title: 'Invalid amount',
        message: 'Please enter a positive chip amount to cash out',
      });
    }
    expect(cashOutRefusal(301, 300)).toEqual({
      code: 'insufficient_chips',
      title: 'Not enough chips',
      message: 'You only have 300 chips available to cash out',
    });
  });

  it('words a refusal for the console, the dialog answer and the line under the field', () => {
    const funds = notEnoughCurrency(1_000);
    expect(chipRefusalError(funds).message).toBe('Error: Not enough currency. You need 1000 copper to buy 1000 chips.');
    expect(chipRefusalError(funds, 'dialog')).toMatchObject({
      code: 'insufficient_funds',
      title: 'Not enough currency',
      message: 'You need 1000 copper to buy 1000 chips.',
    });
    expect(chipRefusalLine(funds)).toBe('Not enough currency. You need 1000 copper to buy 1000 chips.');
    expect(chipRefusalLine(cashOutRefusal(400, 300)!)).toBe('You only have 300 chips available to cash out');
  });

  it('lets a valid amount go ahead', () => {
    expect(buyChipsRefusal(500, 500)).toBeNull();
    expect(cashOutRefusal(300, 300)).toBeNull();
    expect(cashOutRefusal(1, 300)).toBeNull();
  });
});
