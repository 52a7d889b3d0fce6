import type { CharacterView } from '@rpg/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { characterResponseSchema, useStoreCharacter } from './character-cache';

export type CharacterImageKind = 'avatar' | 'background';

/** What the server accepts (checked there by the bytes): PNG, JPEG, WebP or GIF, at most 2 MiB. */
export const CHARACTER_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** PUT /api/characters/:id/avatar|background, multipart with one field 'file'. */
export async function uploadCharacterImage(id: string, kind: CharacterImageKind, file: File): Promise<CharacterView> {
  const form = new FormData();
  form.append('file', file);
  const path = `/api/characters/${encodeURIComponent(id)}/${kind}`;
  const { character } = await apiFetch(path, characterResponseSchema, { method: 'PUT', body: form });
  return character;
}

export function useUploadCharacterImage(kind: CharacterImageKind) {
  const store = useStoreCharacter();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadCharacterImage(id, kind, file),
    onSuccess: store,
    onError: (error) => toastApiError(error, `Failed to upload the ${kind}`),
  });
}
