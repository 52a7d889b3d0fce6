import { noticeSettingsSchema, queryKeys, type NoticeSettings } from '@rpg/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/notices/settings: which timers' ends the player hears about (a save anywhere refetches it in every tab). */
export function fetchNoticeSettings(signal?: AbortSignal): Promise<NoticeSettings> {
  return apiFetch('/api/notices/settings', noticeSettingsSchema, { signal });
}

export function useNoticeSettings(enabled = true) {
  return useQuery({ queryKey: queryKeys.noticeSettings, queryFn: ({ signal }) => fetchNoticeSettings(signal), enabled, staleTime: Infinity });
}

/** PUT /api/notices/settings: one switch; the answer is the saved whole. */
export function useSaveNoticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<NoticeSettings>) => apiFetch('/api/notices/settings', noticeSettingsSchema, { method: 'PUT', body: change }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.noticeSettings, saved),
  });
}
