import { queryKeys } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAdventureQuery } from '../api/get-adventure';
import { announceAdventureOutcome } from '../lib/outcome-toast';
import { remainingMs } from '../lib/time-format';
import { useNow } from './useNow';

/**
 * The adventure as the console shows it: the running one with its countdown (ticking every
 * second), the launcher, and what happens at 0. At 0 the adventure is read again; the server
 * settles a due adventure on that read, so the result appears even when the push was missed.
 * When a watched adventure disappears, the console, the character and the inventory are refetched
 * and the outcome toast is shown (once, also when the push shows it too).
 */
export function useAdventureState(characterId: string) {
  const queryClient = useQueryClient();
  const query = useAdventureQuery(characterId);
  const current = query.data?.current ?? null;
  const lastOutcome = query.data?.lastOutcome;
  const now = useNow(current !== null);
  const remaining = current ? remainingMs(current.endTime, current.durationMs, now) : 0;
  const dueId = current && remaining === 0 ? current.id : null;

  useEffect(() => {
    if (dueId) void queryClient.invalidateQueries({ queryKey: queryKeys.adventure(characterId) });
  }, [dueId, characterId, queryClient]);

  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (current) {
      watched.current = current.id;
      return;
    }
    const finished = watched.current;
    if (!finished) return;
    watched.current = null;
    for (const queryKey of [queryKeys.console(characterId), queryKeys.characters, queryKeys.inventory(characterId)]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    if (lastOutcome?.adventureId === finished) {
      announceAdventureOutcome({ characterId, won: lastOutcome.won, title: lastOutcome.title, message: lastOutcome.message });
    }
  }, [current, lastOutcome, characterId, queryClient]);

  return { query, current, remaining, launcher: query.data?.launcher ?? null };
}
