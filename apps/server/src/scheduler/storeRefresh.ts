import type { StoreRefreshedPush } from '@rpg/contract';
import { storeWindow } from '@rpg/game';
import type { Pusher } from '../realtime/notify.ts';
import type { Settler } from './scheduler.ts';

/** The push every tab gets when the stores restock (the web shows 'Store Refreshed!'). */
export type StoreRefreshedMessage = StoreRefreshedPush;

/**
 * Spec 03 §4 "a shared refresh time may also come from the server": at each 4-hour
 * boundary of STORE_TIMEZONE, tells every open tab that the stores restocked. Nothing
 * is stored: each process remembers the window it last announced, so with several
 * processes each one broadcasts once (the message is the same; the web shows one toast
 * per nextRefresh). A process that starts mid-window announces nothing until the next
 * boundary. The push goes through the pusher: a failed push is logged
 * there and does not fail the settler.
 */
export function storeRefreshSettler(push: Pick<Pusher, 'broadcast'>, timeZone: string, startedAt = new Date()): Settler {
  let announced = storeWindow(startedAt.getTime(), timeZone);
  return {
    name: 'store-refresh',
    async nextDue() {
      return new Date(announced.end);
    },
    async settleDue(now) {
      const window = storeWindow(now.getTime(), timeZone);
      if (window.start <= announced.start) return 0;
      announced = window;
      const message: StoreRefreshedMessage = {
        type: 'store-refreshed',
        windowStart: new Date(window.start).toISOString(),
        nextRefresh: new Date(window.end).toISOString(),
      };
      push.broadcast(message);
      return 1;
    },
  };
}
