/** The reset mail's link, `/auth/reset#email=...&code=...` (issue 43): the address and code it carries, when both are there. */
export function parseResetFragment(hash: string): { email: string; code: string } | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  return email && /^\d{6}$/.test(code) ? { email, code } : null;
}

/** What the reset page says (docs/decisions/accounts.md, "Forgotten password"). */
export const RESET_TEXTS = {
  sent: 'If an account uses this address, we sent it a 6-digit code and a link. Both are valid for 15 minutes.',
  done: 'Your password has been changed, and every device was signed out. Log in with your new password.',
  mismatch: 'The passwords do not match.',
} as const;
