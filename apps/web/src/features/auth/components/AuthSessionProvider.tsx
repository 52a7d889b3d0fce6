import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { appQueryClient } from '@/lib/query-client-ref';
import { refetchSession, sessionSnapshot, subscribeSession } from '../api/session';
import { AuthContext, type AuthState } from '../hooks/auth-context';

/**
 * Reads the session once for the whole tree. When the session ends without this tab's
 * own sign-out (signed out in another tab or everywhere from another device), the player's cached
 * data is dropped too, so the next player on this tab never sees it.
 */
export function AuthSessionProvider({ children }: { children: ReactNode }) {
  const { user, isPending } = useSyncExternalStore(subscribeSession, sessionSnapshot, sessionSnapshot);
  const lastUserId = useRef<string | null>(null);
  const id = user?.id;

  useEffect(() => {
    if (isPending) return;
    const current = id ?? null;
    if (lastUserId.current !== null && lastUserId.current !== current) appQueryClient()?.clear();
    lastUserId.current = current;
  }, [id, isPending]);

  const value = useMemo<AuthState>(() => ({ user, isPending: isPending && !user, refetch: refetchSession }), [user, isPending]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
