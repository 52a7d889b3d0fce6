import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { RealtimeContext } from '../hooks/realtime-context';
import { invalidatedKeys, realtimeUrl, SESSION_ENDED_CODE } from '../lib/protocol';
import { RealtimeClient } from '../lib/realtime-client';

interface RealtimeProviderProps {
  /** The signed-in player; one socket per tab while set, none while signed out. */
  userId: string | null;
  /** The server ended this tab's session (signed out elsewhere, password changed): re-read it. */
  onSessionEnded: () => void;
  children: ReactNode;
}

/**
 * Opens /api/realtime for the signed-in player, applies `invalidate` pushes to the query cache,
 * refetches everything after a reconnect, and reports a session the server ended.
 */
export function RealtimeProvider({ userId, onSessionEnded, children }: RealtimeProviderProps) {
  const queryClient = useQueryClient();
  const sessionEnded = useRef(onSessionEnded);

  useEffect(() => {
    sessionEnded.current = onSessionEnded;
  }, [onSessionEnded]);

  // A new client per player; nothing connects until the effect below starts it.
  const client = useMemo(() => (userId ? new RealtimeClient(realtimeUrl(window.location)) : null), [userId]);

  useEffect(() => {
    if (!client) return undefined;
    const offInvalidate = client.subscribe('invalidate', (message) => {
      for (const queryKey of invalidatedKeys(message)) void queryClient.invalidateQueries({ queryKey });
    });
    const offReconnect = client.onReconnect(() => void queryClient.invalidateQueries());
    const offSignedOut = client.subscribe('signed-out', () => sessionEnded.current());
    const offRefused = client.onRefused((code) => {
      if (code === SESSION_ENDED_CODE) sessionEnded.current();
    });
    const onOnline = () => client.reconnectNow();
    window.addEventListener('online', onOnline);
    client.start();
    return () => {
      window.removeEventListener('online', onOnline);
      offInvalidate();
      offReconnect();
      offSignedOut();
      offRefused();
      client.stop();
    };
  }, [client, queryClient]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
