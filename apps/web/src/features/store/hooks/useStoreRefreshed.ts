import { queryKeys } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { createOnce, newRefresh } from '../lib/refresh';

/** One per tab: the refreshes this tab has announced. */
const firstTime = createOnce();

/**
 * The handler for the server's 'store-refreshed' push (app/ subscribes it): the toast 'Store
 * Refreshed!' once per refresh, and the stores refetched.
 */
export function useStoreRefreshedHandler(): (message: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: unknown) => {
      const next = newRefresh(message, firstTime);
      if (!next) return;
      toast.success('Store Refreshed!', { id: `store-refreshed:${next}`, description: 'New items are available in the shop' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stores });
    },
    [queryClient],
  );
}
