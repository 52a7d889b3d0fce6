import { friendListSchema, queryKeys, type FriendList } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/friends: the player's pending and accepted rows (tabs All, Friends, Incoming, Sent). */
export function fetchFriends(signal?: AbortSignal): Promise<FriendList> {
  return apiFetch('/api/friends', friendListSchema, { signal });
}

/** Presence changes without a push to this list: refetched each minute while shown. */
export function useFriendsQuery(enabled = true) {
  return useQuery({ queryKey: queryKeys.friends, queryFn: ({ signal }) => fetchFriends(signal), enabled, refetchInterval: 60_000 });
}
