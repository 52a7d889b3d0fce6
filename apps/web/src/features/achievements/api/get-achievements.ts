import { achievementsViewSchema, queryKeys, type AchievementsView } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/achievements: points, level, the catalogue with this player's progress, the battle pass. */
export function fetchAchievements(signal?: AbortSignal): Promise<AchievementsView> {
  return apiFetch('/api/achievements', achievementsViewSchema, { signal });
}

export function useAchievementsQuery() {
  return useQuery({ queryKey: queryKeys.achievements, queryFn: ({ signal }) => fetchAchievements(signal) });
}
