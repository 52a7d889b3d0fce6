import { queryKeys, type Me } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in player's id, read from the account query the page frame keeps (never fetched
 * or observed here: the cache is only read, so the frame's query keeps its own options).
 */
export function useMyUserId(): string | undefined {
  const client = useQueryClient();
  return useSyncExternalStore(
    (notify) => client.getQueryCache().subscribe(notify),
    () => client.getQueryData<Me>(queryKeys.me)?.id,
  );
}
