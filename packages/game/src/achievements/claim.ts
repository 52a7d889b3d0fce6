import { BATTLE_PASS_REWARDS, type BattlePassReward } from '../content/battlePass.ts';
import { RuleError } from '../errors.ts';
import { levelForPoints } from './level.ts';

export const NOTHING_TO_CLAIM_MESSAGE = 'No battle pass reward is ready to claim.';
export const CLAIM_NEEDS_CHARACTER_TITLE = 'No Character Selected';
export const CLAIM_NEEDS_CHARACTER_MESSAGE = 'Please create or select a character first.';

/**
 * Spec 03 §4 battle pass, DECISIONS §2 (a reward is granted once, when its level is reached): the
 * rewards a claim grants, every level reached and not yet granted, lowest first. A level waits
 * (READY TO CLAIM) only when there was no character to receive its item; the claim refuses when
 * nothing is ready, or when an item is due and there is still no character.
 */
export function rewardsToClaim(totalPoints: number, granted: ReadonlySet<number>, hasCharacter: boolean): BattlePassReward[] {
  const level = levelForPoints(totalPoints);
  const due = BATTLE_PASS_REWARDS.filter((reward) => reward.level <= level && !granted.has(reward.level));
  if (due.length === 0) throw new RuleError('nothing_to_claim', NOTHING_TO_CLAIM_MESSAGE, { status: 409 });
  if (!hasCharacter && due.some((reward) => reward.grant.kind === 'item')) {
    throw new RuleError('no_character', CLAIM_NEEDS_CHARACTER_MESSAGE, { title: CLAIM_NEEDS_CHARACTER_TITLE, status: 409 });
  }
  return due;
}
