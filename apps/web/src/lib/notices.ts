import { toast } from './toast';

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
}

export type DesktopPermission = NotificationPermission | 'unsupported';

export interface NoticeHost {
  toast(notice: AwayNotice): void;
  isHidden(): boolean;
  permission(): DesktopPermission;
  desktop(notice: AwayNotice): void;
}

let enabled = true;

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
  desktop: ({ id, title, description }) => {
    const Api = notificationApi();
    if (!Api) return;
    const shown = new Api(title, { body: description, tag: id });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  },
};

export interface NoticeResult {
  toast: boolean;
  desktop: boolean;
}

export function showAwayNotice(notice: AwayNotice, host: NoticeHost = browserNoticeHost): NoticeResult {
  if (!enabled) return { toast: false, desktop: false };
  host.toast(notice);
  const desktop = host.isHidden() && host.permission() === 'granted';
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
 * Asks for desktop notifications; called when the player turns the switch on (a click), never
 * on page load. An answer already given is returned without asking again.
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
