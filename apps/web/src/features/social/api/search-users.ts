import { queryKeys, userSearchSchema, type UserSearch } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** GET /api/users/search?q=: usernames containing the term (never e-mail addresses); 5 at most. */
export async function searchUsers(term: string, signal?: AbortSignal): Promise<UserSearch> {
  try {
    return await apiFetch(`/api/users/search?q=${encodeURIComponent(term)}`, userSearchSchema, { signal });
  } catch (error) {
    if (!signal?.aborted) toastApiError(error, 'Failed to search users');
    throw error;
  }
}

/** Runs for a non-empty term only (spec 03 §5 "Search needs a non-empty term"). */
export function useUserSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({ queryKey: queryKeys.userSearch(trimmed), queryFn: ({ signal }) => searchUsers(trimmed, signal), enabled: trimmed !== '' });
}
