import { historyPageSchema, queryKeys, type HistoryEntry, type HistoryPage } from '@rpg/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/characters/:id/history[?before=<cursor>]: a page of the character's ledger, newest first. */
export function fetchHistory(characterId: string, before: number | undefined, signal?: AbortSignal): Promise<HistoryPage> {
  const query = before === undefined ? '' : `?before=${before}`;
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/history${query}`, historyPageSchema, { signal });
}

/** Every loaded entry, newest first, each once (a refetched first page may overlap the next). */
export function flattenHistory(data: { pages: readonly HistoryPage[] } | undefined): HistoryEntry[] {
  if (!data) return [];
  const seen = new Set<number>();
  return data.pages.flatMap((page) => page.entries).filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
}

/** The newest page first; 'Show older' fetches the next one. Under `characters`: a money or item change refetches it. */
export function useHistoryQuery(characterId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.history(characterId),
    queryFn: ({ pageParam, signal }) => fetchHistory(characterId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
