import { runAuthCall } from '../lib/auth-result';
import { authClient } from './auth-client';

/** Where the verification link in the sign-up mail lands after the server verified it. */
export const VERIFIED_CALLBACK_URL = '/auth?verified=1';

export function usernameFromEmail(email: string): string {
  return email.trim().split('@')[0] ?? '';
}

/** POST /api/auth/sign-up/email: creates the account and mails a link and a code; no session yet. */
export function signUpWithPassword(email: string, password: string) {
  const address = email.trim();
  return runAuthCall(() =>
    authClient.signUp.email({ email: address, password, name: usernameFromEmail(address), callbackURL: VERIFIED_CALLBACK_URL }),
  );
}
