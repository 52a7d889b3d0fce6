// First: zod's configuration, before this module builds a schema (lib/zod-config.ts).
import '@/lib/zod-config';
import { queryKeys, sessionListSchema, type SessionList } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/account/sessions (issue 43): the account's signed-in devices; the server's pushes refetch it. */
export function fetchSessions(signal?: AbortSignal): Promise<SessionList> {
  return apiFetch('/api/account/sessions', sessionListSchema, { signal });
}

export function useSessions() {
  return useQuery({ queryKey: queryKeys.sessions, queryFn: ({ signal }) => fetchSessions(signal) });
}
