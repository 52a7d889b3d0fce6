import { onAdventureCompletedPush } from '@/features/adventure/lib/outcome-toast';
import { showAuctionSoldToast } from '@/features/auction/lib/sold-toast';
import { showCraftCompletedToast } from '@/features/crafting/lib/craft-toast';
import { useChatPushHandler } from '@/features/chat/hooks/useChatPushHandler';
import { useRealtimeSubscription } from '@/features/realtime/hooks/realtime-context';
import { useDirectMessagePushHandler, useFriendRequestPushHandler, usePresencePushHandler } from '@/features/social/hooks/useSocialPushes';
import { moderationNoticePushSchema } from '@rpg/contract';
import { playNoticeSound } from '@/lib/audio';
import { toast } from '@/lib/toast';

const playAdventureStart = () => void playNoticeSound('adventureStart');

/**
 * Issue 28: a moderator acted on the player: what and why. A suspension's toast stays until
 * dismissed: the tab is signed out right after it, and the toast is still there on the sign-in page.
 */
const showModerationNotice = (message: unknown) => {
  const parsed = moderationNoticePushSchema.safeParse(message);
  if (!parsed.success) return;
  const { action, title, description } = parsed.data;
  const lasting = action === 'suspend' ? { duration: Infinity } : { duration: 15_000 };
  if (action === 'unmute' || action === 'unsuspend') toast.info(title, { description, ...lasting });
  else toast.error(title, { description, ...lasting });
};

/**
 * Toasts for timed play that ends while the player is elsewhere: an adventure or a craft
 * finishing is announced on every game screen, not only where it was started.
 */
export function GamePushToasts() {
  useRealtimeSubscription('adventure-completed', onAdventureCompletedPush);
  useRealtimeSubscription('craft-completed', showCraftCompletedToast);
  // The seller's listing was bought: on every screen, live (the console line stays for later).
  useRealtimeSubscription('auction-sold', showAuctionSoldToast);
  // Every start (the launcher, the console's command, another tab) is pushed; the tab in view plays it.
  useRealtimeSubscription('adventure-started', playAdventureStart);
  // A global chat line said anywhere joins this tab's chat (when it is loaded here).
  useRealtimeSubscription('chat-message', useChatPushHandler());
  // 'New Friend Request' on every screen; presence refreshes the friends lists where shown.
  useRealtimeSubscription('friend-request', useFriendRequestPushHandler());
  useRealtimeSubscription('presence', usePresencePushHandler());
  useRealtimeSubscription('direct-message', useDirectMessagePushHandler());
  useRealtimeSubscription('moderation-notice', showModerationNotice);
  return null;
}
