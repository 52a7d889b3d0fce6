import { queryKeys } from '@rpg/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetchLazy } from '@/lib/api';
import { primeQuery } from '@/lib/early-fetch';
import type { CharacterList } from './character-list-schema';

export type { CharacterList };

/**
 * GET /api/characters. The route guard calls this on every page, the landing and sign-in pages
 * included, so its schema (and zod with it) is loaded with the first answer, not with the page.
 */
export function fetchCharacters(signal?: AbortSignal): Promise<CharacterList> {
  return apiFetchLazy('/api/characters', () => import('./character-list-schema').then((m) => m.characterListSchema), { signal });
}

export function useCharactersQuery() {
  return useQuery({ queryKey: queryKeys.characters, queryFn: ({ signal }) => fetchCharacters(signal) });
}

/** The character list index.html read early on a game path, into the query cache (lib/early-fetch.ts). */
export function primeCharacters(client: QueryClient): Promise<void> {
  return primeQuery(client, '/api/characters', queryKeys.characters, ({ signal }) => fetchCharacters(signal));
}
