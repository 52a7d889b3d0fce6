import type { CharacterView } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { characterResponseSchema, useStoreCharacter } from './character-cache';

/** POST /api/characters/:id/select: makes it the one active character (spec 01 section 4). */
export async function selectCharacter(id: string): Promise<CharacterView> {
  const path = `/api/characters/${encodeURIComponent(id)}/select`;
  const { character } = await apiFetch(path, characterResponseSchema, { method: 'POST' });
  return character;
}

export function useSelectCharacter() {
  const store = useStoreCharacter();
  return useMutation({
    mutationFn: selectCharacter,
    onSuccess: store,
    onError: (error) => toastApiError(error, 'Failed to set active character'),
  });
}
