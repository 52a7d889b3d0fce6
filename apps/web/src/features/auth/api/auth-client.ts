import type { authClient } from './better-auth-client';

/**
 * better-auth's client, loaded with the first auth call (sign-in, sign-up, verification, sign-out,
 * password change) rather than with every page: the session itself is read by session.ts.
 */
export type AuthClient = typeof authClient;

let loading: Promise<AuthClient> | null = null;

export function loadAuthClient(): Promise<AuthClient> {
  if (!loading) {
    loading = import('./better-auth-client').then(
      (module) => module.authClient,
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  }
  return loading;
}
