import type { CharacterView } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { characterResponseSchema, useStoreCharacter } from './character-cache';

/** POST /api/characters/:id/attributes/reset: refunds every spent attribute point. */
export async function resetAttributes(id: string): Promise<CharacterView> {
  const path = `/api/characters/${encodeURIComponent(id)}/attributes/reset`;
  const { character } = await apiFetch(path, characterResponseSchema, { method: 'POST' });
  return character;
}

export function useResetAttributes() {
  const store = useStoreCharacter();
  return useMutation({
    mutationFn: resetAttributes,
    onSuccess: store,
    onError: (error) => toastApiError(error, 'Failed to update character'),
  });
}
