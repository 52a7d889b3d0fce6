import { describe, expect, it } from 'vitest';
import { ruleErrorOf } from '../errors.testutil.ts';
import { againChoice, NO_ADVENTURE_TO_REPEAT } from './again.ts';

describe('again (issue 44 point 2: the same adventure once more)', () => {
  it('refuses when the character has no settled adventure, with the way to set out', () => {
    for (const last of [null, undefined]) {
      const e = ruleErrorOf(() => againChoice(last));
      expect(e.code).toBe('no_adventure_to_repeat');
      expect(e.message).toBe(NO_ADVENTURE_TO_REPEAT);
      expect(e.message).toBe('No adventure to repeat yet. Usage: /adventure [location] [level]');
    }
  });

  it('repeats the last location and level', () => {
    expect(againChoice({ location: 'volcano', level: 4 })).toEqual({ location: 'volcano', level: 4 });
  });
});
