import { queryKeys } from '@rpg/contract';
import { fetchCharacters } from '@/features/characters/api/list-characters';
import { queryClient } from '../providers/query-runtime';

/**
 * Whether the account has no characters yet, from the shared character list in the query cache.
 * Loaded only while the first-visit welcome is undecided (useGuardEffects), so a guest's landing
 * and auth pages never load the query cache.
 */
export async function isNewPlayer(): Promise<boolean> {
  const list = await queryClient.fetchQuery({ queryKey: queryKeys.characters, queryFn: ({ signal }) => fetchCharacters(signal) });
  return list.characters.length === 0;
}
