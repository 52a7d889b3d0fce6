import { queryKeys, socialSummarySchema, type SocialSummary } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/social/summary: the badges (incoming requests, unread messages); pushes refetch it. */
export function fetchSocialSummary(signal?: AbortSignal): Promise<SocialSummary> {
  return apiFetch('/api/social/summary', socialSummarySchema, { signal });
}

export function useSocialSummary() {
  return useQuery({ queryKey: queryKeys.socialSummary, queryFn: ({ signal }) => fetchSocialSummary(signal) });
}
