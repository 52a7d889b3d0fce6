import { firstStepsViewSchema, queryKeys, type FirstStepsView } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/first-steps: the guided start's five steps, each done or not (issue 44 point 1). */
export function fetchFirstSteps(signal?: AbortSignal): Promise<FirstStepsView> {
  return apiFetch('/api/first-steps', firstStepsViewSchema, { signal });
}

export function useFirstStepsQuery() {
  return useQuery({ queryKey: queryKeys.firstSteps, queryFn: ({ signal }) => fetchFirstSteps(signal) });
}
