import { withAccountSignUpFallback } from '../lib/auth-errors';
import { runAuthCall, type AuthResult } from '../lib/auth-result';
import { loadAuthClient } from './auth-client';

/** Where the verification link in the sign-up mail lands after the server verified it. */
export const VERIFIED_CALLBACK_URL = '/auth?verified=1';

export function usernameFromEmail(email: string): string {
  return email.trim().split('@')[0] ?? '';
}

/**
 * POST /api/auth/sign-up/email: creates the account and mails a link and a code; no session yet.
 * A refusal without a message reads 'Sign up failed' (spec 01 section 5, account context).
 */
export async function signUpWithPassword(email: string, password: string): Promise<AuthResult<unknown>> {
  const address = email.trim();
  const result = await runAuthCall(async () =>
    (await loadAuthClient()).signUp.email({ email: address, password, name: usernameFromEmail(address), callbackURL: VERIFIED_CALLBACK_URL }),
  );
  return result.ok ? result : { ok: false, error: withAccountSignUpFallback(result.error) };
}
