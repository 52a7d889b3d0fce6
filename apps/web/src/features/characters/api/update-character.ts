import type { CharacterView } from '@rpg/contract';
import type { Appearance, Gender } from '@rpg/game';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { characterResponseSchema, useStoreCharacter } from './character-cache';

/** PATCH /api/characters/:id: only the fields sent change; race and class are fixed at creation. */
export interface UpdateCharacterInput {
  name?: string;
  gender?: Gender;
  appearance?: Partial<Appearance>;
}

export async function updateCharacter(id: string, input: UpdateCharacterInput): Promise<CharacterView> {
  const path = `/api/characters/${encodeURIComponent(id)}`;
  const { character } = await apiFetch(path, characterResponseSchema, { method: 'PATCH', body: input });
  return character;
}

export function useUpdateCharacter() {
  const store = useStoreCharacter();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCharacterInput }) => updateCharacter(id, input),
    onSuccess: store,
  });
}
