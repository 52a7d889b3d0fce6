import { profileViewSchema, queryKeys, type ProfileView } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/profiles/:userId ('me' for the signed-in player): banner, avatar, counters, relation. */
export function fetchProfile(userId: string, signal?: AbortSignal): Promise<ProfileView> {
  return apiFetch(`/api/profiles/${encodeURIComponent(userId)}`, profileViewSchema, { signal });
}

export function useProfileQuery(userId: string) {
  return useQuery({ queryKey: queryKeys.profile(userId), queryFn: ({ signal }) => fetchProfile(userId, signal) });
}
