import { queryKeys, skillTreeStateSchema, type SkillTreeState } from '@rpg/contract';
import type { SkillTreeClass } from '@rpg/game';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** 'own' asks for the character's own tree (also for a class without one); a class asks for that tree (a preview when not the own). */
export type TreeChoice = SkillTreeClass | 'own';

/** GET /api/characters/:id/skills[?tree=]: the tree with each node's state, the level, points and what the skills add. */
export function fetchSkillTree(characterId: string, tree: TreeChoice, signal?: AbortSignal): Promise<SkillTreeState> {
  const query = tree === 'own' ? '' : `?tree=${tree}`;
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/skills${query}`, skillTreeStateSchema, { signal });
}

export function useSkillTreeQuery(characterId: string, tree: TreeChoice) {
  return useQuery({ queryKey: queryKeys.skillTree(characterId, tree), queryFn: ({ signal }) => fetchSkillTree(characterId, tree, signal) });
}
