import { queryKeys, worldChangedPushSchema, type WorldResponse } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The launchers' refetch after a turn is spread over this long, so every tab does not ask at once. */
export const LAUNCHER_REFETCH_SPREAD_MS = 2_000;

/** What play weighs of the world (the hour alone changes nothing in play). */
const conditionsOf = (world: WorldResponse | undefined) => (world ? JSON.stringify([world.phase, world.lands.map((l) => [l.weather, l.night])]) : '');

/**
 * The handler for the server's `world-changed` push (app/ subscribes it): the world query takes
 * the new world at once; when its conditions changed (not only its hour), the adventure launchers
 * (whose win chances and per-hour figures weigh them) are refetched shortly after.
 */
export function useWorldChangedHandler(): (message: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: unknown) => {
      const push = worldChangedPushSchema.safeParse(message);
      if (!push.success) return;
      const before = queryClient.getQueryData<WorldResponse>(queryKeys.world);
      queryClient.setQueryData(queryKeys.world, push.data.world);
      if (conditionsOf(before) === conditionsOf(push.data.world)) return;
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.adventures }), Math.random() * LAUNCHER_REFETCH_SPREAD_MS);
    },
    [queryClient],
  );
}
