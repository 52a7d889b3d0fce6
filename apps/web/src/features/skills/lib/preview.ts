import type { SkillNodeView, SkillTreeState, SkillTreeView } from '@rpg/contract';
import { isRuleError, resetSkills, skillStatus, unlockSkill, type SkillTreeClass } from '@rpg/game';

/**
 * Preview mode (spec 03 §2/§4): another class's tree, tried out in the browser with the same
 * rules as the server (@rpg/game) and the character's points, and never sent anywhere.
 */
export interface PreviewState {
  skillPoints: number;
  unlocked: string[];
}

export const startPreview = (state: SkillTreeState): PreviewState => ({ skillPoints: state.skillPoints, unlocked: [] });

export type PreviewOutcome = { ok: true; state: PreviewState; message: string } | { ok: false; message: string };

function attempt(run: () => { state: PreviewState; message: string }): PreviewOutcome {
  try {
    return { ok: true, ...run() };
  } catch (error) {
    if (isRuleError(error)) return { ok: false, message: error.message };
    throw error;
  }
}

export function previewUnlock(tree: SkillTreeClass, state: PreviewState, skillId: string): PreviewOutcome {
  return attempt(() => {
    const result = unlockSkill({ characterClass: tree, ...state }, skillId);
    return { state: { skillPoints: result.state.skillPoints, unlocked: [...result.state.unlocked] }, message: result.message };
  });
}

export function previewReset(tree: SkillTreeClass, state: PreviewState): PreviewOutcome {
  return attempt(() => {
    const result = resetSkills({ characterClass: tree, ...state });
    return { state: { skillPoints: result.state.skillPoints, unlocked: [...result.state.unlocked] }, message: result.message };
  });
}

/** The tree with each node's state against the preview's unlocked skills. */
export function withPreview(tree: SkillTreeView, state: PreviewState): SkillTreeView {
  return { ...tree, nodes: tree.nodes.map((n): SkillNodeView => ({ ...n, status: skillStatus(n, state.unlocked) })) };
}
