import { queryKeys, characterViewSchema } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api';

/** GET /api/characters: the player's characters, oldest first; exactly one is active when any exist. */
export const characterListSchema = z.object({ characters: z.array(characterViewSchema) });
export type CharacterList = z.infer<typeof characterListSchema>;

export function fetchCharacters(signal?: AbortSignal): Promise<CharacterList> {
  return apiFetch('/api/characters', characterListSchema, { signal });
}

export function useCharactersQuery() {
  return useQuery({ queryKey: queryKeys.characters, queryFn: ({ signal }) => fetchCharacters(signal) });
}
