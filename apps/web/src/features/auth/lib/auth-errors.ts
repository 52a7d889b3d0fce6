import type { AuthFailure } from './auth-result';

/** Texts of spec 01 sections 4 and 8. */
export const UNVERIFIED_LOGIN_MESSAGE = 'Please check your email to verify your account before logging in.';
export const FALLBACK_ERROR_MESSAGE = 'An error occurred';
export const FALLBACK_ERROR_DESCRIPTION = 'Please try again';
export const SIGNUP_FAILED_MESSAGE = 'Signup failed';
export const VERIFICATION_FAILED_MESSAGE = 'Verification failed';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

export type LoginFailureAction = { kind: 'check-email'; notice: string } | { kind: 'error'; message: string };

function isUnverified(error: AuthFailure): boolean {
  if (error.code === 'EMAIL_NOT_VERIFIED') return true;
  return /email not (confirmed|verified)/i.test(error.message ?? '');
}

/** The message to show for a failed auth call: the server's text, else the given fallback. */
export function failureMessage(error: AuthFailure, fallback: string = FALLBACK_ERROR_MESSAGE): string {
  if (error.message) return error.message;
  if (error.status === 429) return TOO_MANY_ATTEMPTS_MESSAGE;
  return fallback;
}

/** A login with an unverified address moves to check-email mode; anything else is an error. */
export function loginFailureAction(error: AuthFailure): LoginFailureAction {
  if (isUnverified(error)) return { kind: 'check-email', notice: UNVERIFIED_LOGIN_MESSAGE };
  return { kind: 'error', message: failureMessage(error) };
}

const LINK_ERROR_TEXTS: Record<string, string> = {
  token_expired: 'Your verification link has expired. Log in to ask for a new one.',
  invalid_token: 'Your verification link is not valid. Log in to ask for a new one.',
};

/** The text for `?error=CODE&error_description=...` after a failed e-mail link. */
export function linkErrorMessage(code: string | null, description: string | null): string {
  if (description && description.trim()) return description.trim();
  if (code) return LINK_ERROR_TEXTS[code.toLowerCase()] ?? code.replace(/_/g, ' ');
  return FALLBACK_ERROR_MESSAGE;
}
