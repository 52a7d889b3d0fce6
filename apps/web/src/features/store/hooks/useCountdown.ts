import { useEffect, useRef, useState } from 'react';
import { remainingMs } from '../lib/countdown';

/** While the time stays reached (the server has not moved on yet), `onExpire` runs again this often. */
const EXPIRED_RETRY_MS = 10_000;

/**
 * Milliseconds left until `target` (ISO), updated every second. At zero `onExpire` runs, and again
 * every 10 s while the target stays in the past (a clock a little ahead of the server's).
 */
export function useCountdown(target: string, onExpire: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const expire = useRef(onExpire);
  const firedAt = useRef<number | null>(null);

  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);

  const remaining = remainingMs(target, now);

  useEffect(() => {
    if (remaining > 0) {
      firedAt.current = null;
      return;
    }
    if (firedAt.current !== null && now - firedAt.current < EXPIRED_RETRY_MS) return;
    firedAt.current = now;
    expire.current();
  }, [remaining, now]);

  return remaining;
}
