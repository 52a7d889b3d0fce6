import { queryKeys, socialSummarySchema, type SocialSummary } from '@rpg/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { primeQuery } from '@/lib/early-fetch';

/** GET /api/social/summary: the badges (incoming requests, unread messages); pushes refetch it. */
export function fetchSocialSummary(signal?: AbortSignal): Promise<SocialSummary> {
  return apiFetch('/api/social/summary', socialSummarySchema, { signal });
}

export function useSocialSummary() {
  return useQuery({ queryKey: queryKeys.socialSummary, queryFn: ({ signal }) => fetchSocialSummary(signal) });
}

/** The badges index.html read early on a game path, into the query cache (lib/early-fetch.ts). */
export function primeSocialSummary(client: QueryClient): Promise<void> {
  return primeQuery(client, '/api/social/summary', queryKeys.socialSummary, ({ signal }) => fetchSocialSummary(signal));
}
