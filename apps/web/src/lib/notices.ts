import type { NoticeKind, NoticeSettings } from '@rpg/contract';
import { toast } from './toast';
import { addWaiting } from './waiting-badge';

/**
 * Notices for things that happen while the player is away from them: an adventure or a craft
 * finishing, the stores restocking. The settings' Notifications switch governs them: off, no toast;
 * on, a toast, plus a desktop notification when the tab is hidden and the player allowed them.
 * Toasts that answer the player's own click (a purchase, an error) are not notices.
 */
export interface AwayNotice {
  /** Also the toast's id and the desktop notification's tag: one notice per event. */
  id: string;
  title: string;
  description?: string;
  variant: 'success' | 'error' | 'info';
  /**
   * Issue 44: a timer's end (an adventure, a craft, the store's restock), which the player may
   * turn off in the settings and which a hidden tab counts in its title and icon.
   */
  kind?: NoticeKind;
}

export type DesktopPermission = NotificationPermission | 'unsupported';

export interface NoticeHost {
  toast(notice: AwayNotice): void;
  isHidden(): boolean;
  permission(): DesktopPermission;
  desktop(notice: AwayNotice): void;
  /** A timer's end while the tab is hidden: counted in the title and icon. */
  wait(notice: AwayNotice): void;
}

let enabled = true;
/** Null until the player's choice is read: every timer is told (the server's defaults). */
let kinds: NoticeSettings | null = null;

/** app/ keeps this in step with the player's saved choice of timers (every tab, live). */
export function setAwayNoticeKinds(settings: NoticeSettings | null): void {
  kinds = settings ? { ...settings } : null;
}

/** app/ keeps this in step with the saved Notifications switch (this tab and the others). */
export function setAwayNoticesEnabled(on: boolean): void {
  enabled = on;
}

export function awayNoticesEnabled(): boolean {
  return enabled;
}

function notificationApi(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null;
}

export const browserNoticeHost: NoticeHost = {
  toast: ({ id, title, description, variant }) => void toast[variant](title, { id, description }),
  isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  permission: () => notificationApi()?.permission ?? 'unsupported',
  // Through the service worker when it runs the page (Chromium on Android allows only that; its
  // notifications are listed by the registration), else the page's own Notification.
  desktop: ({ id, title, description }) => {
    const options = { body: description, tag: id, icon: '/icons/icon-192.png', data: { url: location.pathname } };
    const page = () => {
      const Api = notificationApi();
      if (!Api) return;
      const shown = new Api(title, options);
      shown.onclick = () => {
        window.focus();
        shown.close();
      };
    };
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    if (!worker?.controller) return page();
    void worker.ready
      .then((registration) => registration.showNotification(title, options))
      .catch((error: unknown) => console.info('Desktop notification not shown:', error));
  },
  wait: () => addWaiting(),
};

export interface NoticeResult {
  toast: boolean;
  desktop: boolean;
}

export function showAwayNotice(notice: AwayNotice, host: NoticeHost = browserNoticeHost): NoticeResult {
  if (!enabled || (notice.kind && kinds && !kinds[notice.kind])) return { toast: false, desktop: false };
  host.toast(notice);
  const hidden = host.isHidden();
  if (hidden && notice.kind) host.wait(notice);
  const desktop = hidden && host.permission() === 'granted';
  if (desktop) {
    try {
      host.desktop(notice);
    } catch (error) {
      // Some browsers allow notifications only from a service worker: the toast is enough.
      console.info('Desktop notification not shown:', error);
      return { toast: true, desktop: false };
    }
  }
  return { toast: true, desktop };
}

/**
 * Asks for desktop notifications; called from a click (the switch turned on, the offer made when
 * the first adventure starts: issue 44), never on page load. An answer already given is returned without asking again.
 */
export async function requestDesktopNotifications(): Promise<DesktopPermission> {
  const Api = notificationApi();
  if (!Api) return 'unsupported';
  if (Api.permission !== 'default') return Api.permission;
  try {
    return await Api.requestPermission();
  } catch {
    return Api.permission;
  }
}
