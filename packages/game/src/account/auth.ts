/** Spec 01 §9: minimum password length 6; our maximum 128. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/** Spec 01 §5/§8: the sign-up, sign-in and password texts (better-auth's codes answered with them). */
export const AUTH_TEXTS = {
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  emailNotVerified: 'Please check your email to verify your account before logging in.',
  invalidEmail: 'Please enter a valid email address',
  invalidOtp: 'That code is not right. Check the e-mail and try again.',
  otpExpired: 'That code has expired. Ask for a new e-mail.',
  tooManyWrongCodes: 'Too many wrong codes. Ask for a new e-mail.',
  invalidPassword: 'Current password is incorrect',
  invalidCredentials: 'Invalid email or password',
  duplicateEmail: 'This email is already registered. Please log in instead.',
  onlyVerificationCodes: 'Only e-mail verification codes can be requested.',
  mailNotSent: 'The e-mail could not be sent. Please try again in a moment.',
} as const;
