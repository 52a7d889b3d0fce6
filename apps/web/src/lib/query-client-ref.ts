import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient, once the code that needs it has loaded (the game screens, or the
 * welcome's character check). The landing and auth pages never load TanStack Query, so code on
 * their path (the session, the realtime socket) reaches the cache through here: before it exists
 * there is no cached data to clear or invalidate.
 */
let client: QueryClient | null = null;

export function appQueryClient(): QueryClient | null {
  return client;
}

export function setAppQueryClient(next: QueryClient): void {
  client = next;
}
