import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeClient } from '../lib/realtime-client';
import type { ConnectionState, MessageHandler } from '../lib/protocol';

/** The tab's socket, or null while nobody is signed in. */
export const RealtimeContext = createContext<RealtimeClient | null>(null);

export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

const noSubscription = () => () => undefined;
const closed = (): ConnectionState => 'closed';

/** The connection state, re-rendering on change. */
export function useRealtimeStatus(): ConnectionState {
  const client = useRealtimeClient();
  return useSyncExternalStore(client?.onStateChange ?? noSubscription, client?.getState ?? closed, closed);
}

/**
 * Runs `handler` for every pushed message of `type` (e.g. 'presence'). The latest handler is
 * used, so callers need not memoise it.
 */
export function useRealtimeSubscription(type: string, handler: MessageHandler): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);

  useEffect(() => {
    latest.current = handler;
  }, [handler]);

  useEffect(() => {
    if (!client) return undefined;
    return client.subscribe(type, (message) => latest.current(message));
  }, [client, type]);
}
