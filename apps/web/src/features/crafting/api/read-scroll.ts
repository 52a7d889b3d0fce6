import { craftingActionResponseSchema, type CraftingActionResponse } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { useCraftingAnswered } from './crafting-answer';
import { characterPath } from './paths';

/** POST /api/characters/:id/crafting/scrolls/:entryId/read: learns the recipe; the scroll is used up. */
export function readRecipeScroll(characterId: string, entryId: string): Promise<CraftingActionResponse> {
  const path = characterPath(characterId, `crafting/scrolls/${encodeURIComponent(entryId)}/read`);
  return apiFetch(path, craftingActionResponseSchema, { method: 'POST' });
}

export function useReadScroll(characterId: string) {
  const answered = useCraftingAnswered(characterId);
  return useMutation({
    mutationFn: (entryId: string) => readRecipeScroll(characterId, entryId),
    onSuccess: answered,
    // Spec 02 section 8: 'Error processing recipe scroll.' when nothing better came back.
    onError: (error) => toastApiError(error, 'Error processing recipe scroll.'),
  });
}
