import { runAuthCall } from '../lib/auth-result';
import { loadAuthClient } from './auth-client';

/**
 * POST /api/auth/email-otp/request-password-reset (issue 43): a code and a link to the address.
 * The answer is the same whether an account uses the address or not.
 */
export function requestPasswordReset(email: string) {
  return runAuthCall(async () => (await loadAuthClient()).emailOtp.requestPasswordReset({ email: email.trim() }));
}

/** POST /api/auth/email-otp/reset-password: the code from the mail and the new password; every session of the account ends. */
export function resetPassword(email: string, otp: string, password: string) {
  return runAuthCall(async () => (await loadAuthClient()).emailOtp.resetPassword({ email: email.trim(), otp, password }));
}
