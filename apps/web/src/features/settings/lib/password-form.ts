import { AUTH_TEXTS, MIN_PASSWORD_LENGTH } from '@rpg/game';

/** Spec 01 section 5 and DECISIONS section 2: the settings screen's password change. */
export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORD_FORM: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const PASSWORD_ERROR_TITLE = 'Password Error';
export const PASSWORDS_REQUIRED_MESSAGE = 'Please fill in all three password fields.';
export const PASSWORD_MISMATCH_MESSAGE = "New passwords don't match. Please try again.";

/** The first problem of the form ('Password Error' toast text), or null when it may be sent. */
export function passwordFormProblem(form: PasswordForm): string | null {
  if (!form.currentPassword || !form.newPassword || !form.confirmPassword) return PASSWORDS_REQUIRED_MESSAGE;
  if (form.newPassword !== form.confirmPassword) return PASSWORD_MISMATCH_MESSAGE;
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) return AUTH_TEXTS.passwordTooShort;
  return null;
}
