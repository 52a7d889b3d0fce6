import { createContext, useContext } from 'react';

/** The fields of the better-auth user the app reads (spec 01 section 3, "read by the guard"). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface AuthState {
  user: AuthUser | null;
  /** True until the first session answer (signed in or not) has arrived. */
  isPending: boolean;
  refetch: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthSessionProvider>.');
  return state;
}
