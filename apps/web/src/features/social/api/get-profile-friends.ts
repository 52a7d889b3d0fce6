import { publicFriendListSchema, queryKeys, type PublicFriendList } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/profiles/:userId/friends: another player's accepted friends (their Friends tab). */
export function fetchProfileFriends(userId: string, signal?: AbortSignal): Promise<PublicFriendList> {
  return apiFetch(`/api/profiles/${encodeURIComponent(userId)}/friends`, publicFriendListSchema, { signal });
}

export function useProfileFriendsQuery(userId: string) {
  return useQuery({ queryKey: queryKeys.profileFriends(userId), queryFn: ({ signal }) => fetchProfileFriends(userId, signal) });
}
