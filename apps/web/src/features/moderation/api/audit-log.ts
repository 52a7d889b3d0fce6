import { auditPageSchema, queryKeys } from '@rpg/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/moderation/log?page=N (admins): every moderator action, newest first. */
export function fetchAuditLog(page: number, signal?: AbortSignal) {
  return apiFetch(`/api/moderation/log?page=${page}`, auditPageSchema, { signal });
}

export function useAuditLogQuery(page: number) {
  return useQuery({ queryKey: queryKeys.moderationLog(page), queryFn: ({ signal }) => fetchAuditLog(page, signal), placeholderData: keepPreviousData });
}
