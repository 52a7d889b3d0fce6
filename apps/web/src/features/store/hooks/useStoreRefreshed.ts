import { queryKeys } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showAwayNotice } from '@/lib/notices';
import { createOnce, newRefresh } from '../lib/refresh';

/** One per tab: the refreshes this tab has announced. */
const firstTime = createOnce();

/**
 * The handler for the server's 'store-refreshed' push (app/ subscribes it): the toast 'Store
 * Refreshed!' once per refresh (when notifications are on), and the stores refetched.
 */
export function useStoreRefreshedHandler(): (message: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: unknown) => {
      const next = newRefresh(message, firstTime);
      if (!next) return;
      showAwayNotice({
        id: `store-refreshed:${next}`,
        title: 'Store Refreshed!',
        description: 'New items are available in the shop',
        variant: 'success',
        kind: 'restock',
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stores });
    },
    [queryClient],
  );
}
