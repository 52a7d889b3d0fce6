import { firstStepsViewSchema, queryKeys, type FirstStepsView } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';

/** PUT /api/first-steps { hidden }: skip the guide, or open it again. */
export function setGuideHidden(hidden: boolean): Promise<FirstStepsView> {
  return apiFetch('/api/first-steps', firstStepsViewSchema, { method: 'PUT', body: { hidden } });
}

export function useSetGuideHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGuideHidden,
    onSuccess: (view) => queryClient.setQueryData(queryKeys.firstSteps, view),
    onError: (error) => toastApiError(error, 'The guide could not be changed.'),
  });
}
