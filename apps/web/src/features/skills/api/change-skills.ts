import { queryKeys, skillChangeResponseSchema, type SkillChangeResponse } from '@rpg/contract';
import type { SkillTreeClass } from '@rpg/game';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { showServerToast, toastApiError } from '@/lib/api-toast';
import { playSound } from '@/lib/audio';

/** POST /api/characters/:id/skills/unlock { skillId }: 'Unlocked {skill}!' or the rule's refusal. */
export function unlockSkill(characterId: string, skillId: string): Promise<SkillChangeResponse> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/skills/unlock`, skillChangeResponseSchema, { method: 'POST', body: { skillId } });
}

/** POST /api/characters/:id/skills/reset: 'Skill tree reset! All points have been refunded.' or 'No skills to reset'. */
export function resetSkills(characterId: string): Promise<SkillChangeResponse> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/skills/reset`, skillChangeResponseSchema, { method: 'POST', body: {} });
}

/**
 * Unlock and reset for the character's own tree: the answer replaces the tree in the cache,
 * its toast shows, and the character (points) and the launcher (win chances) refetch. The
 * server also pushes the same invalidation to the player's other tabs.
 */
export function useChangeSkills(characterId: string, ownTree: SkillTreeClass) {
  const queryClient = useQueryClient();
  const onSuccess = (answer: SkillChangeResponse) => {
    queryClient.setQueryData(queryKeys.skillTree(characterId, ownTree), answer.state);
    showServerToast(answer.toast);
    playSound('levelUp');
    for (const queryKey of [queryKeys.characters, queryKeys.adventure(characterId), queryKeys.skills(characterId)])
      void queryClient.invalidateQueries({ queryKey });
  };
  const unlock = useMutation({
    mutationFn: (skillId: string) => unlockSkill(characterId, skillId),
    onSuccess,
    onError: (error) => toastApiError(error, 'Cannot Unlock Skill'),
  });
  const reset = useMutation({ mutationFn: () => resetSkills(characterId), onSuccess, onError: (error) => toastApiError(error, 'Cannot Reset Skills') });
  return { unlock, reset };
}
