import { blockListSchema, queryKeys, type BlockList } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

/** GET /api/blocks: the players the signed-in player blocked. */
export function fetchBlocks(signal?: AbortSignal): Promise<BlockList> {
  return apiFetch('/api/blocks', blockListSchema, { signal });
}

export function useBlocksQuery() {
  return useQuery({ queryKey: queryKeys.blocks, queryFn: ({ signal }) => fetchBlocks(signal) });
}
