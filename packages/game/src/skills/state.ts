import { findSkill, skillTreeOf, type SkillNode, type SkillTree } from '../content/skillTrees.ts';
import { RuleError } from '../errors.ts';
import type { CharacterClass } from '../types.ts';

/** What the rules read of a character's skills: its class, unspent points and unlocked skill ids. */
export interface SkillState {
  characterClass: CharacterClass;
  skillPoints: number;
  unlocked: readonly string[];
}

/** Spec 03 §4 "Skill tree": a node is unlocked, available or locked. */
export type SkillStatus = 'unlocked' | 'available' | 'locked';

/** Spec 03 §2/§8: the screen for a class without a tree. */
export const UNSUPPORTED_CLASS = 'Unsupported class type.';
export const ACCESS_DENIED = 'Access Denied';
/** Spec 03 §4: "Skill trees can only be changed for the character's own class." */
export const OWN_CLASS_ONLY = "Skill trees can only be changed for the character's own class.";
export const SKILL_NOT_FOUND = 'That skill does not exist.';

/** The character's own tree; the nine classes without one are refused (spec 03 §2 'Unsupported class type.'). */
export function ownSkillTree(characterClass: CharacterClass): SkillTree {
  const tree = skillTreeOf(characterClass);
  if (!tree) throw new RuleError('unsupported_class', UNSUPPORTED_CLASS, { title: ACCESS_DENIED, status: 403 });
  return tree;
}

/**
 * Spec 03 §4: unlocked when in the list; available when every requirement is unlocked (the
 * root, which has none, is always available); otherwise locked.
 */
export function skillStatus(node: SkillNode, unlocked: readonly string[]): SkillStatus {
  if (unlocked.includes(node.id)) return 'unlocked';
  return node.requirements.every((id) => unlocked.includes(id)) ? 'available' : 'locked';
}

/**
 * The node of `skillId` in the character's own tree. A skill of another class's tree is the
 * preview's: nothing of it can be saved (spec 03 §4); an id of no tree is not found.
 */
export function ownSkill(state: SkillState, skillId: string): { tree: SkillTree; node: SkillNode } {
  const tree = ownSkillTree(state.characterClass);
  const node = findSkill(tree, skillId);
  if (node) return { tree, node };
  const elsewhere = (['mage', 'warrior', 'rogue'] as const).some((c) => c !== tree.characterClass && findSkill(skillTreeOf(c)!, skillId));
  if (elsewhere) throw new RuleError('preview_only', OWN_CLASS_ONLY, { title: 'Preview Mode', status: 403 });
  throw new RuleError('skill_not_found', SKILL_NOT_FOUND, { title: 'Skill Not Found', status: 404 });
}

/** The unlocked ids that belong to the tree, in the tree's order (anything else is ignored). */
export function unlockedIn(tree: SkillTree, unlocked: readonly string[]): string[] {
  return tree.nodes.filter((n) => unlocked.includes(n.id)).map((n) => n.id);
}
