import { runAuthCall } from '../lib/auth-result';
import { loadAuthClient } from './auth-client';

/** POST /api/auth/sign-in/email. Fails with code EMAIL_NOT_VERIFIED until the address is verified. */
export function signInWithPassword(email: string, password: string) {
  return runAuthCall(async () => (await loadAuthClient()).signIn.email({ email: email.trim(), password }));
}
