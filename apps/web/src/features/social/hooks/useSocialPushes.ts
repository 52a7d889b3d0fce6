import { friendRequestPushSchema, presencePushSchema, queryKeys, SOCIAL_TEXT } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';

/**
 * Spec 03 §4 "A live incoming request shows the toast 'New Friend Request'" (the badges refetch
 * on the `invalidate` that follows it).
 */
export function useFriendRequestPushHandler(): (message: unknown) => void {
  return useCallback((message: unknown) => {
    const parsed = friendRequestPushSchema.safeParse(message);
    if (!parsed.success) return;
    toast.info(SOCIAL_TEXT.newFriendRequest, { description: `${parsed.data.from.username} wants to be your friend.` });
  }, []);
}

/** A player came online or went offline: the lists that show presence refetch (when shown). */
export function usePresencePushHandler(): (message: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: unknown) => {
      const parsed = presencePushSchema.safeParse(message);
      if (!parsed.success) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.friends });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile(parsed.data.userId), exact: true });
    },
    [queryClient],
  );
}
