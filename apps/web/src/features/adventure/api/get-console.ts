import { queryKeys, consolePageSchema, type ConsoleMessage, type ConsolePage } from '@rpg/contract';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** Page 0 is the newest; each further page is older. The page param is the `before` id. */
export type ConsoleData = InfiniteData<ConsolePage, number | undefined>;

/** GET /api/characters/:id/console[?before=id]: a page of lines, oldest first. */
export function fetchConsolePage(characterId: string, before: number | undefined, signal?: AbortSignal): Promise<ConsolePage> {
  const query = before === undefined ? '' : `?before=${before}`;
  return apiFetch(`/api/characters/${encodeURIComponent(characterId)}/console${query}`, consolePageSchema, { signal });
}

/** Every loaded line, oldest first, each once (pages refetched after new lines may overlap). */
export function flattenConsole(data: { pages: readonly ConsolePage[] } | undefined): ConsoleMessage[] {
  if (!data) return [];
  const byId = new Map<number, ConsoleMessage>();
  for (const page of data.pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Puts lines the server just answered into the newest page, ahead of the refetch its push triggers. */
export function addConsoleLines(queryClient: QueryClient, characterId: string, lines: readonly ConsoleMessage[]): void {
  if (lines.length === 0) return;
  queryClient.setQueryData<ConsoleData>(queryKeys.console(characterId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const [newest, ...older] = data.pages as [ConsolePage, ...ConsolePage[]];
    const known = new Set(newest.messages.map((m) => m.id));
    const added = lines.filter((line) => !known.has(line.id));
    if (added.length === 0) return data;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, ...added].sort((a, b) => a.id - b.id) }, ...older] };
  });
}

export function useConsoleQuery(characterId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.console(characterId),
    queryFn: ({ pageParam, signal }) => fetchConsolePage(characterId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.messages[0]?.id : undefined),
  });
}
