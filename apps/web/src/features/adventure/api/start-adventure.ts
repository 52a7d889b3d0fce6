import { queryKeys, startAdventureResponseSchema, type AdventureStateResponse, type StartAdventureBody, type StartAdventureResponse } from '@rpg/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { addConsoleLines } from './get-console';

/** POST /api/characters/:id/adventures { location, level }: 201 with the adventure and its start line. */
export function startAdventure(characterId: string, body: StartAdventureBody): Promise<StartAdventureResponse> {
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/adventures`, startAdventureResponseSchema, { method: 'POST', body });
}

/**
 * Starts from the launcher; a refusal shows the server's toast (spec 02 §8 texts), else 'Failed to
 * start adventure.'. The answer holds the adventure and its line, so nothing is read again here: the
 * server's push refreshes the other tabs (and this one's board after a reconnect).
 */
export function useStartAdventure(characterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartAdventureBody) => startAdventure(characterId, body),
    onSuccess: ({ adventure, messages }) => {
      queryClient.setQueryData<AdventureStateResponse>(queryKeys.adventure(characterId), (state) => (state ? { ...state, current: adventure } : state));
      addConsoleLines(queryClient, characterId, messages);
    },
    onError: (error) => toastApiError(error, 'Failed to start adventure.'),
  });
}
