import { runAuthCall } from '../lib/auth-result';
import { loadAuthClient } from './auth-client';

/** Sends a fresh verification mail (one mail holds both the link and the 6-digit code). */
export function resendVerificationEmail(email: string) {
  return runAuthCall(async () => (await loadAuthClient()).emailOtp.sendVerificationOtp({ email: email.trim(), type: 'email-verification' }));
}

/** Verifies the address with the 6-digit code from the mail. */
export function verifyEmailCode(email: string, otp: string) {
  return runAuthCall(async () => (await loadAuthClient()).emailOtp.verifyEmail({ email: email.trim(), otp }));
}
