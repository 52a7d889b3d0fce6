import { RuleError } from '../errors.ts';
import { ownSkillTree, unlockedIn, type SkillState } from './state.ts';
import { SKILL_UNLOCK_COST } from './unlock.ts';

export interface ResetResult<S extends SkillState> {
  state: S;
  /** The points returned. */
  refunded: number;
  /** Spec 03 §8. */
  message: string;
}

export const SKILLS_RESET_MESSAGE = 'Skill tree reset! All points have been refunded.';

/**
 * Spec 03 §4/§5 reset: needs at least one unlocked skill besides the root ('No skills to
 * reset'); returns a point for every unlocked skill except the root and leaves only the
 * root unlocked.
 */
export function resetSkills<S extends SkillState>(state: S): ResetResult<S> {
  const tree = ownSkillTree(state.characterClass);
  const refundable = unlockedIn(tree, state.unlocked).filter((id) => id !== tree.root);
  if (refundable.length === 0) throw new RuleError('no_skills_to_reset', 'No skills to reset', { title: 'Cannot Reset Skills' });
  const refunded = refundable.length * SKILL_UNLOCK_COST;
  return { state: { ...state, skillPoints: state.skillPoints + refunded, unlocked: [tree.root] }, refunded, message: SKILLS_RESET_MESSAGE };
}
