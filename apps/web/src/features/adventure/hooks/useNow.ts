import { useEffect, useState } from 'react';

/** This device's clock, re-read every `intervalMs` while `running` (the banner's countdown ticks every second). */
export function useNow(running: boolean, intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running, intervalMs]);
  return now;
}
