import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { parseDice, rollDice } from './roll.ts';
import { ruleErrorOf } from '../errors.testutil.ts';

const message = (fn: () => unknown): string => ruleErrorOf(fn).message;

describe('dice (spec 02 §5 Commands, §9 roll XdY)', () => {
  it('refuses anything but NdM with positive integers', () => {
    for (const input of ['d20', '2d', 'abc', '0d6', '2d0', '-1d6', '1.5d6', '2d6+1', '2 d 6', '1d20 extra']) {
      expect(message(() => parseDice(input))).toBe('Invalid dice format. Use NdM format (e.g., 1d20).');
    }
  });

  it('refuses more than 100 dice or 1000 sides', () => {
    expect(message(() => parseDice('101d6'))).toBe('You can roll at most 100 dice at once.');
    expect(message(() => parseDice('99999999999999999999d6'))).toBe('You can roll at most 100 dice at once.');
    expect(message(() => parseDice('1d1001'))).toBe('Dice can have at most 1000 sides.');
  });

  it('reads NdM and defaults to 1d20 when empty', () => {
    expect(parseDice('')).toEqual({ count: 1, sides: 20 });
    expect(parseDice('   ')).toEqual({ count: 1, sides: 20 });
    expect(parseDice('3d6')).toEqual({ count: 3, sides: 6 });
    expect(parseDice(' 2D8 ')).toEqual({ count: 2, sides: 8 });
    expect(parseDice('100d1000')).toEqual({ count: 100, sides: 1000 });
  });

  it('rolls each die in 1..M and totals them, replayable by seed', () => {
    const r = rollDice('4d6', createRng('dice'));
    expect(r.notation).toBe('4d6');
    expect(r.rolls).toHaveLength(4);
    for (const v of r.rolls) {
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(6);
    }
    expect(r.total).toBe(r.rolls.reduce((a, b) => a + b, 0));
    expect(rollDice('4d6', createRng('dice'))).toEqual(r);
    expect(rollDice('1d1', createRng(3))).toEqual({ count: 1, sides: 1, notation: '1d1', rolls: [1], total: 1 });
  });

  it('rolls every face of a d20 about equally', () => {
    const rng = createRng('d20');
    const counts = new Array(21).fill(0) as number[];
    for (let i = 0; i < 20_000; i++) counts[rollDice('', rng).total]!++;
    for (let face = 1; face <= 20; face++) {
      expect(counts[face]).toBeGreaterThan(850);
      expect(counts[face]).toBeLessThan(1150);
    }
  });
});
