import { queryKeys, suggestionListSchema, type SuggestionList } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/friends/suggestions: friends of friends, then recently active players. */
export function fetchSuggestions(signal?: AbortSignal): Promise<SuggestionList> {
  return apiFetch('/api/friends/suggestions', suggestionListSchema, { signal });
}

export function useSuggestionsQuery() {
  return useQuery({ queryKey: queryKeys.friendSuggestions, queryFn: ({ signal }) => fetchSuggestions(signal) });
}
