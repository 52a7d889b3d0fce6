import { runAuthCall } from '../lib/auth-result';
import { authClient } from './auth-client';

/** POST /api/auth/sign-out: ends the session; the server marks the player offline. */
export function signOutSession() {
  return runAuthCall(() => authClient.signOut());
}
