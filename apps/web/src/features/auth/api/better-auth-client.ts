import { emailOTPClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { refetchSession } from './session';

/** better-auth at /api/auth on the same origin; the session lives in an HTTP-only cookie. */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  plugins: [emailOTPClient()],
});

// better-auth raises its session signal after every call that changes the session (sign-in,
// sign-out, e-mail verification, password change...): the session store reads it again.
authClient.$store.atoms.$sessionSignal?.listen(() => void refetchSession());
