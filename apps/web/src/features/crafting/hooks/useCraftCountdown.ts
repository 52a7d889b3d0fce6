import type { CraftingView } from '@rpg/contract';
import { useEffect, useRef, useState } from 'react';
import { craftClock, type CraftClock } from '../lib/craft-clock';

const TICK_MS = 500;
const RETRY_MS = 1_000;

/**
 * The running craft's clock, ticking while there is one. When it runs out, `onDue` runs once for
 * that answer (the caller refetches: the server settles a due craft before it answers).
 * `fetchedAt` is when that answer came (the query's dataUpdatedAt).
 */
export function useCraftCountdown(active: CraftingView['active'], fetchedAt: number, onDue: () => void): CraftClock | null {
  const [now, setNow] = useState(() => Date.now());
  const latestOnDue = useRef(onDue);

  useEffect(() => {
    latestOnDue.current = onDue;
  }, [onDue]);

  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [active]);

  const clock = active ? craftClock(active, fetchedAt, Math.max(now, fetchedAt)) : null;
  const due = clock?.due ?? false;
  // An answer that is itself already due (the server has not settled it yet) is retried after a pause.
  const answeredDue = active?.remainingMs === 0;

  useEffect(() => {
    if (!due) return undefined;
    const timer = window.setTimeout(() => latestOnDue.current(), answeredDue ? RETRY_MS : 0);
    return () => window.clearTimeout(timer);
  }, [due, answeredDue, fetchedAt]);

  return clock;
}
