import { useEffect, useRef, useState, type ReactNode } from 'react';
import { appQueryClient, whenAppQueryClient } from '@/lib/query-client-ref';
import { RealtimeContext } from '../hooks/realtime-context';
import { invalidatedKeys, realtimeUrl, SESSION_ENDED_CODE } from '../lib/protocol';
import type { RealtimeClient } from '../lib/realtime-client';

interface RealtimeProviderProps {
  /** The signed-in player; one socket per tab while set, none while signed out. */
  userId: string | null;
  /** The server ended this tab's session (signed out elsewhere, password changed): re-read it. */
  onSessionEnded: () => void;
  children: ReactNode;
}

/**
 * Opens /api/realtime for the signed-in player, tells the server what the query cache holds,
 * applies `invalidate` pushes to it, refetches everything after a reconnect, and reports a session
 * the server ended.
 */
export function RealtimeProvider({ userId, onSessionEnded, children }: RealtimeProviderProps) {
  const sessionEnded = useRef(onSessionEnded);

  useEffect(() => {
    sessionEnded.current = onSessionEnded;
  }, [onSessionEnded]);

  // A new client per player, its code loaded with the first signed-in player (a guest's pages
  // never load it); nothing connects until the effect below starts it.
  const [client, setClient] = useState<RealtimeClient | null>(null);
  useEffect(() => {
    if (!userId) return undefined;
    let current = true;
    import('../lib/realtime-client').then(
      (module) => {
        if (current) setClient(new module.RealtimeClient(realtimeUrl(window.location)));
      },
      () => undefined,
    );
    return () => {
      current = false;
      setClient(null);
    };
  }, [userId]);

  useEffect(() => {
    if (!client) return undefined;
    const offInvalidate = client.subscribe('invalidate', (message) => {
      // No query cache yet (landing and auth pages): nothing is cached to refresh.
      const queryClient = appQueryClient();
      if (!queryClient) return;
      for (const queryKey of invalidatedKeys(message)) void queryClient.invalidateQueries({ queryKey });
    });
    const offReconnect = client.onReconnect(() => void appQueryClient()?.invalidateQueries());
    // The server's bus reconnected: pushes for this tab may have been missed, as on a reconnect of our own.
    const offResync = client.subscribe('resync', () => void appQueryClient()?.invalidateQueries());
    const offSignedOut = client.subscribe('signed-out', () => sessionEnded.current());
    const offRefused = client.onRefused((code) => {
      if (code === SESSION_ENDED_CODE) sessionEnded.current();
    });
    // Issue 29: the server sends this tab only the broadcasts about what its screens show (the
    // module loads with the cache: the landing and auth pages have neither).
    let active = true;
    let offWatch = () => undefined as void;
    const offQueryClient = whenAppQueryClient((queryClient) => {
      import('../lib/watch').then(
        ({ sendWatchedKeys }) => {
          if (active) offWatch = sendWatchedKeys(client, queryClient);
        },
        () => undefined,
      );
    });
    const onOnline = () => client.reconnectNow();
    window.addEventListener('online', onOnline);
    client.start();
    return () => {
      window.removeEventListener('online', onOnline);
      offInvalidate();
      offReconnect();
      offResync();
      offSignedOut();
      offRefused();
      active = false;
      offQueryClient();
      offWatch();
      client.stop();
    };
  }, [client]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
