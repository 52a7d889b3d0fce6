import { useEffect } from 'react';
import { toast } from 'sonner';
import { useRealtimeSubscription } from '@/features/realtime/hooks/realtime-context';
import { useNoticeSettings } from '@/features/settings/api/notice-settings';
import { requestDesktopNotifications, setAwayNoticeKinds } from '@/lib/notices';
import { browserStore } from '@/lib/storage';
import { registerServiceWorker, subscribeThisDevice } from '@/lib/web-push';

/** Set once the offer was made in this browser: it is made once, whatever the answer. */
const OFFERED_KEY = 'rpg.desktopNoticeOffer';

async function allowDesktopNotices(): Promise<void> {
  if ((await requestDesktopNotifications()) !== 'granted') return;
  try {
    await subscribeThisDevice();
  } catch (error) {
    // Desktop notices in open tabs work without it; the settings can try again.
    console.info('Push subscription not made:', error);
  }
}

/**
 * Issue 44 point 3: permission for desktop notices is asked when it explains itself, the first
 * adventure started in this browser (never on load), in the tab the player is looking at: a toast
 * says why, and its button (a click, as browsers want) asks.
 */
export function offerDesktopNotices(): void {
  if (document.visibilityState !== 'visible' || typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  const store = browserStore('local');
  if (store.getItem(OFFERED_KEY)) return;
  store.setItem(OFFERED_KEY, new Date().toISOString());
  toast.info('Know When It Ends', {
    id: 'desktop-notice-offer',
    description: 'Allow desktop notices to hear when an adventure or a craft ends while you are in another tab or away from the game.',
    duration: 30_000,
    action: { label: 'Allow Notices', onClick: () => void allowDesktopNotices() },
  });
}

/**
 * On every game screen: the service worker registered (the game installs, pushes are shown), the
 * player's choice of timer notices applied to this tab live, and the offer of desktop notices.
 */
export function NoticeEffects() {
  const settings = useNoticeSettings();
  useEffect(() => {
    if (settings.data) setAwayNoticeKinds(settings.data);
  }, [settings.data]);
  useEffect(() => {
    // After the frame's first paint: the registration fetches and parses /sw.js.
    const timer = window.setTimeout(() => void registerServiceWorker(), 1_000);
    return () => window.clearTimeout(timer);
  }, []);
  useRealtimeSubscription('adventure-started', offerDesktopNotices);
  return null;
}
