import { describe, expect, it } from 'vitest';
import { BATTLE_PASS_REWARDS } from '../content/battlePass.ts';
import { isRuleError } from '../errors.ts';
import { CLAIM_NEEDS_CHARACTER_MESSAGE, NOTHING_TO_CLAIM_MESSAGE, rewardsToClaim } from './claim.ts';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isRuleError(error)) return { code: error.code, message: error.message, title: error.title };
    throw error;
  }
  throw new Error('not refused');
};

describe('spec 03 §4 battle pass: claiming the levels reached (issue 27 point 5)', () => {
  it('refuses when no level is reached, or every reached level is already granted', () => {
    expect(refusal(() => rewardsToClaim(49, new Set(), true))).toEqual({ code: 'nothing_to_claim', message: NOTHING_TO_CLAIM_MESSAGE, title: undefined });
    expect(refusal(() => rewardsToClaim(100, new Set([1, 2]), true)).message).toBe(NOTHING_TO_CLAIM_MESSAGE);
  });

  it('refuses an item without a character to receive it', () => {
    expect(refusal(() => rewardsToClaim(50, new Set(), false))).toEqual({
      code: 'no_character',
      message: CLAIM_NEEDS_CHARACTER_MESSAGE,
      title: 'No Character Selected',
    });
  });

  it('grants every reached level not yet granted, lowest first', () => {
    expect(rewardsToClaim(150, new Set([2]), true).map((r) => r.level)).toEqual([1, 3]);
    expect(rewardsToClaim(950, new Set(), true)).toHaveLength(BATTLE_PASS_REWARDS.length);
  });

  it('a title alone needs no character (level 5 is the Explorer title)', () => {
    const granted = new Set([1, 2, 3, 4]);
    expect(BATTLE_PASS_REWARDS[4]!.grant.kind).toBe('title');
    expect(rewardsToClaim(275, granted, false).map((r) => r.level)).toEqual([5]);
  });
});
