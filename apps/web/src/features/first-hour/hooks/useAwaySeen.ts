import { useEffect } from 'react';
import { markAwaySeen } from '../api/mark-away-seen';

/** How often a visible tab tells the server the player is here (the away card counts from the last time). */
export const SEEN_EVERY_MS = 60_000;

const seenNow = (keepalive = false) => void markAwaySeen(new Date().toISOString(), keepalive).catch(() => undefined);

/**
 * Issue 44 point 5: while the player is here (a visible tab, no away card waiting to be read),
 * the server is told so on arrival, every minute and as the tab is hidden; the next away card then
 * counts only what settled after the player left.
 */
export function useAwaySeen(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    if (document.visibilityState === 'visible') seenNow();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') seenNow();
    }, SEEN_EVERY_MS);
    const onVisibility = () => seenNow(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active]);
}
