import type { CharacterView } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { characterResponseSchema, useStoreCharacter } from './character-cache';
import type { CharacterImageKind } from './upload-character-image';

/** DELETE /api/characters/:id/avatar|background -> { character } without that image. */
export async function removeCharacterImage(id: string, kind: CharacterImageKind): Promise<CharacterView> {
  const path = `/api/characters/${encodeURIComponent(id)}/${kind}`;
  const { character } = await apiFetch(path, characterResponseSchema, { method: 'DELETE' });
  return character;
}

export function useRemoveCharacterImage(kind: CharacterImageKind) {
  const store = useStoreCharacter();
  return useMutation({
    mutationFn: (id: string) => removeCharacterImage(id, kind),
    onSuccess: store,
    onError: (error) => toastApiError(error, `Failed to remove the ${kind}`),
  });
}
