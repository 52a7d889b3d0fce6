import { craftingActionResponseSchema, type CraftingActionResponse } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { useCraftingAnswered } from './crafting-answer';
import { characterPath } from './paths';

/** POST /api/characters/:id/crafting/collect: a finished craft into the backpack ('Backpack Full' while no room). */
export function collectCraft(characterId: string): Promise<CraftingActionResponse> {
  return apiFetch(characterPath(characterId, 'crafting/collect'), craftingActionResponseSchema, { method: 'POST' });
}

export function useCollectCraft(characterId: string) {
  const answered = useCraftingAnswered(characterId);
  return useMutation({
    mutationFn: () => collectCraft(characterId),
    onSuccess: answered,
    onError: (error) => toastApiError(error, 'Error Crafting'),
  });
}
