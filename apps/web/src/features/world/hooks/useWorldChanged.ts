import { queryKeys, worldChangedPushSchema } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The launchers' refetch after a turn is spread over this long, so every tab does not ask at once. */
export const LAUNCHER_REFETCH_SPREAD_MS = 2_000;

/**
 * The handler for the server's `world-changed` push (app/ subscribes it): the world query takes
 * the new world at once, and the adventure launchers (whose win chances and per-hour figures
 * weigh the world) are refetched shortly after.
 */
export function useWorldChangedHandler(): (message: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: unknown) => {
      const push = worldChangedPushSchema.safeParse(message);
      if (!push.success) return;
      queryClient.setQueryData(queryKeys.world, push.data.world);
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.adventures }), Math.random() * LAUNCHER_REFETCH_SPREAD_MS);
    },
    [queryClient],
  );
}
