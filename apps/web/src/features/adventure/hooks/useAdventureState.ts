import { queryKeys } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAdventureQuery } from '../api/get-adventure';
import { announceAdventureOutcome, completedPushArrived } from '../lib/outcome-toast';
import { remainingMs } from '../lib/time-format';
import { useNow } from './useNow';

/**
 * With the socket open, the server's settler ends the adventure on time and its push refetches the
 * board: the console waits this long past 0 before reading the board itself.
 */
export const SETTLE_GRACE_MS = 1_500;

/**
 * The adventure as the console shows it: the running one with its countdown (ticking every
 * second), the launcher, and what happens at 0. At 0 (after a grace while the socket is open,
 * `live`) the adventure is read again unless the push has already brought the result; the server
 * settles a due adventure on that read, so the result appears even when the push was missed.
 * When a watched adventure disappears without its push, the console, the character and the
 * inventory are refetched; the outcome toast is shown (once, also when the push shows it too).
 */
export function useAdventureState(characterId: string, live: boolean) {
  const queryClient = useQueryClient();
  const query = useAdventureQuery(characterId);
  const current = query.data?.current ?? null;
  const lastOutcome = query.data?.lastOutcome;
  const now = useNow(current !== null);
  const remaining = current ? remainingMs(current.endTime, current.durationMs, now) : 0;
  const dueId = current && remaining === 0 ? current.id : null;

  useEffect(() => {
    if (!dueId) return undefined;
    // A read already on its way (the push's) is not cancelled for a second one.
    const read = () => void queryClient.invalidateQueries({ queryKey: queryKeys.adventure(characterId) }, { cancelRefetch: false });
    const timer = setTimeout(read, live ? SETTLE_GRACE_MS : 0);
    return () => clearTimeout(timer);
  }, [dueId, live, characterId, queryClient]);

  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (current) {
      watched.current = current.id;
      return;
    }
    const finished = watched.current;
    if (!finished) return;
    watched.current = null;
    if (!completedPushArrived(characterId)) {
      for (const queryKey of [queryKeys.console(characterId), queryKeys.characters, queryKeys.inventory(characterId)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
    if (lastOutcome?.adventureId === finished) {
      announceAdventureOutcome({ characterId, won: lastOutcome.won, title: lastOutcome.title, message: lastOutcome.message });
    }
  }, [current, lastOutcome, characterId, queryClient]);

  return { query, current, remaining, lastOutcome, launcher: query.data?.launcher ?? null };
}
