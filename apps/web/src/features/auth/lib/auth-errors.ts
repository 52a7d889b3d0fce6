import type { AuthFailure } from './auth-result';

/** Texts of spec 01 sections 4 and 8. */
export const UNVERIFIED_LOGIN_MESSAGE = 'Please check your email to verify your account before logging in.';
export const FALLBACK_ERROR_MESSAGE = 'An error occurred';
export const FALLBACK_ERROR_DESCRIPTION = 'Please try again';
/** Spec 01 section 5: the form's fallback, for a sign-up that got no answer at all (network). */
export const SIGNUP_FAILED_MESSAGE = 'Signup failed';
/** Spec 01 section 5: the account context's fallback, for a refusal the server gave without a message. */
export const ACCOUNT_SIGNUP_FAILED_MESSAGE = 'Sign up failed';
export const VERIFICATION_FAILED_MESSAGE = 'Verification failed';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** `message` is null when the server gave none: the form then shows the section 8 fallbacks. */
export type LoginFailureAction = { kind: 'check-email'; notice: string } | { kind: 'error'; message: string | null };

function isUnverified(error: AuthFailure): boolean {
  if (error.code === 'EMAIL_NOT_VERIFIED') return true;
  return /email not (confirmed|verified)/i.test(error.message ?? '');
}

/** The message a failed auth call carries: the server's text, a 429's explanation, or null. */
export function reportedMessage(error: AuthFailure): string | null {
  if (error.message) return error.message;
  if (error.status === 429) return TOO_MANY_ATTEMPTS_MESSAGE;
  return null;
}

/** The message to show for a failed auth call: the server's text, else the given fallback. */
export function failureMessage(error: AuthFailure, fallback: string = FALLBACK_ERROR_MESSAGE): string {
  return reportedMessage(error) ?? fallback;
}

/**
 * Spec 01 section 8, "Other authentication errors": the message in red under the form (fallback
 * 'An error occurred') and in an 'Error' toast (fallback description 'Please try again').
 */
export function errorTexts(message: string | null): { inline: string; toast: string } {
  return { inline: message ?? FALLBACK_ERROR_MESSAGE, toast: message ?? FALLBACK_ERROR_DESCRIPTION };
}

/**
 * The account context's sign-up answer (spec 01 section 5): a refusal the server sent without a
 * message reads 'Sign up failed'. A request that got no answer keeps no message, so the form's own
 * fallback ('Signup failed') applies.
 */
export function withAccountSignUpFallback(error: AuthFailure): AuthFailure {
  if (reportedMessage(error) !== null || error.status === 0) return error;
  return { ...error, message: ACCOUNT_SIGNUP_FAILED_MESSAGE };
}

/** A login with an unverified address moves to check-email mode; anything else is an error. */
export function loginFailureAction(error: AuthFailure): LoginFailureAction {
  if (isUnverified(error)) return { kind: 'check-email', notice: UNVERIFIED_LOGIN_MESSAGE };
  return { kind: 'error', message: reportedMessage(error) };
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
