import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestDesktopNotifications, setAwayNoticeKinds, setAwayNoticesEnabled, showAwayNotice, type AwayNotice, type NoticeHost } from './notices';

const notice: AwayNotice = { id: 'craft-completed:c1:Iron Sword', title: 'Crafting Complete', description: 'Iron Sword is ready.', variant: 'success' };

function host(
  hidden: boolean,
  permission: NotificationPermission | 'unsupported',
): NoticeHost & { toasts: AwayNotice[]; desktops: AwayNotice[]; waiting: AwayNotice[] } {
  const toasts: AwayNotice[] = [];
  const desktops: AwayNotice[] = [];
  const waiting: AwayNotice[] = [];
  return {
    toasts,
    desktops,
    waiting,
    wait: (n) => void waiting.push(n),
    toast: (n) => void toasts.push(n),
    isHidden: () => hidden,
    permission: () => permission,
    desktop: (n) => void desktops.push(n),
  };
}

afterEach(() => {
  setAwayNoticesEnabled(true);
  setAwayNoticeKinds(null);
  vi.unstubAllGlobals();
});

describe('spec 01 "Audio settings" notificationsEnabled: the notices for events that happen while away', () => {
  it('switch on: the toast shows; the tab in view gets no desktop notification', () => {
    const h = host(false, 'granted');
    expect(showAwayNotice(notice, h)).toEqual({ toast: true, desktop: false });
    expect(h.toasts).toEqual([notice]);
    expect(h.desktops).toEqual([]);
  });

  it('switch on and the tab hidden: a desktop notification too, but only when the player allowed them', () => {
    const granted = host(true, 'granted');
    expect(showAwayNotice(notice, granted)).toEqual({ toast: true, desktop: true });
    expect(granted.desktops).toEqual([notice]);
    for (const permission of ['default', 'denied', 'unsupported'] as const) {
      const h = host(true, permission);
      expect(showAwayNotice(notice, h)).toEqual({ toast: true, desktop: false });
      expect(h.desktops).toEqual([]);
    }
  });

  it('switch off: neither toast nor desktop notification', () => {
    setAwayNoticesEnabled(false);
    const h = host(true, 'granted');
    expect(showAwayNotice(notice, h)).toEqual({ toast: false, desktop: false });
    expect(h.toasts).toEqual([]);
    expect(h.desktops).toEqual([]);
  });

  it('permission is asked only while undecided, and an old browser without notifications is tolerated', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal(
      'Notification',
      Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
    );
    await expect(requestDesktopNotifications()).resolves.toBe('granted');
    expect(requestPermission).toHaveBeenCalledTimes(1);

    vi.stubGlobal(
      'Notification',
      Object.assign(function Notification() {}, { permission: 'denied', requestPermission }),
    );
    await expect(requestDesktopNotifications()).resolves.toBe('denied');
    expect(requestPermission).toHaveBeenCalledTimes(1);

    vi.unstubAllGlobals();
    delete (window as { Notification?: unknown }).Notification;
    await expect(requestDesktopNotifications()).resolves.toBe('unsupported');
  });
});

describe('issue 44 point 3: the timers the player chose, counted while the tab is hidden', () => {
  const craft: AwayNotice = { ...notice, kind: 'crafts' };

  it('a timer turned off in the settings shows nothing; the others still do', () => {
    setAwayNoticeKinds({ adventures: true, crafts: false, restock: true });
    const h = host(true, 'granted');
    expect(showAwayNotice(craft, h)).toEqual({ toast: false, desktop: false });
    expect(showAwayNotice({ ...notice, id: 'a', kind: 'adventures' }, h)).toEqual({ toast: true, desktop: true });
    expect(h.waiting.map((n) => n.id)).toEqual(['a']);
  });

  it("a hidden tab counts a timer's end; the tab in view and other notices (a sale) are not counted", () => {
    const hidden = host(true, 'default');
    showAwayNotice(craft, hidden);
    showAwayNotice(notice, hidden);
    expect(hidden.waiting).toEqual([craft]);
    const shown = host(false, 'granted');
    showAwayNotice(craft, shown);
    expect(shown.waiting).toEqual([]);
  });
});
