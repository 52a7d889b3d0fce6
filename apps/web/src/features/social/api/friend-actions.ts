import { friendshipChangeSchema, queryKeys, type FriendshipChange } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/**
 * The friendship changes, each a POST or DELETE answering the new relation and the toast:
 * POST /api/friends/requests { userId }, POST /api/friends/:id/accept|reject, DELETE /api/friends/:id,
 * POST /api/blocks { userId }, DELETE /api/blocks/:userId.
 */
export type FriendAction =
  | { kind: 'request'; userId: string }
  | { kind: 'accept'; friendshipId: string }
  | { kind: 'reject'; friendshipId: string }
  /** Remove a friend, cancel a sent request, or decline (the row is deleted). */
  | { kind: 'remove'; friendshipId: string; toast?: string }
  | { kind: 'block'; userId: string }
  | { kind: 'unblock'; userId: string };

export function runFriendAction(action: FriendAction): Promise<FriendshipChange> {
  const id = (value: string) => encodeURIComponent(value);
  switch (action.kind) {
    case 'request':
      return apiFetch('/api/friends/requests', friendshipChangeSchema, { method: 'POST', body: { userId: action.userId } });
    case 'accept':
    case 'reject':
      return apiFetch(`/api/friends/${id(action.friendshipId)}/${action.kind}`, friendshipChangeSchema, { method: 'POST' });
    case 'remove':
      return apiFetch(`/api/friends/${id(action.friendshipId)}`, friendshipChangeSchema, { method: 'DELETE' });
    case 'block':
      return apiFetch('/api/blocks', friendshipChangeSchema, { method: 'POST', body: { userId: action.userId } });
    case 'unblock':
      return apiFetch(`/api/blocks/${id(action.userId)}`, friendshipChangeSchema, { method: 'DELETE' });
  }
}

/** Spec 03 §8: the failure toast of each action. */
const FAILURE: Record<FriendAction['kind'], string> = {
  request: 'Failed to send friend request',
  accept: 'Failed to accept friend request',
  reject: 'Failed to reject friend request',
  remove: 'An unexpected error occurred',
  block: 'An unexpected error occurred',
  unblock: 'An unexpected error occurred',
};

/** Refusals that are information, not failure (spec 03 §8 "Info"). */
const INFO_CODES = new Set(['friend_request_exists', 'already_friends']);

export function useFriendAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runFriendAction,
    onSuccess: (answer, action) => {
      toast.success(action.kind === 'remove' && action.toast ? action.toast : answer.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.social });
    },
    onError: (error, action) => {
      if (error instanceof ApiError && INFO_CODES.has(error.code)) {
        toast.info(error.message);
        void queryClient.invalidateQueries({ queryKey: queryKeys.social });
        return;
      }
      toastApiError(error, FAILURE[action.kind]);
    },
  });
}
