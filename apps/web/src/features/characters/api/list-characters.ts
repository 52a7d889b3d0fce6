import { queryKeys } from '@rpg/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetchLazy } from '@/lib/api';
import { hasEarlyOk } from '@/lib/early-fetch';
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

/**
 * Fills the query cache with the character list index.html read early on a game path (only when
 * that read answered 2xx), as soon as the game's code has loaded: the portal's first render then
 * has the list, instead of rendering its loading state and the list again, synchronously, when the
 * query hears the answer (a ~60 ms task on a /game load).
 */
export async function primeCharacters(client: QueryClient): Promise<void> {
  if (!(await hasEarlyOk('/api/characters'))) return;
  await client.prefetchQuery({ queryKey: queryKeys.characters, queryFn: ({ signal }) => fetchCharacters(signal) });
}
