import { commandListSchema, queryKeys, type CommandList } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/commands: the console's command table as data (the same table /help prints). */
export function fetchCommands(signal?: AbortSignal): Promise<CommandList> {
  return apiFetch('/api/commands', commandListSchema, { signal });
}

/** The Commands panel's list; it changes only with a new server version, so it is read once. */
export function useCommandsQuery() {
  return useQuery({ queryKey: queryKeys.commands, queryFn: ({ signal }) => fetchCommands(signal), staleTime: Number.POSITIVE_INFINITY });
}
