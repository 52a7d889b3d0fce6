import { changedKeys, directMessagePushSchema, friendRequestPushSchema, inboxTextOf, presencePushSchema } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';

/**
 * Spec 03 §4 "A live incoming request shows the toast 'New Friend Request'" (the badges refetch
 * on the `invalidate` that follows it).
 */
export function useFriendRequestPushHandler(): (message: unknown) => void {
  return useCallback((message: unknown) => {
    const parsed = friendRequestPushSchema.safeParse(message);
    if (!parsed.success) return;
    const { title, body } = inboxTextOf(parsed.data);
    toast.info(title, { description: body });
  }, []);
}

/** A player came online or went offline: the lists that show presence refetch (when shown). */
export function usePresencePushHandler(): (message: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: unknown) => {
      const parsed = presencePushSchema.safeParse(message);
      if (!parsed.success) return;
      const [friends, conversations, profile] = changedKeys.presence(parsed.data.userId);
      void queryClient.invalidateQueries({ queryKey: friends });
      void queryClient.invalidateQueries({ queryKey: conversations, exact: true });
      void queryClient.invalidateQueries({ queryKey: profile, exact: true });
    },
    [queryClient],
  );
}

/** The conversation open in this tab, if any (/user-profile?tab=messages&with=<id>). */
export function openConversationId(pathname: string, search: string): string | null {
  if (pathname !== '/user-profile') return null;
  const params = new URLSearchParams(search);
  return params.get('tab') === 'messages' ? params.get('with') : null;
}

/** A direct message arrived: a toast with 'Open', unless its conversation is already open in this tab. */
export function useDirectMessagePushHandler(): (message: unknown) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (message: unknown) => {
      const parsed = directMessagePushSchema.safeParse(message);
      if (!parsed.success) return;
      const { from } = parsed.data;
      if (openConversationId(location.pathname, location.search) === from.id) return;
      const to = `/user-profile?tab=messages&with=${encodeURIComponent(from.id)}`;
      toast.info(`New message from ${from.username}`, { action: { label: 'Open', onClick: () => void navigate(to) } });
    },
    [location.pathname, location.search, navigate],
  );
}
