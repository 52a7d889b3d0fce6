import { queryKeys, type Me } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';

/** The signed-in player's id, read from the account query the page frame keeps (never fetched here). */
export function useMyUserId(): string | undefined {
  return useQuery<Me>({ queryKey: queryKeys.me, enabled: false }).data?.id;
}
