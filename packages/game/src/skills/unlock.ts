import { RuleError } from '../errors.ts';
import { ownSkill, skillStatus, type SkillState } from './state.ts';

/** Spec 03 §9: every node costs 1 point. */
export const SKILL_UNLOCK_COST = 1;

export interface UnlockResult<S extends SkillState> {
  state: S;
  skillId: string;
  /** Spec 03 §8 'Unlocked {skill}!'. */
  message: string;
}

/**
 * Spec 03 §4/§5 unlock, checked in the spec's order: a skill of the character's own tree
 * (another class's is preview only), not already unlocked ('{skill} is already unlocked'),
 * at least one point ('Not enough skill points'), every requirement unlocked ("You haven't met
 * the requirements for this skill"). Costs 1 point.
 */
export function unlockSkill<S extends SkillState>(state: S, skillId: string): UnlockResult<S> {
  const { node } = ownSkill(state, skillId);
  if (state.unlocked.includes(node.id)) {
    throw new RuleError('skill_already_unlocked', `${node.name} is already unlocked`, { title: 'Already Unlocked', status: 409 });
  }
  if (state.skillPoints < SKILL_UNLOCK_COST) {
    throw new RuleError('not_enough_skill_points', 'Not enough skill points', { title: 'Cannot Unlock Skill' });
  }
  if (skillStatus(node, state.unlocked) !== 'available') {
    throw new RuleError('skill_requirements_not_met', "You haven't met the requirements for this skill", { title: 'Cannot Unlock Skill' });
  }
  return {
    state: { ...state, skillPoints: state.skillPoints - SKILL_UNLOCK_COST, unlocked: [...state.unlocked, node.id] },
    skillId: node.id,
    message: `Unlocked ${node.name}!`,
  };
}
