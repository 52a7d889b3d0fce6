/** Client validation of the auth form (spec 01 sections 5 and 9). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_HINT = 'Password must be at least 6 characters';
export const OTP_LENGTH = 6;

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_TOO_LONG = 'Password must be at most 128 characters';
export const OTP_INVALID = 'Enter the 6-digit code from the email';

/** The rule browsers apply to <input type="email"> (WHATWG HTML "valid e-mail address"). */
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export interface Credentials {
  email: string;
  password: string;
}

export interface CredentialErrors {
  email?: string;
  password?: string;
}

export function validateEmail(email: string): string | undefined {
  const value = email.trim();
  if (!value) return EMAIL_REQUIRED;
  if (!EMAIL_PATTERN.test(value)) return EMAIL_INVALID;
  return undefined;
}

export function validatePassword(password: string): string | undefined {
  if (!password) return PASSWORD_REQUIRED;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_HINT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  return undefined;
}

export function validateCredentials({ email, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  const emailError = validateEmail(email);
  const passwordError = validatePassword(password);
  if (emailError) errors.email = emailError;
  if (passwordError) errors.password = passwordError;
  return errors;
}

export function hasErrors(errors: CredentialErrors): boolean {
  return Boolean(errors.email ?? errors.password);
}

/** Keeps only digits, at most six, as the player types or pastes a code. */
export function normaliseOtp(input: string): string {
  return input.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export function validateOtp(code: string): string | undefined {
  return /^\d{6}$/.test(code) ? undefined : OTP_INVALID;
}
