import type { CharacterView } from '@rpg/contract';
import type { Appearance, CharacterClass, Gender, Race } from '@rpg/game';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { characterResponseSchema, useStoreCharacter } from './character-cache';

/** POST /api/characters: the new character becomes the active one. 409 'Character Limit Reached' at 2. */
export interface CreateCharacterInput {
  name: string;
  race: Race;
  class: CharacterClass;
  gender: Gender;
  appearance?: Appearance;
}

export async function createCharacter(input: CreateCharacterInput): Promise<CharacterView> {
  const { character } = await apiFetch('/api/characters', characterResponseSchema, { method: 'POST', body: input });
  return character;
}

export function useCreateCharacter() {
  const store = useStoreCharacter();
  return useMutation({ mutationFn: createCharacter, onSuccess: store });
}
