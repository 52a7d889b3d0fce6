import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { authClient } from '../api/auth-client';
import { AuthContext, type AuthState, type AuthUser } from '../hooks/auth-context';

/**
 * Reads the better-auth session once for the whole tree. When the session ends without this tab's
 * own sign-out (signed out in another tab or everywhere from another device), the player's cached
 * data is dropped too, so the next player on this tab never sees it.
 */
export function AuthSessionProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const queryClient = useQueryClient();
  const lastUserId = useRef<string | null>(null);
  const raw = session.data?.user;
  const id = raw?.id;
  const email = raw?.email;
  const name = raw?.name;
  const emailVerified = raw?.emailVerified;
  const { isPending, refetch } = session;

  const user = useMemo<AuthUser | null>(
    () => (id && email ? { id, email, name: name ?? '', emailVerified: Boolean(emailVerified) } : null),
    [id, email, name, emailVerified],
  );

  useEffect(() => {
    if (isPending) return;
    const current = id ?? null;
    if (lastUserId.current !== null && lastUserId.current !== current) queryClient.clear();
    lastUserId.current = current;
  }, [id, isPending, queryClient]);

  const value = useMemo<AuthState>(
    () => ({ user, isPending: isPending && !user, refetch: async () => void (await refetch()) }),
    [user, isPending, refetch],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
