import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient, once the code that needs it has loaded (the game screens, or the
 * welcome's character check). The landing and auth pages never load TanStack Query, so code on
 * their path (the session, the realtime socket) reaches the cache through here: before it exists
 * there is no cached data to clear or invalidate.
 */
let client: QueryClient | null = null;
const waiting = new Set<(client: QueryClient) => void>();

export function appQueryClient(): QueryClient | null {
  return client;
}

export function setAppQueryClient(next: QueryClient): void {
  client = next;
  for (const listener of waiting) listener(next);
  waiting.clear();
}

/** Runs `listener` with the app's QueryClient once it exists (at once if it does); returns the unsubscribe. */
export function whenAppQueryClient(listener: (client: QueryClient) => void): () => void {
  if (client) {
    listener(client);
    return () => undefined;
  }
  waiting.add(listener);
  return () => void waiting.delete(listener);
}
