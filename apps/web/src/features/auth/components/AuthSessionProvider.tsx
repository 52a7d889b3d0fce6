import { useMemo, type ReactNode } from 'react';
import { authClient } from '../api/auth-client';
import { AuthContext, type AuthState, type AuthUser } from '../hooks/auth-context';

/** Reads the better-auth session once for the whole tree. */
export function AuthSessionProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
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

  const value = useMemo<AuthState>(
    () => ({ user, isPending: isPending && !user, refetch: async () => void (await refetch()) }),
    [user, isPending, refetch],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
