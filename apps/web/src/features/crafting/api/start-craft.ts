import { craftingActionResponseSchema, type CraftingActionResponse } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { useCraftingAnswered } from './crafting-answer';
import { characterPath } from './paths';

/** POST /api/characters/:id/crafting/start { recipeId }: takes the ingredients and starts the timer. */
export function startCraft(characterId: string, recipeId: string): Promise<CraftingActionResponse> {
  return apiFetch(characterPath(characterId, 'crafting/start'), craftingActionResponseSchema, { method: 'POST', body: { recipeId } });
}

export function useStartCraft(characterId: string) {
  const answered = useCraftingAnswered(characterId);
  return useMutation({
    mutationFn: (recipeId: string) => startCraft(characterId, recipeId),
    onSuccess: answered,
    // Spec 02 section 8: 'Error Crafting' with the rule's message ('You don't have enough Healing Herb').
    onError: (error) => toastApiError(error, 'Error Crafting'),
  });
}
